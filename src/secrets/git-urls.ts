/**
 * Credentials in git URLs (`https://user:token@host/...`) must never reach output or logs: every
 * message that names a repository goes through `redactUrl`, and every git error through
 * `redactSecrets`, because git echoes the URL it was given.
 */

const URL_USERINFO = /([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi;

/** The URL without `user:password@` (kept: scheme, host, path). Non-URLs are returned unchanged. */
export function redactUrl(url: string): string {
  return url.replace(URL_USERINFO, "$1");
}

/** Any text with every `scheme://user:password@` in it redacted. */
export function redactSecrets(text: string): string {
  return text.replace(URL_USERINFO, "$1***@");
}

/** True for `scheme://...` and scp-like `user@host:path` locations; false for local paths. */
export function isRemoteUrl(repo: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(repo)) return true;
  // scp-like syntax: git@github.com:owner/repo.git (a Windows drive letter is not a host)
  return /^[\w.-]+@[\w.-]+:/.test(repo);
}
