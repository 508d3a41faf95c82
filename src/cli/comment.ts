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
    .description("post the plan's markdown as one pull-request comment, updated in place on later runs if the token's own account wrote it (token from GITHUB_TOKEN)")
    .requiredOption("--pr <number>", "pull request number", positiveInt("--pr"))
    .addOption(defaultShown(new Option("--repo-slug <owner/name>", "repository"), "GITHUB_REPOSITORY"))
    .addOption(defaultShown(new Option("--file <file>", "markdown to post (`-`: standard input)"), "standard input"))
    .addOption(defaultShown(new Option("--api-url <url>", "GitHub REST API URL"), "GITHUB_API_URL, else https://api.github.com"))
    .addOption(
      defaultShown(
        new Option("--comment-author <login>", "account whose marked comment is transync's when the token cannot read its own (GET /user); others' are never updated"),
        "TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]",
      ),
    )
    .addOption(
      defaultShown(new Option("--timeout <seconds>", "time one request to GitHub may take, the whole reply included").argParser(positiveSeconds("--timeout")), String(DEFAULT_TIMEOUT_SECONDS)),
    )
    .action(async (options: CommentOptions) => {
      const { comment } = await import("../commands/comment.js");
      sink.exitCode = await comment(ctx, options);
    });
}
