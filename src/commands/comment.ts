import { appendFile } from "node:fs/promises";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError } from "../errors.js";
import { DEFAULT_TIMEOUT_SECONDS, MAX_REPLY_BYTES } from "../live/settings.js";
import { readUserFile, readUserStdin } from "../desired/read-user-file.js";
import { escapeControls } from "../escape/text-escape.js";
import {
  resolveGitHubTarget,
  resolveGitLabTarget,
  upsertGitHubComment,
  upsertGitLabNote,
  type GitHubCommentFlags,
  type GitLabNoteFlags,
  type HostBounds,
} from "../forge/index.js";

export interface CommentOptions extends GitHubCommentFlags, GitLabNoteFlags {
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

/**
 * `transync comment --pr N`: posts the plan's markdown as ONE comment on the pull request, updating
 * it in place on later runs (found by the plan's marker line, one comment per environment, and
 * written by the token's own account), and appends it to $GITHUB_STEP_SUMMARY. With `--gitlab` (or
 * in a GitLab merge-request pipeline) the same as one note on the merge request. The hosts' clients
 * are in src/forge/.
 */
export async function comment(ctx: CliContext, options: CommentOptions): Promise<ExitCode> {
  const bounds: HostBounds = {
    timeoutMs: Math.round((options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
    maxReplyBytes: MAX_REPLY_BYTES,
    signal: ctx.signal,
  };
  const pr = pullRequestOf(ctx.env, options);
  if (pr === undefined) {
    const target = resolveGitLabTarget(ctx.env, options);
    const markdown = await readMarkdown(ctx, options.file);
    const result = await upsertGitLabNote(target, markdown, bounds);
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
  const target = resolveGitHubTarget(ctx.env, options);
  const markdown = await readMarkdown(ctx, options.file);
  await appendStepSummary(ctx, markdown);
  const result = await upsertGitHubComment(target, pr, markdown, bounds, ctx.logger.child({ component: "github" }));
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
