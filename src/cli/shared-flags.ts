import { DEFAULT_API_URL, DEFAULT_MAX_RETRIES, DEFAULT_RETRY_BUDGET_SECONDS, DEFAULT_TIMEOUT_SECONDS } from "../live/settings.js";
import { FORMATS, type Format, type FormattedCommand } from "../report/formats.js";
import { WRITE_ONLY_FIELDS } from "../model/transformation.js";
import { DEFAULT_NOTIFY_TIMEOUT_SECONDS } from "../notify/index.js";
import { flag, type Flag } from "./flags.js";
import {
  GIT_CONFIG_COUNT,
  SEGMENT_API_TOKEN,
  SEGMENT_API_TOKEN_ENV,
  SEGMENT_API_URL,
  TRANSYNC_ALLOW_API_HOSTS,
  TRANSYNC_CACHE_DIR,
  XDG_CACHE_HOME,
} from "./environment.js";
import {
  collect,
  freezeReason,
  namePatterns,
  nonNegativeInt,
  orderSkipReason,
  positiveInt,
  positiveSeconds,
  pruneMode,
  requestRate,
  resendNames,
} from "./options.js";

/**
 * Flags several commands share, declared once; a command spreads a group into its `flags`
 * (`flags: { ...SOURCE_FLAGS, ... }`), at the place help should list them.
 */

/** A --repo URL is cloned into the cache folder (its fetches with the git settings of GIT_CONFIG_*), and lock files are kept there. */
export const CACHE_VARIABLES = [TRANSYNC_CACHE_DIR, GIT_CONFIG_COUNT, XDG_CACHE_HOME];

/** Flags shared by the commands that read desired state (validate, plan, apply, reconcile, simulate, test). */
export const SOURCE_FLAGS = {
  dir: flag("--dir <dir>", "folder of the desired YAML documents").defaultShown("transync.yaml's `dir`, else `transformations`"),
  env: flag("--env <env>", "environment of transync.yaml whose source aliases apply").defaultShown(
    "transync.yaml's defaultEnvironment, else none",
  ),
  repo: flag("--repo <path|url>", "read the desired state from this git repository (path or URL) instead of the working tree")
    .defaultShown("the working tree")
    .env(...CACHE_VARIABLES),
  ref: flag("--ref <ref>", "read the desired state at this git ref (commit, branch, tag); ignores uncommitted edits").defaultShown(
    "the working tree; HEAD of a --repo URL",
  ),
};

/** Flags of the API client (plan, apply, import, reconcile). The token comes only from SEGMENT_API_TOKEN. */
export const API_FLAGS = {
  apiUrl: flag("--api-url <url>", "API base URL")
    .defaultShown(`SEGMENT_API_URL, else transync.yaml's apiUrl, else ${DEFAULT_API_URL}`)
    .env(SEGMENT_API_TOKEN, SEGMENT_API_TOKEN_ENV, SEGMENT_API_URL),
  rate: flag("--rate <n>", "ceiling on requests per second; the pace follows the server's X-RateLimit-* headers and 429s (docs/pacing.md)")
    .parse(requestRate("--rate"))
    .defaultShown("none"),
  maxRetries: flag("--max-retries <n>", "retries per request on 5xx and network errors")
    .parse(nonNegativeInt("--max-retries"))
    .defaultShown(String(DEFAULT_MAX_RETRIES)),
  retryBudget: flag("--retry-budget <seconds>", "total time one request may spend (429s excepted: up to 5 minutes) waiting for retries")
    .parse(positiveSeconds("--retry-budget"))
    .defaultShown(String(DEFAULT_RETRY_BUDGET_SECONDS)),
  timeout: flag("--timeout <seconds>", "time one HTTP request may take, the whole reply included")
    .parse(positiveSeconds("--timeout"))
    .defaultShown(String(DEFAULT_TIMEOUT_SECONDS)),
  allowApiHost: flag(
    "--allow-api-host <host>",
    "let transync.yaml's apiUrl name this HOST or HOST:PORT besides Segment's API hosts (repeatable; also TRANSYNC_ALLOW_API_HOSTS)",
  )
    .parse(collect)
    .default([], "none")
    .env(TRANSYNC_ALLOW_API_HOSTS),
};

