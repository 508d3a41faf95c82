import { appendFile } from "node:fs/promises";
import { Octokit } from "@octokit/rest";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { Logger } from "../log.js";
import { ApiError, NetworkError, TransyncError, UsageError } from "../errors.js";
import { DEFAULT_TIMEOUT_SECONDS, MAX_REPLY_BYTES } from "../live/settings.js";
import { boundedFetch, codeHostApiUrl, commentPages, type CommentsOf, type GitHubBounds } from "./github-http.js";
import { transyncVersion } from "../version.js";
import { commentMarkerEnv, planCommentMarker } from "../report/index.js";
import { readUserFile, readUserStdin } from "../desired/read-user-file.js";
import { commentAuthorOption, sameLogin, tokenLogin } from "./comment-author.js";
import { escapeControls } from "../escape/text-escape.js";
import { resolveGitLabTarget, upsertGitLabNote } from "./gitlab-note.js";

/** How long a comment may be, and where the whole plan is when it is cut. */
interface BodyLimit {
  maxChars: number;
  truncated: string;
}
/** GitHub refuses comment bodies over 65,536 characters; keep room for the marker and the note. */
const GITHUB_LIMIT: BodyLimit = {
  maxChars: 65_000,
  truncated: "the plan is longer than a GitHub comment allows; the job summary has all of it",
};
/** GitLab refuses notes over 1,000,000 characters. */
const GITLAB_LIMIT: BodyLimit = {
  maxChars: 999_000,
  truncated: "the plan is longer than a GitLab note allows; the job's plan.md artifact has all of it",
};

export interface CommentOptions {
  /** GitHub pull request; required unless the target is a GitLab merge request. */
  pr?: number;
  /** Post a note on a GitLab merge request (also chosen when a merge-request pipeline's variables are set and --pr is not given). */
  gitlab?: boolean;
  /** GitLab merge request IID; default CI_MERGE_REQUEST_IID. */
  mr?: number;
  /** GitLab project id or path; default CI_MERGE_REQUEST_PROJECT_ID, else CI_PROJECT_ID. */
  project?: string;
  /** owner/name; default GITHUB_REPOSITORY. */
  repoSlug?: string;
  /** Markdown file (`-`: standard input); default standard input. */
  file?: string;
  /** GitHub REST API base; default GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  /** Seconds one request may take, the whole reply included (default: the API client's). */
  timeout?: number;
  /** The account transync's comments are by when the token cannot read its own (`GET /user`); default TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]. */
  commentAuthor?: string;
}

interface GitHubTarget {
  owner: string;
  repo: string;
  apiUrl: string;
  token: string;
  /** --comment-author / TRANSYNC_COMMENT_AUTHOR. */
  commentAuthor?: string;
}

/**
 * `transync comment --pr N`: posts the plan's markdown as ONE comment on the pull request, updating
 * it in place on later runs (found by the plan's marker line, one comment per environment, and
 * written by the token's own account), and appends it to $GITHUB_STEP_SUMMARY. With `--gitlab` (or
 * in a GitLab merge-request pipeline) the same as one note on the merge request (gitlab-note.ts).
 */
