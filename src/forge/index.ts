/**
 * Room src/forge/: the pull-request hosts, GitHub and GitLab: their REST clients, bounded as the
 * Segment client is (host-http.ts: one timeout per request, capped replies, redirects only within
 * the API's origin, the list budget), the plan posted as one comment or note per environment
 * (github-comment.ts, gitlab-note.ts, comment-body.ts) and the adoption of the one transync wrote
 * before: found by its marker, and written by the token's own account (comment-author.ts).
 * May import: src/live/ (the capped read of a reply, the list budget), src/report/ (the plan
 * comment's marker), the ground floor; never src/pipeline/ or src/commands/, which call it.
 */
export { buildCommentBody, GITHUB_LIMIT, GITLAB_LIMIT, type BodyLimit } from "./comment-body.js";
export { resolveGitHubTarget, upsertGitHubComment, type GitHubCommentFlags, type GitHubTarget } from "./github-comment.js";
export { resolveGitLabTarget, upsertGitLabNote, type GitLabNoteFlags, type GitLabTarget } from "./gitlab-note.js";
export type { HostBounds } from "./host-http.js";
export type { Upserted } from "./upserted.js";
