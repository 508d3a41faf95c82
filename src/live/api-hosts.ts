import { UsageError } from "../errors.js";
import { shorten } from "../secrets/redact-cuts.js";

/** Segment's own API hosts: an API URL from transync.yaml may name these (over https, default port). */
export const SEGMENT_API_HOSTS: readonly string[] = ["api.segmentapis.com", "eu1.api.segmentapis.com"];
export const ALLOW_HOSTS_ENV = "TRANSYNC_ALLOW_API_HOSTS";
export const ALLOW_HOST_FLAG = "--allow-api-host";

/** One allowed host: any port when `port` is undefined. */
interface AllowedHost {
  hostname: string;
  port: string | undefined;
}

/** `HOST` or `HOST:PORT` (IPv6 in brackets, or bare); throws a UsageError naming where it came from. */
function parseAllowedHost(raw: string, origin: string): AllowedHost {
  const text = raw.trim();
  const bareIpv6 = !text.startsWith("[") && text.indexOf(":") !== text.lastIndexOf(":");
  const bracketed = bareIpv6 ? `[${text}]` : text;
  let url: URL | undefined;
  try {
    url = new URL(`http://${bracketed}`);
  } catch {
    url = undefined;
  }
  if (text === "" || url === undefined || url.pathname !== "/" || url.username !== "" || url.search !== "" || url.hash !== "") {
    throw new UsageError(`${origin}: "${shorten(raw, 100)}" is not a host; give HOST or HOST:PORT, e.g. 127.0.0.1:4010.`);
  }
  // `new URL` drops port 80 for http:; keep what was written so HOST:80 means port 80.
  const written = bareIpv6 ? undefined : /:(\d+)$/.exec(text)?.[1];
  return { hostname: url.hostname, port: written ?? (url.port === "" ? undefined : url.port) };
}

/** Hosts allowed from outside the repository: the flag (repeatable) and the environment variable (comma-separated). */
export function allowedHosts(flag: readonly string[] | undefined, env: NodeJS.ProcessEnv): AllowedHost[] {
  const fromFlag = (flag ?? []).map((h) => parseAllowedHost(h, ALLOW_HOST_FLAG));
  const fromEnv = (env[ALLOW_HOSTS_ENV] ?? "")
    .split(",")
    .filter((h) => h.trim() !== "")
    .map((h) => parseAllowedHost(h, ALLOW_HOSTS_ENV));
  return [...fromFlag, ...fromEnv];
}

function effectivePort(url: URL): string {
  return url.port !== "" ? url.port : url.protocol === "https:" ? "443" : "80";
}

/** True when the URL is one of Segment's hosts over https on the default port. */
function isSegmentUrl(url: URL): boolean {
  return url.protocol === "https:" && url.port === "" && SEGMENT_API_HOSTS.includes(url.hostname);
}

/**
 * Checks an API URL read from transync.yaml before any request is made with the token.
 *
 * WARNING: transync.yaml is in the repository, so a pull request can edit it. If it could choose
 * where requests go, CI would send the production token to a server of the PR author's choosing.
 * Only Segment's hosts are trusted by default; anything else (loopback included) must be allowed
 * from outside the repository.
 */
export function checkProjectApiHost(baseUrl: string, allowed: readonly AllowedHost[]): void {
  const url = new URL(baseUrl);
  if (isSegmentUrl(url)) return;
  const port = effectivePort(url);
  if (allowed.some((a) => a.hostname === url.hostname && (a.port === undefined || a.port === port))) return;
  const host = url.port === "" ? url.hostname : `${url.hostname}:${url.port}`;
  const https = SEGMENT_API_HOSTS.includes(url.hostname) ? " (Segment's hosts are trusted over https on the default port only)" : "";
  throw new UsageError(
    `apiUrl in transync.yaml is ${baseUrl}, which is not one of Segment's API hosts (${SEGMENT_API_HOSTS.join(", ")})${https}. ` +
      "transync.yaml can be changed by a pull request, so the token is not sent there. " +
      `If this host is yours, allow it from outside the repository: ${ALLOW_HOST_FLAG} ${host} or ${ALLOW_HOSTS_ENV}=${host} ` +
      "(or give the URL itself with --api-url or SEGMENT_API_URL).",
  );
}
