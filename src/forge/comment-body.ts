import { commentMarkerEnv, planCommentMarker } from "../report/index.js";

/** How long a comment may be, and where the whole plan is when it is cut. */
export interface BodyLimit {
  maxChars: number;
  truncated: string;
}

/** GitHub refuses comment bodies over 65,536 characters; keep room for the marker and the note. */
export const GITHUB_LIMIT: BodyLimit = {
  maxChars: 65_000,
  truncated: "the plan is longer than a GitHub comment allows; the job summary has all of it",
};

/** GitLab refuses notes over 1,000,000 characters. */
export const GITLAB_LIMIT: BodyLimit = {
  maxChars: 999_000,
  truncated: "the plan is longer than a GitLab note allows; the job's plan.md artifact has all of it",
};

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
