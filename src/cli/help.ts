import { Help, type Command, type Option } from "commander";

/**
 * What `--help` says besides the flags, generated from two tables so a new command or variable
 * cannot be left out: the environment variables transync reads (test/cli/help.test.ts holds this
 * table to the variables the source reads) and the exit codes. Every flag that takes a value shows
 * its default; a default decided at run time (flag, else environment, else transync.yaml) is
 * declared with `defaultShown()` and printed the same way.
 */

/** Commands that call the Segment API (they take the API flags). */
const API_COMMANDS = ["plan", "apply", "import", "reconcile"];
/** Commands that can read the desired state from a git URL (cloned into the cache folder) or keep lock files there. */
const CACHE_COMMANDS = ["validate", "plan", "apply", "import", "reconcile", "simulate", "test"];
/** Commands that resolve hash keys written as `key: { fromEnv: TRANSYNC_KEY_NAME }`. */
const SECRET_COMMANDS = ["plan", "apply", "reconcile", "simulate", "test"];

export interface EnvironmentVariable {
  name: string;
  meaning: string;
  /** The commands that read it; `all` for the global ones. */
  commands: readonly string[] | "all";
}

export const ENVIRONMENT_VARIABLES: readonly EnvironmentVariable[] = [
  { name: "SEGMENT_API_TOKEN", meaning: "Segment Public API token (required unless the environment names its own tokenEnv; never a flag, never printed)", commands: API_COMMANDS },
  { name: "SEGMENT_API_TOKEN_<ENV>", meaning: "an environment's own token, when transync.yaml says `tokenEnv: SEGMENT_API_TOKEN_<ENV>` (never printed)", commands: API_COMMANDS },
  { name: "SEGMENT_API_URL", meaning: "API base URL, after --api-url and before transync.yaml's apiUrl", commands: API_COMMANDS },
  { name: "TRANSYNC_ALLOW_API_HOSTS", meaning: "HOST[,HOST:PORT] transync.yaml's apiUrl may name besides Segment's hosts", commands: API_COMMANDS },
  { name: "TRANSYNC_CACHE_DIR", meaning: "cache folder for clones of --repo URLs and lock files (default: $XDG_CACHE_HOME/transync)", commands: CACHE_COMMANDS },
  { name: "GIT_CONFIG_COUNT", meaning: "git settings passed in GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n>; the credentials of an https --repo URL are added after them, for each fetch or push only (never written)", commands: CACHE_COMMANDS },
  { name: "XDG_CACHE_HOME", meaning: "base of the cache folder when TRANSYNC_CACHE_DIR is unset (default: ~/.cache)", commands: CACHE_COMMANDS },
  { name: "TRANSYNC_KEY_*", meaning: "a hash key written as `key: { fromEnv: TRANSYNC_KEY_NAME }` is read from that variable (no other name may hold one)", commands: SECRET_COMMANDS },
  { name: "TRANSYNC_EMULATOR_TOKEN", meaning: "the token the emulator accepts without --config (default: local-token)", commands: ["emulator"] },
  { name: "GITHUB_TOKEN", meaning: "GitHub token that posts the comment (required)", commands: ["comment"] },
  { name: "GITHUB_REPOSITORY", meaning: "owner/name, when --repo-slug is not given", commands: ["comment"] },
  { name: "GITHUB_API_URL", meaning: "GitHub REST API URL, when --api-url is not given", commands: ["comment"] },
  {
    name: "TRANSYNC_COMMENT_AUTHOR",
    meaning: "account whose marked comment is updated when the token cannot read its own (GET /user), when --comment-author is not given (default: github-actions[bot])",
    commands: ["comment"],
  },
  { name: "GITHUB_STEP_SUMMARY", meaning: "file the comment is also appended to (set by GitHub Actions)", commands: ["comment"] },
  { name: "GITLAB_TOKEN", meaning: "GitLab project/group access token (`api` scope, Reporter role) that posts the merge-request note (CI_JOB_TOKEN cannot)", commands: ["comment"] },
  { name: "CI_MERGE_REQUEST_IID", meaning: "merge request of a GitLab merge-request pipeline, when --mr is not given (with CI_PROJECT_ID and CI_API_V4_URL, and no --pr: post a GitLab note)", commands: ["comment"] },
  { name: "CI_MERGE_REQUEST_PROJECT_ID", meaning: "GitLab project of the merge request, when --project is not given", commands: ["comment"] },
  { name: "CI_PROJECT_ID", meaning: "GitLab project, when --project is not given and CI_MERGE_REQUEST_PROJECT_ID is unset", commands: ["comment"] },
  { name: "CI_API_V4_URL", meaning: "GitLab REST API URL, when --api-url is not given (default: https://gitlab.com/api/v4)", commands: ["comment"] },
  { name: "CI_MERGE_REQUEST_PROJECT_URL", meaning: "GitLab project page, for the note's link in the output (else CI_PROJECT_URL)", commands: ["comment"] },
  { name: "CI_PROJECT_URL", meaning: "GitLab project page, when CI_MERGE_REQUEST_PROJECT_URL is unset", commands: ["comment"] },
  { name: "TRANSYNC_LOG_LEVEL", meaning: "log level (a --log-level choice, any case) when --log-level is not given (default: info)", commands: "all" },
  { name: "TRANSYNC_LOG_FORMAT", meaning: "`json` for JSON log lines on a terminal too", commands: "all" },
  { name: "NO_COLOR", meaning: "set (non-empty) for no colour", commands: "all" },
];