export async function comment(ctx: CliContext, options: CommentOptions): Promise<ExitCode> {
  const bounds = {
    timeoutMs: Math.round((options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
    maxReplyBytes: MAX_REPLY_BYTES,
    signal: ctx.signal,
  };
  const pr = pullRequestOf(ctx.env, options);
  if (pr === undefined) {
    const target = resolveGitLabTarget(ctx.env, options);
    const markdown = await readMarkdown(ctx, options.file);
    const result = await upsertGitLabNote(target, buildCommentBody(markdown, GITLAB_LIMIT), bounds);
    const others =
      result.othersMarked > 0
        ? ` (${result.othersMarked} note${result.othersMarked === 1 ? "" : "s"} with its marker by another user left alone)`
        : "";
    // The project and the URL come from the environment (src/escape/text-escape.ts).
    ctx.stdout.write(
      `${escapeControls(`${result.action} the transync note on merge request !${target.iid} of project ${target.project}: ${result.url}${others}`)}\n`,
    );
    return 0;
  }
  const target = resolveTarget(ctx.env, options);
  const markdown = await readMarkdown(ctx, options.file);
  await appendStepSummary(ctx, markdown);
  const octokit = createOctokit(target, ctx.logger.child({ component: "github" }), bounds);
  const result = await upsertComment(octokit, target, pr, buildCommentBody(markdown), bounds);
  const others =
    result.othersMarked > 0
      ? ` (${result.othersMarked} comment${result.othersMarked === 1 ? "" : "s"} with its marker by another account left alone)`
      : "";
  // The repository and the URL come from the environment and the API (src/escape/text-escape.ts).
  ctx.stdout.write(
    `${escapeControls(`${result.action} the transync comment on ${target.owner}/${target.repo}#${pr}: ${result.url}${others}`)}\n`,
  );
  return 0;
}

/**
 * The GitHub pull request to comment on, or undefined for a GitLab merge request: `--gitlab`,
 * `--mr`, or a merge-request pipeline's variables without `--pr`.
 */
function pullRequestOf(env: NodeJS.ProcessEnv, options: CommentOptions): number | undefined {
  const gitlabPipeline = Boolean(env.CI_MERGE_REQUEST_IID && env.CI_PROJECT_ID && env.CI_API_V4_URL);
  if (options.gitlab || options.mr !== undefined || (options.pr === undefined && gitlabPipeline)) {
    const github =
      options.pr !== undefined
        ? "--pr"
        : options.repoSlug !== undefined
          ? "--repo-slug"
          : options.commentAuthor !== undefined
            ? "--comment-author"
            : undefined;
    if (github)
      throw new UsageError(
        `${github} is for a GitHub pull request; for a GitLab merge request pass --mr IID and --project (or run in a merge-request pipeline).`,
      );
    return undefined;
  }
  if (options.pr === undefined)
    throw new UsageError(
      "no pull request: pass --pr N (GitHub) or --gitlab (a GitLab merge-request pipeline is detected from CI_MERGE_REQUEST_IID, CI_PROJECT_ID and CI_API_V4_URL).",
    );
  return options.pr;
}

function resolveTarget(env: NodeJS.ProcessEnv, options: CommentOptions): GitHubTarget {
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

async function readMarkdown(ctx: CliContext, file: string | undefined): Promise<string> {
  let text: string;
  if (file !== undefined && file !== "-") {
    text = await readUserFile(ctx.cwd, file, "--file");
  } else {
    if (!ctx.stdin || ctx.stdin.isTTY) throw new UsageError("no markdown: pass --file plan.md or pipe it on standard input.");
    text = await readUserStdin(ctx.stdin, "the markdown", undefined, ctx.signal);
  }
  if (text.trim() === "")
    throw new UsageError(`the markdown ${file && file !== "-" ? `in ${file} ` : "on standard input "}is empty; did the plan step fail?`);
  // What is posted leaves this machine: no registered secret (API token, hash keys) goes with it.
  return ctx.secrets.redact(text);
}

async function appendStepSummary(ctx: CliContext, markdown: string): Promise<void> {
  const summary = ctx.env.GITHUB_STEP_SUMMARY;
  if (!summary) return;
  try {
    await appendFile(summary, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  } catch (error) {
    // The comment matters more than the summary: say so and go on.
    ctx.logger.warn({ file: summary, err: (error as Error).message }, "could not append to GITHUB_STEP_SUMMARY");
  }
}

/**
 * The comment body: the markdown with its marker as the first line (so a quote of it in another
 * comment does not match). A plan's markdown starts with the marker of its environment and is posted
 * as is; other markdown gets the marker of the default environment.
 */
export function buildCommentBody(markdown: string, limit: BodyLimit = GITHUB_LIMIT): string {
  const trimmed = markdown.trimEnd();
  const marked = commentMarkerEnv(trimmed) !== undefined ? trimmed : `${planCommentMarker(undefined)}\n${trimmed}`;
  return marked.length > limit.maxChars ? `${marked.slice(0, limit.maxChars)}\n\n… (truncated: ${limit.truncated})\n` : `${marked}\n`;
}

function createOctokit(target: GitHubTarget, logger: Logger, bounds: GitHubBounds): Octokit {
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

async function upsertComment(
  octokit: Octokit,
  target: GitHubTarget,
  pr: number,
  body: string,
  bounds: GitHubBounds,
): Promise<{ action: "created" | "updated"; url: string; othersMarked: number }> {
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
