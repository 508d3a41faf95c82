import { Octokit } from "@octokit/rest";
import type { Logger } from "../log.js";
import { ApiError, NetworkError, TransyncError, UsageError } from "../errors.js";
import { boundedFetch, codeHostApiUrl, commentPages, type CommentsOf, type HostBounds } from "./host-http.js";
import { transyncVersion } from "../version.js";
import { commentMarkerEnv } from "../report/index.js";
import { commentAuthorOption, sameLogin, tokenLogin } from "./comment-author.js";
import { buildCommentBody, GITHUB_LIMIT } from "./comment-body.js";
import type { Upserted } from "./upserted.js";

/** Where the comment goes: `{apiUrl}/repos/{owner}/{repo}/issues/{pr}/comments`, and as whom it is adopted. */
export interface GitHubTarget {
  owner: string;
  repo: string;
  apiUrl: string;
  token: string;
  /** --comment-author / TRANSYNC_COMMENT_AUTHOR. */
  commentAuthor?: string;
}

/** The flags of `transync comment` that choose a GitHub target (the rest come from the workflow's variables). */
export interface GitHubCommentFlags {
  /** owner/name; default GITHUB_REPOSITORY. */
  repoSlug?: string;
  /** GitHub REST API base; default GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  /** The account transync's comments are by when the token cannot read its own (`GET /user`). */
  commentAuthor?: string;
}

/** The target from the flags, else the variables of a GitHub Actions workflow. */
export function resolveGitHubTarget(env: NodeJS.ProcessEnv, options: GitHubCommentFlags): GitHubTarget {
  const token = env.GITHUB_TOKEN;
  if (!token) {
    throw new UsageError(
      "GITHUB_TOKEN is not set; in a workflow add `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}` with `permissions: pull-requests: write`.",
    );
  }
  // An empty variable (a workflow `env:` entry whose value is unset) counts as unset.
  const slug = options.repoSlug ?? (env.GITHUB_REPOSITORY || undefined);
  if (!slug) throw new UsageError("no repository: pass --repo-slug owner/name (GITHUB_REPOSITORY is not set).");
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(slug);
  if (!match) throw new UsageError(`--repo-slug must look like owner/name, got "${slug}".`);
  const apiUrl = codeHostApiUrl(options.apiUrl, "GITHUB_API_URL", env.GITHUB_API_URL, "https://api.github.com");
  const commentAuthor = commentAuthorOption(options.commentAuthor, env);
  return { owner: match[1]!, repo: match[2]!, apiUrl, token, ...(commentAuthor !== undefined ? { commentAuthor } : {}) };
}

function createOctokit(target: GitHubTarget, logger: Logger, bounds: HostBounds): Octokit {
  return new Octokit({
    auth: target.token,
    baseUrl: target.apiUrl,
    userAgent: `transync/${transyncVersion()}`,
    request: { fetch: boundedFetch(bounds) },
    // Octokit logs each request at info; that is debug detail for us (and never carries headers).
    log: {
      debug: (message: string) => logger.debug(message),
      info: (message: string) => logger.debug(message),
      warn: (message: string) => logger.warn(message),
      error: (message: string) => logger.error(message),
    },
  });
}

/**
 * Posts the markdown as ONE comment on the pull request, updating in place the one found by the
 * marker of its environment and written by the token's own account (comment-author.ts); a comment
 * with the marker by anyone else is counted and left alone.
 */
export async function upsertGitHubComment(
  target: GitHubTarget,
  pr: number,
  markdown: string,
  bounds: HostBounds,
  logger: Logger,
): Promise<Upserted> {
  const octokit = createOctokit(target, logger, bounds);
  return upsertComment(octokit, target, pr, buildCommentBody(markdown, GITHUB_LIMIT), bounds);
}

async function upsertComment(octokit: Octokit, target: GitHubTarget, pr: number, body: string, bounds: HostBounds): Promise<Upserted> {
  const { owner, repo } = target;
  const env = commentMarkerEnv(body);
  let login: Promise<string> | undefined;
  const ownLogin = (): Promise<string> =>
    (login ??= githubCall(target, "reading the token's own account (GET /user)", () => tokenLogin(octokit, target.commentAuthor)));
  const found = await githubCall(target, `listing the comments of #${pr}`, () =>
    findMarkedComment(octokit, { owner, repo, pr, env, bounds }, ownLogin),
  );
  if (found.id !== undefined) {
    const existing = found.id;
    const reply = await githubCall(target, `updating comment ${existing}`, () =>
      octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body }),
    );
    return { action: "updated", url: reply.data.html_url, othersMarked: found.othersMarked };
  }
  const reply = await githubCall(target, `commenting on #${pr}`, () =>
    octokit.rest.issues.createComment({ owner, repo, issue_number: pr, body }),
  );
  return { action: "created", url: reply.data.html_url, othersMarked: found.othersMarked };
}

/**
 * Pages through the pull request's comments until one starts with the marker of `env` and was
 * written by the token's own account (asked only once a marked comment turns up). Marked comments
 * by anyone else are counted and left alone.
 */
async function findMarkedComment(
  octokit: Octokit,
  where: CommentsOf,
  ownLogin: () => Promise<string>,
): Promise<{ id?: number; othersMarked: number }> {
  let othersMarked = 0;
  for await (const comments of commentPages(octokit, where)) {
    for (const c of comments) {
      if (commentMarkerEnv((c.body ?? "").trimStart()) !== where.env) continue;
      if (sameLogin(c.user?.login, await ownLogin())) return { id: c.id, othersMarked };
      othersMarked += 1;
    }
  }
  return { othersMarked };
}

/** Translates Octokit failures into our errors, with what to do next; request headers are never included. */
async function githubCall<T>(target: GitHubTarget, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TransyncError) throw error;
    // Octokit wraps what its fetch throws (boundedFetch's refusal of a redirect) in a RequestError.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof TransyncError) throw cause;
    const status = (error as { status?: unknown }).status;
    const response = (error as { response?: unknown }).response;
    const message = scrub(error instanceof Error ? error.message : String(error), target.token);
    if (typeof status !== "number" || response === undefined) {
      throw new NetworkError(
        `cannot reach GitHub at ${target.apiUrl} while ${what}: ${message}. Check --api-url / GITHUB_API_URL and the network.`,
      );
    }
    throw new ApiError(`GitHub replied ${status} while ${what} on ${target.owner}/${target.repo}: ${message}. ${hintFor(status)}`, status);
  }
}

function hintFor(status: number): string {
  if (status === 401) return "Check GITHUB_TOKEN.";
  if (status === 403)
    return "The token needs `pull-requests: write` (workflow `permissions:`); pull requests from forks only get a read-only token.";
  if (status === 404) return "Check --pr and --repo-slug (owner/name), and that the token can see the repository.";
  if (status === 422) return "GitHub refused the comment body.";
  return "Try again; if it persists, check https://www.githubstatus.com.";
}

function scrub(text: string, token: string): string {
  return token ? text.split(token).join("[redacted]") : text;
}
