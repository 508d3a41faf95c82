import { InvalidArgumentError, Option, type Command } from "commander";

/** Flags shared by the commands that read desired state (validate, plan, apply, import). */
export function addSourceOptions(command: Command): Command {
  return command
    .option("--dir <dir>", "folder of the desired YAML documents (default: transync.yaml's `dir`, else `transformations`)")
    .option("--env <env>", "environment of transync.yaml whose source aliases apply")
    .option("--repo <path|url>", "read the desired state from this git repository (path or URL) instead of the working tree")
    .option("--ref <ref>", "read the desired state at this git ref (commit, branch, tag); ignores uncommitted edits");
}

/** Flags of the API client (plan, apply, import, reconcile). The token comes only from SEGMENT_API_TOKEN. */
export function addApiOptions(command: Command): Command {
  return command
    .option("--api-url <url>", "API base URL (default: SEGMENT_API_URL, transync.yaml's apiUrl, else https://api.segmentapis.com)")
    .option("--rate <n>", "ceiling on requests per second (default: none; the pace follows the server's X-RateLimit-* headers and 429s, see docs/pacing.md)", positiveNumber("--rate"))
    .option("--max-retries <n>", "retries per request on 429, 5xx and network errors", nonNegativeInt("--max-retries"))
    .option("--retry-budget <seconds>", "total time one request may spend waiting for retries", positiveNumber("--retry-budget"))
    .option("--timeout <seconds>", "time one HTTP request may take, the whole reply included (default 30)", positiveNumber("--timeout"))
    .option(
      "--allow-api-host <host>",
      "let transync.yaml's apiUrl name this HOST or HOST:PORT besides Segment's API hosts (repeatable; also TRANSYNC_ALLOW_API_HOSTS)",
      collect,
      [] as string[],
    );
}

/** Flags of planning (plan, apply without a plan file, reconcile). */
export function addPlanOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--prune [mode]", "delete live objects in scope that no document matches: `all` (the default mode) or `removed` (only those whose documents were removed since --base)")
        .argParser(pruneMode),
    )
    .option("--no-prune", "never delete, whatever transync.yaml says")
    .option("--base <ref>", "pull-request plan: compare with this git ref (`applied` = the last applied commit of --env)")
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

export function addFormatOption(command: Command, formats: string[], fallback: string): Command {
  return command.addOption(new Option("--format <format>", "output format").choices(formats).default(fallback));
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

export function nonNegativeInt(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${flag} must be a whole number >= 0, got "${value}".`);
    return n;
  };
}

export function positiveInt(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${flag} must be a whole number >= 1, got "${value}".`);
    return n;
  };
}

/** Collects a repeatable flag's values in order. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
