import type { Octokit } from "@octokit/rest";
import { UsageError } from "../errors.js";

/** The account Actions' GITHUB_TOKEN comments as. */
export const ACTIONS_BOT = "github-actions[bot]";

/** A GitHub login, or an app's bot account (`name[bot]`). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * `--comment-author` (else TRANSYNC_COMMENT_AUTHOR): the account whose comments are transync's when
 * the token cannot say who it is. Undefined when neither is given.
 */
export function commentAuthorOption(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [from, given] =
    flag !== undefined ? ["--comment-author", flag] : ["TRANSYNC_COMMENT_AUTHOR", env.TRANSYNC_COMMENT_AUTHOR || undefined];
  if (given === undefined) return undefined;
  if (!LOGIN.test(given))
    throw new UsageError(
      `${from} must be a GitHub login (letters, digits and "-", optionally ending in [bot]), got ${JSON.stringify(given)}.`,
    );
  return given;
}

/**
 * Whose marked comment transync may update: the token's own account (`GET /user`). A token that
 * cannot read it (Actions' GITHUB_TOKEN and other app installation tokens answer 403) comments as
 * its app's bot: `fallback` when given, else github-actions[bot]. A comment that carries the marker
 * but was written by anyone else is never adopted: a pull request's author could have planted it.
 */
export async function tokenLogin(octokit: Octokit, fallback: string | undefined): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    if ((error as { status?: unknown }).status === 403) return fallback ?? ACTIONS_BOT;
    throw error;
  }
}

/** GitHub logins are case-insensitive. */
export function sameLogin(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}