export interface ExitCodeDoc {
  code: number;
  meaning: string;
  commands: readonly string[] | "all";
}

/** The commands that end by themselves; the servers (emulator, reconcile) end on SIGINT/SIGTERM, with 0, not 130. */
const ONE_SHOT = ["validate", "plan", "apply", "import", "comment", "simulate", "test"];

export const EXIT_CODES: readonly ExitCodeDoc[] = [
  { code: 0, meaning: "success", commands: ONE_SHOT },
  { code: 0, meaning: "stopped by SIGINT/SIGTERM (Ctrl-C): in-flight requests finished, the --data-file persisted", commands: ["emulator"] },
  { code: 0, meaning: "stopped by SIGINT/SIGTERM (Ctrl-C) after the action in flight; with --once: the cycle succeeded", commands: ["reconcile"] },
  { code: 1, meaning: "error: invalid input, a refused plan, an API or network failure (the message says which)", commands: "all" },
  { code: 1, meaning: "with --once: the cycle failed (without it, a failed cycle is logged and retried)", commands: ["reconcile"] },
  { code: 2, meaning: "changes present (with --detailed-exitcode only)", commands: ["plan"] },
  { code: 130, meaning: "interrupted (Ctrl-C): work in flight was finished first", commands: ONE_SHOT },
];

const EXAMPLE = `
Example (a local emulator, no Segment account needed):
  transync emulator --port 4010 &
  export SEGMENT_API_TOKEN=local-token SEGMENT_API_URL=http://127.0.0.1:4010
  transync validate && transync plan --out plan.json && transync apply plan.json --auto-approve
`;

const applies = (commands: readonly string[] | "all", name: string): boolean => commands === "all" || commands.includes(name);

/** The `Environment variables:` and `Exit codes:` sections of one command's help. */
export function commandHelpSections(name: string): string {
  const vars = ENVIRONMENT_VARIABLES.filter((v) => applies(v.commands, name));
  const width = Math.max(...vars.map((v) => v.name.length));
  const codes = EXIT_CODES.filter((c) => applies(c.commands, name));
  return [
    "",
    "Environment variables:",
    ...vars.map((v) => `  ${v.name.padEnd(width)}  ${v.meaning}`),
    "",
    "Exit codes:",
    ...codes.map((c) => `  ${String(c.code).padEnd(3)}  ${c.meaning}`),
    "",
  ].join("\n");
}

/**
 * A flag whose default is decided at run time, not by commander: `shown` is what help prints as
 * its default. The parsed value stays undefined when the flag is absent, so precedence (flag >
 * environment > transync.yaml > built-in) is kept by the code that resolves it.
 */
export function defaultShown(option: Option, shown: string): Option {
  return option.default(undefined, shown);
}

/**
 * Shows `(default: ...)` for run-time defaults too (commander shows only defaults it sets itself),
 * and `(required)` for a flag the command cannot run without (commander's help says nothing).
 */
function optionDescription(this: Help, option: Option): string {
  const base = Help.prototype.optionDescription.call(this, option);
  if (option.mandatory) return `${base} (required)`;
  if (option.defaultValue !== undefined || option.defaultValueDescription === undefined) return base;
  return `${base} (default: ${option.defaultValueDescription})`;
}

/** Before the commands are defined: the help format every command inherits. */
export function configureProgramHelp(program: Command): void {
  program.configureHelp({ optionDescription });
  program.addHelpText("after", EXAMPLE);
}

/** After the commands are defined: each command's environment variables and exit codes. */
export function addCommandHelp(program: Command): void {
  for (const command of program.commands) command.addHelpText("after", commandHelpSections(command.name()));
}
