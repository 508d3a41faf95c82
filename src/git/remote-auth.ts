/**
 * Credentials in an http(s) `--repo` URL (`https://x-access-token:TOKEN@github.com/...`) are handed to
 * git for each command that talks to the remote, never written: `git clone URL` (or `remote add`)
 * would keep the token in the clone's `.git/config`, and a credential helper (`store`) could copy
 * it to `~/.git-credentials`. Instead the clone's config holds the URL without them, and each fetch
 * or push gets an `Authorization` header for that origin through git's GIT_CONFIG_COUNT/KEY/VALUE
 * variables (https://git-scm.com/docs/git-config#ENVIRONMENT), which live only in that process's
 * environment. The header is sent up front, so git never asks a credential helper or a terminal.
 *
 * Redirects are not followed (`http.followRedirects false` for that origin): git loads the header
 * for the URL it was given and, once a redirect moved it elsewhere, sends it with every later
 * request to the new place (curl drops an `Authorization` only on the redirected request itself).
 * A repository behind a redirect is named by the URL it redirects to.
 */
export interface RemoteAuth {
  /** The URL git is given and the clone's config keeps: without credentials. */
  url: string;
  /** Variables to add to the environment of each git command that reaches the remote; empty without credentials. */
  env: Record<string, string>;
}

/** `scheme://userinfo@rest`; the userinfo runs to the last `@` before the path. */
const HTTP_WITH_USERINFO = /^(https?:\/\/)([^/?#]*)@(.*)$/i;

export function remoteAuth(url: string, base: NodeJS.ProcessEnv): RemoteAuth {
  const match = HTTP_WITH_USERINFO.exec(url);
  if (!match) return { url, env: {} };
  const [, scheme = "", userinfo = "", rest = ""] = match;
  const clean = `${scheme}${rest}`;
  const colon = userinfo.indexOf(":");
  const user = decode(colon === -1 ? userinfo : userinfo.slice(0, colon));
  const password = colon === -1 ? "" : decode(userinfo.slice(colon + 1));
  // Scoped to the origin (scheme, host, port): git sends it to no other server, a redirect's included.
  const origin = `${scheme}${rest.split(/[/?#]/, 1)[0]}/`;
  const index = configCount(base);
  return {
    url: clean,
    env: {
      GIT_CONFIG_COUNT: String(index + 2),
      [`GIT_CONFIG_KEY_${index}`]: `http.${origin}.extraHeader`,
      [`GIT_CONFIG_VALUE_${index}`]: `Authorization: Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
      [`GIT_CONFIG_KEY_${index + 1}`]: `http.${origin}.followRedirects`,
      [`GIT_CONFIG_VALUE_${index + 1}`]: "false",
      // Wrong credentials fail the command instead of waiting at a prompt.
      GIT_TERMINAL_PROMPT: "0",
    },
  };
}

/** Entries the environment already passes to git this way: ours go after them. */
function configCount(env: NodeJS.ProcessEnv): number {
  const n = Number(env.GIT_CONFIG_COUNT);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
