import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { positiveInt, positiveSeconds } from "./options.js";
import { DEFAULT_TIMEOUT_SECONDS } from "../live/settings.js";
import { GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_STEP_SUMMARY, GITHUB_TOKEN, TRANSYNC_COMMENT_AUTHOR } from "./environment.js";

/** Flags of `transync comment`; the work is in `src/commands/comment.ts`. */
export const COMMENT = defineCommand({
  name: "comment",
  description: "post the plan's markdown as one pull-request comment, updated in place on later runs if the token's own account wrote it (token from GITHUB_TOKEN)",
  ends: "by itself",
  flags: {
    pr: flag("--pr <number>", "pull request number").parse(positiveInt("--pr")).required(),
    repoSlug: flag("--repo-slug <owner/name>", "repository").defaultShown("GITHUB_REPOSITORY").env(GITHUB_REPOSITORY),
    file: flag("--file <file>", "markdown to post (`-`: standard input)").defaultShown("standard input"),
    apiUrl: flag("--api-url <url>", "GitHub REST API URL").defaultShown("GITHUB_API_URL, else https://api.github.com").env(GITHUB_API_URL),
    commentAuthor: flag("--comment-author <login>", "account whose marked comment is transync's when the token cannot read its own (GET /user); others' are never updated")
      .defaultShown("TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]")
      .env(TRANSYNC_COMMENT_AUTHOR),
    timeout: flag("--timeout <seconds>", "time one request to GitHub may take, the whole reply included").parse(positiveSeconds("--timeout")).defaultShown(String(DEFAULT_TIMEOUT_SECONDS)),
  },
  environment: [GITHUB_TOKEN, GITHUB_STEP_SUMMARY],
  load: () => import("../commands/comment.js").then((m) => m.comment),
});