/** Flags of planning (plan, apply without a plan file, reconcile). */
export const PLAN_FLAGS = {
  prune: flag(
    "--prune [mode]",
    "delete live objects in scope that no document matches: `all` (the mode of a bare --prune) or `removed` (only those whose documents were removed since --base)",
  )
    .parse(pruneMode)
    .defaultShown("transync.yaml's prune, else false")
    .negatable("--no-prune", "never delete, whatever transync.yaml says"),
  base: flag("--base <ref>", "pull-request plan: compare with this git ref (`applied` = the last applied commit of --env)").defaultShown(
    "none: a plan of the whole folder",
  ),
  resendWriteOnly: flag(
    "--resend-write-only [name...]",
    `update objects whose write-only fields (${WRITE_ONLY_FIELDS.join(", ")}) cannot be read back, re-sending them: bare, every document's; with a name, a glob (* and ?) or a pinned id, only the documents it names (repeatable; '*' is every document)`,
  )
    .parse(resendNames)
    .defaultShown("none"),
  refresh: flag(
    "--refresh <mode>",
    "how live state is read: `list` (list calls, a get only where needed) or `full` (a get of every object in scope: finds drift in fields the list omits)",
  )
    .choices(["list", "full"])
    .default("list"),
};

/** Flags that narrow a run to some objects (plan, apply; docs/gitops.md "Narrow runs"). */
export const NARROW_FLAGS = {
  target: flag(
    "--target <name>",
    "plan and apply only the changes of the objects this names: a transformation's name (the document's; a delete's live name), a glob of names (* and ?) or an id (repeatable)",
  )
    .parse(namePatterns("--target"))
    .defaultShown("every change"),
  exclude: flag(
    "--exclude <name>",
    "leave out the changes of the objects this names, as --target names them; wins over --target (repeatable)",
  )
    .parse(namePatterns("--exclude"))
    .defaultShown("none"),
};

/** Flags of carrying a plan out (apply, reconcile). */
export const APPLY_FLAGS = {
  concurrency: flag("--concurrency <n>", "API calls in flight at most; fewer when the server's budget is small (docs/pacing.md)")
    .parse(positiveInt("--concurrency"))
    .default(16),
  maxDeletes: flag("--max-deletes <n>", "refuse a plan that deletes more than this many objects")
    .parse(nonNegativeInt("--max-deletes"))
    .default(10),
  breakFreeze: flag(
    "--break-freeze <reason>",
    "write even inside a freeze window of transync.yaml (`freeze:`); the reason is printed and recorded in apply's output",
  )
    .parse(freezeReason)
    .defaultShown("none: a freeze window refuses"),
  skipOrder: flag(
    "--skip-order <reason>",
    "write changes the environment before this one (`after:` in transync.yaml) has not applied; the reason is printed and recorded in apply's output",
  )
    .parse(orderSkipReason)
    .defaultShown("none: an unapplied change refuses"),
  acceptBlastRadius: flag(
    "--accept-blast-radius <name>",
    "apply this transformation's change although it is over a limit of transync.yaml's `guards:` (repeatable; a flag, never a file)",
  )
    .parse(collect)
    .default([], "none: a change over a limit refuses"),
};

/** Flags of the commands that notify transync.yaml's `notify:` targets (drift, apply, reconcile; docs/gitops.md "Notifications"). */
export const NOTIFY_FLAGS = {
  stateFile: flag(
    "--state-file <path>",
    "file keeping what each notification target was last told, so the next run does not tell the same again (written atomically)",
  ).defaultShown("none: each run tells once"),
  notifyTimeout: flag(
    "--notify-timeout <seconds>",
    "time one notification post may take, its reply included (a failed post is logged, the exit code unchanged)",
  )
    .parse(positiveSeconds("--notify-timeout"))
    .default(DEFAULT_NOTIFY_TIMEOUT_SECONDS),
};

/**
 * The flags of the commands that write (apply, reconcile), in the order help lists them: --lock-dir
 * (`lockDirHelp` says who shares the locks), then reading, the API, planning and carrying out.
 */
export function writingFlags(lockDirHelp: string) {
  return {
    lockDir: flag("--lock-dir <dir>", lockDirHelp)
      .defaultShown("locks/ in the cache folder")
      .env(...CACHE_VARIABLES),
    ...SOURCE_FLAGS,
    ...API_FLAGS,
    ...PLAN_FLAGS,
    ...APPLY_FLAGS,
  };
}

/** `--format`, its choices and default (the first) from the one table of formats, src/report/formats.ts. */
export function formatFlag<C extends FormattedCommand>(name: C): { format: Flag<Format<C>, "always", "--format <format>"> } {
  const formats: readonly Format<C>[] = FORMATS[name];
  return { format: flag("--format <format>", "output format").choices(formats).default(formats[0]!) };
}
