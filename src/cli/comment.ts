import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { positiveInt, positiveSeconds } from "./options.js";
import { DEFAULT_TIMEOUT_SECONDS } from "../live/settings.js";
import {
  CI_API_V4_URL,
  CI_MERGE_REQUEST_IID,
  CI_MERGE_REQUEST_PROJECT_ID,
  CI_MERGE_REQUEST_PROJECT_URL,
  CI_PROJECT_ID,
  CI_PROJECT_URL,
  GITHUB_API_URL,
  GITHUB_REPOSITORY,
  GITHUB_STEP_SUMMARY,
  GITHUB_TOKEN,
  GITLAB_TOKEN,
  TRANSYNC_COMMENT_AUTHOR,
} from "./environment.js";

/** Flags of `transync comment`; the work is in `src/commands/comment.ts`. */
export const COMMENT = defineCommand({
  name: "comment",
  description:
    "post the plan's markdown as one pull-request comment (or GitLab merge-request note), updated in place on later runs if the token's own account wrote it (token from GITHUB_TOKEN, or GITLAB_TOKEN)",
  ends: "by itself",
  flags: {
    pr: flag("--pr <number>", "GitHub pull request number")
      .parse(positiveInt("--pr"))
      .defaultShown("none: required unless the target is a GitLab merge request"),
    gitlab: flag(
      "--gitlab",
      "post a note on a GitLab merge request instead (chosen by itself in a merge-request pipeline when --pr is not given)",
    ),
    mr: flag("--mr <iid>", "GitLab merge request IID")
      .parse(positiveInt("--mr"))
      .defaultShown("CI_MERGE_REQUEST_IID")
      .env(CI_MERGE_REQUEST_IID),
    project: flag("--project <id>", "GitLab project id or path (group/name)")
      .defaultShown("CI_MERGE_REQUEST_PROJECT_ID, else CI_PROJECT_ID")
      .env(CI_MERGE_REQUEST_PROJECT_ID, CI_PROJECT_ID),
    repoSlug: flag("--repo-slug <owner/name>", "repository").defaultShown("GITHUB_REPOSITORY").env(GITHUB_REPOSITORY),
    file: flag("--file <file>", "markdown to post (`-`: standard input)").defaultShown("standard input"),
    apiUrl: flag("--api-url <url>", "GitHub (or GitLab) REST API URL")
      .defaultShown("GITHUB_API_URL, else https://api.github.com; GitLab: CI_API_V4_URL, else https://gitlab.com/api/v4")
      .env(GITHUB_API_URL, CI_API_V4_URL),
    commentAuthor: flag(
      "--comment-author <login>",
      "account whose marked comment is transync's when the token cannot read its own (GET /user); others' are never updated",
    )
      .defaultShown("TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]")
      .env(TRANSYNC_COMMENT_AUTHOR),
    timeout: flag("--timeout <seconds>", "time one request to GitHub (GitLab) may take, the whole reply included")
      .parse(positiveSeconds("--timeout"))
      .defaultShown(String(DEFAULT_TIMEOUT_SECONDS)),
  },
  environment: [GITHUB_TOKEN, GITHUB_STEP_SUMMARY, GITLAB_TOKEN, CI_MERGE_REQUEST_PROJECT_URL, CI_PROJECT_URL],
  load: () => import("../commands/comment.js").then((m) => m.comment),
});
