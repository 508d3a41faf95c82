/**
 * The environment names `--env <TAB>` offers: the keys of `environments:` in transync.yaml, a file
 * a pull request writes. Only names the schema allows leave here, so a key with `$(...)`, a
 * backtick, a quote or a newline never reaches a shell (whose scripts filter again: bash.ts).
 */
export const ENVIRONMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The ENVIRONMENT_NAME pattern as the shell scripts test it (POSIX ERE: the same set). */
export const ENVIRONMENT_NAME_ERE = "^[A-Za-z0-9][A-Za-z0-9_.-]*$";

/** The allowed environment names of a parsed transync.yaml, in file order; none when it has no map of them. */
export function environmentNames(project: unknown): string[] {
  if (typeof project !== "object" || project === null || Array.isArray(project)) return [];
  const environments = (project as Record<string, unknown>).environments;
  if (typeof environments !== "object" || environments === null || Array.isArray(environments)) return [];
  return Object.keys(environments).filter((name) => ENVIRONMENT_NAME.test(name));
}
