import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { CommentOptions } from "../commands/comment.js";
import { positiveInt, positiveSeconds } from "./options.js";
import { DEFAULT_TIMEOUT_SECONDS } from "../live/settings.js";

/** Flags of `transync comment`; the work is in `src/commands/comment.ts`. */
export function defineComment(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  program
    .command("comment")
    .description("post the plan's markdown as one pull-request comment (or GitLab merge-request note), updated in place on later runs if the token's own account wrote it (token from GITHUB_TOKEN, or GITLAB_TOKEN)")
    .addOption(defaultShown(new Option("--pr <number>", "GitHub pull request number").argParser(positiveInt("--pr")), "none: required unless the target is a GitLab merge request"))
    .option("--gitlab", "post a note on a GitLab merge request instead (chosen by itself in a merge-request pipeline when --pr is not given)")
    .addOption(defaultShown(new Option("--mr <iid>", "GitLab merge request IID").argParser(positiveInt("--mr")), "CI_MERGE_REQUEST_IID"))
    .addOption(defaultShown(new Option("--project <id>", "GitLab project id or path (group/name)"), "CI_MERGE_REQUEST_PROJECT_ID, else CI_PROJECT_ID"))
    .addOption(defaultShown(new Option("--repo-slug <owner/name>", "repository"), "GITHUB_REPOSITORY"))
    .addOption(defaultShown(new Option("--file <file>", "markdown to post (`-`: standard input)"), "standard input"))
    .addOption(defaultShown(new Option("--api-url <url>", "GitHub (or GitLab) REST API URL"), "GITHUB_API_URL, else https://api.github.com; GitLab: CI_API_V4_URL, else https://gitlab.com/api/v4"))
    .addOption(
      defaultShown(
        new Option("--comment-author <login>", "account whose marked comment is transync's when the token cannot read its own (GET /user); others' are never updated"),
        "TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]",
      ),
    )
    .addOption(
      defaultShown(new Option("--timeout <seconds>", "time one request to GitHub (GitLab) may take, the whole reply included").argParser(positiveSeconds("--timeout")), String(DEFAULT_TIMEOUT_SECONDS)),
    )
    .action(async (options: CommentOptions) => {
      const { comment } = await import("../commands/comment.js");
      sink.exitCode = await comment(ctx, options);
    });
}
