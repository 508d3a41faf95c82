import { InvalidArgumentError, Option, type Command } from "commander";
import { DEFAULT_API_URL, DEFAULT_MAX_RETRIES, DEFAULT_RETRY_BUDGET_SECONDS, DEFAULT_TIMEOUT_SECONDS } from "../live/settings.js";
import { defaultShown } from "./help.js";
import { FORMATS, type FormattedCommand } from "../report/formats.js";

/** Flags shared by the commands that read desired state (validate, plan, apply, import). */
export function addSourceOptions(command: Command): Command {
  return command
    .addOption(defaultShown(new Option("--dir <dir>", "folder of the desired YAML documents"), "transync.yaml's `dir`, else `transformations`"))
    .addOption(defaultShown(new Option("--env <env>", "environment of transync.yaml whose source aliases apply"), "transync.yaml's defaultEnvironment, else none"))
    .addOption(defaultShown(new Option("--repo <path|url>", "read the desired state from this git repository (path or URL) instead of the working tree"), "the working tree"))
    .addOption(defaultShown(new Option("--ref <ref>", "read the desired state at this git ref (commit, branch, tag); ignores uncommitted edits"), "the working tree; HEAD of a --repo URL"));
}

/** Flags of the API client (plan, apply, import, reconcile). The token comes only from SEGMENT_API_TOKEN. */
export function addApiOptions(command: Command): Command {
  return command
    .addOption(defaultShown(new Option("--api-url <url>", "API base URL"), `SEGMENT_API_URL, else transync.yaml's apiUrl, else ${DEFAULT_API_URL}`))
    .addOption(defaultShown(new Option("--rate <n>", "ceiling on requests per second; the pace follows the server's X-RateLimit-* headers and 429s (docs/pacing.md)").argParser(requestRate("--rate")), "none"))
    .addOption(defaultShown(new Option("--max-retries <n>", "retries per request on 5xx and network errors").argParser(nonNegativeInt("--max-retries")), String(DEFAULT_MAX_RETRIES)))
    .addOption(
      defaultShown(new Option("--retry-budget <seconds>", "total time one request may spend (429s excepted: up to 5 minutes) waiting for retries").argParser(positiveSeconds("--retry-budget")), String(DEFAULT_RETRY_BUDGET_SECONDS)),
    )
    .addOption(
      defaultShown(new Option("--timeout <seconds>", "time one HTTP request may take, the whole reply included").argParser(positiveSeconds("--timeout")), String(DEFAULT_TIMEOUT_SECONDS)),
    )
    .addOption(
      new Option("--allow-api-host <host>", "let transync.yaml's apiUrl name this HOST or HOST:PORT besides Segment's API hosts (repeatable; also TRANSYNC_ALLOW_API_HOSTS)")
        .argParser(collect)
        .default([] as string[], "none"),
    );
}

/** Flags of planning (plan, apply without a plan file, reconcile). */
export function addPlanOptions(command: Command): Command {
  return command
    .addOption(
      defaultShown(
        new Option("--prune [mode]", "delete live objects in scope that no document matches: `all` (the mode of a bare --prune) or `removed` (only those whose documents were removed since --base)").argParser(pruneMode),
        "transync.yaml's prune, else false",
      ),
    )
    .option("--no-prune", "never delete, whatever transync.yaml says")
    .addOption(defaultShown(new Option("--base <ref>", "pull-request plan: compare with this git ref (`applied` = the last applied commit of --env)"), "none: a plan of the whole folder"))
    .option("--resend-write-only", "update objects whose write-only fields (drop, hashPropertiesConfiguration) cannot be read back, re-sending them")
    .addOption(
      new Option("--refresh <mode>", "how live state is read: `list` (list calls, a get only where needed) or `full` (a get of every object in scope: finds drift in fields the list omits)")
        .choices(["list", "full"])
        .default("list"),
    );
}

/** Flags of carrying a plan out (apply, reconcile). */
export function addApplyOptions(command: Command): Command {
  return command
    .option("--concurrency <n>", "API calls in flight at most; fewer when the server's budget is small (docs/pacing.md)", positiveInt("--concurrency"), 16)
    .option("--max-deletes <n>", "refuse a plan that deletes more than this many objects", nonNegativeInt("--max-deletes"), 10);
}

/** `--format`, its choices and default (the first) from the one table of formats, src/report/formats.ts. */
export function addFormatOption(command: Command, name: FormattedCommand): Command {
  const formats = FORMATS[name];
  return command.addOption(new Option("--format <format>", "output format").choices(formats).default(formats[0]));
}

export function pruneMode(value: string): "all" | "removed" {
  if (value === "all" || value === "removed") return value;
  throw new InvalidArgumentError("expected `all` or `removed`.");
}

export function positiveNumber(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${flag} must be a positive number, got "${value}".`);
    return n;
  };
}

/**
 * The longest wait a Node timer holds: 2^31 - 1 ms, about 24.8 days. A longer one is not refused by
 * Node but fires at once (or throws), so every flag that becomes a wait is bounded by it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_TIMER_SECONDS = Math.floor(MAX_TIMER_MS / 1000);

/** A number of seconds above 0 that a timer can wait (`--timeout`, `--retry-budget`). */
export function positiveSeconds(flag: string): (value: string) => number {
  const positive = positiveNumber(flag);
  return (value) => {
    const n = positive(value);
    if (n > MAX_TIMER_SECONDS) throw new InvalidArgumentError(`${flag} must be at most ${MAX_TIMER_SECONDS} seconds (about 24 days, the longest a timer waits), got "${value}".`);
    return n;
  };
}

/** The lowest `--rate`: one request per 100 s (Segment's strictest published limits are 2 a minute). */
export const MIN_RATE = 0.01;

/** Requests per second, at least MIN_RATE: a smaller ceiling is a typo that would hang the run. */
export function requestRate(flag: string): (value: string) => number {
  const positive = positiveNumber(flag);
  return (value) => {
    const n = positive(value);
    if (n < MIN_RATE) throw new InvalidArgumentError(`${flag} must be at least ${MIN_RATE} requests per second (one per 100 s), got "${value}".`);
    return n;
  };
}

/** A whole number from `min` to `max`; `want` says which in the message. */
function wholeNumber(flag: string, min: number, max: number, want: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${flag} must be ${want}, got "${value}".`);
    return n;
  };
}

export const nonNegativeInt = (flag: string): ((value: string) => number) => wholeNumber(flag, 0, Infinity, "a whole number >= 0");
export const positiveInt = (flag: string): ((value: string) => number) => wholeNumber(flag, 1, Infinity, "a whole number >= 1");
/** A TCP port: 0 (any free port) to 65535. */
export const port = (flag: string): ((value: string) => number) => wholeNumber(flag, 0, 65535, "a port number from 0 to 65535");

/** Collects a repeatable flag's values in order. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
