/**
 * Typed errors. Each carries its message (which says what to do next) and its exit code; the CLI's
 * one handler (`src/cli.ts` `handleError`) turns them into output. Exit code 2 is reserved for
 * "changes present" (`--detailed-exitcode`), so errors use 1, and 130 for an interrupt.
 */

export interface ErrorIssue {
  /** Where: `file:line:col`, a JSON pointer, or a field path. */
  where?: string;
  message: string;
}

export class TransyncError extends Error {
  readonly exitCode: number = 1;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad flags, contradicting settings, missing environment. */
export class UsageError extends TransyncError {}

/** Desired state (YAML, project file, plan file) is invalid; `issues` lists every problem found. */
export class ValidationError extends TransyncError {
  constructor(
    message: string,
    readonly issues: readonly ErrorIssue[] = [],
  ) {
    super(message);
  }
}

/** An error reply of the API (or a reply we cannot read). Keeps status and the `errors` envelope. */
export class ApiError extends TransyncError {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ReadonlyArray<{ type: string; message?: string; field?: string }> = [],
    options?: { cause?: unknown; attempts?: number },
  ) {
    super(message, options);
    this.attempts = options?.attempts ?? 1;
  }
  readonly attempts: number;
}

/** The network failed (connection refused or reset, timeout) after retries. */
export class NetworkError extends TransyncError {}

/**
 * A code host's server answered with a redirect to another origin: not followed, so no credential
 * header (GitLab's PRIVATE-TOKEN, GitHub's Authorization) and no request body goes there.
 */
export class RedirectRefusedError extends NetworkError {}

/** A list read that proved itself incomplete twice (short, cyclic, duplicated, changing); nothing is planned from it. */
export class IncompleteReadError extends TransyncError {}

/**
 * A list walk read more than its budget allows (bytes, objects or pages; src/live/list-budget.ts):
 * a broken or hostile server. `endpoint` names the list (`GET /sources`).
 */
export class ListBudgetError extends IncompleteReadError {
  constructor(
    message: string,
    readonly endpoint: string,
  ) {
    super(message);
  }
}

/** Live state conflicts with what the command needs (stale plan, duplicate names, a pin that is gone). */
export class ConflictError extends TransyncError {}

/** The token reaches another workspace than the environment is bound to: nothing is read or written. */
export class WorkspaceMismatchError extends TransyncError {}

/** Some apply actions failed for good; the results are in the report. */
export class ApplyError extends TransyncError {
  constructor(
    message: string,
    readonly failed: number,
  ) {
    super(message);
  }
}

/** The user interrupted (Ctrl-C); in-flight work was finished first. */
export class InterruptedError extends TransyncError {
  override readonly exitCode = 130;
}

/** A bug in transync. */
export class InternalError extends TransyncError {}

export function exitCodeOf(error: unknown): number {
  return error instanceof TransyncError ? error.exitCode : 1;
}

/**
 * A write whose outcome is unknown (timeout, connection reset, 5xx after the request was sent).
 * Never retried blindly: apply resolves it by reading live state first (no duplicate creates).
 */
export class UnknownOutcomeError extends NetworkError {
  constructor(
    message: string,
    readonly method: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What a file-system error code means, in words a user can act on. */
const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a folder, not a file",
  ENOTDIR: "a part of the path is a file, not a folder",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exceeded",
  EEXIST: "it already exists",
  ENAMETOOLONG: "the name is too long",
  EMFILE: "too many open files",
  EADDRINUSE: "the address is already in use",
  EADDRNOTAVAIL: "the address is not available on this machine",
  ENOTFOUND: "no such host name",
  EAI_AGAIN: "the host name could not be resolved (DNS is not answering)",
  EIO: "an input/output error",
  ELOOP: "too many symbolic links (a loop?)",
  ENXIO: "no such device or address",
};

/** A Node system error (fs, net) with a code this module can explain; undefined for anything else. */
export function systemErrorReason(error: unknown): string | undefined {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== "string" || !(error instanceof Error)) return undefined;
  // mkdir's EEXIST: the path is taken by something that is not a folder (a file, a link).
  if (code === "EEXIST" && syscall === "mkdir") return "it is a file, not a folder";
  return SYSTEM_ERRORS[code];
}

/**
 * The one mapping from a system error to what the user reads: `cannot <syscall> <path>: <reason>.`
 * For errors that reach the top without a better message (the CLI's handler), so a missing folder
 * or a denied permission is never reported as a bug in transync.
 */
export function describeSystemError(error: NodeJS.ErrnoException): string | undefined {
  const reason = systemErrorReason(error);
  if (reason === undefined) return undefined;
  const { address, port } = error as { address?: string; port?: number };
  const host = address?.includes(":") ? `[${address}]` : address; // an IPv6 address in brackets, as in a URL
  const target = error.path ?? (host !== undefined && port !== undefined ? `${host}:${port}` : host);
  return `cannot ${error.syscall ?? "do that"}${target ? ` ${target}` : ""}: ${reason}.`;
}

/**
 * What the user reads for any error: a TransyncError's own message, a system error in words, else
 * "internal error" (a bug). The CLI's handler and reconcile's cycle log both print this.
 */
export function userMessage(error: unknown): string {
  if (error instanceof TransyncError) return error.message;
  const system = describeSystemError(error as NodeJS.ErrnoException);
  if (system !== undefined) return system;
  return `internal error (a bug in transync, please report it): ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * An error as the user reads it: the message (its own line breaks, a list of objects, are kept),
 * then each issue of a ValidationError and each error of an ApiError, one line each (a line break
 * in one is data, to be escaped). The CLI's handler prints them; a failed Markdown plan quotes them
 * (src/commands/plan-failure.ts). Unescaped: each output escapes for its own format.
 */
export function errorReport(error: unknown): { message: string; details: string[] } {
  const details: string[] = [];
  if (error instanceof ValidationError) {
    for (const issue of error.issues) details.push(`  ${issue.where ? `${issue.where} ` : ""}${issue.message}`);
  }
  if (error instanceof ApiError) {
    for (const e of error.errors) details.push(`  ${e.type}${e.field ? ` (${e.field})` : ""}${e.message ? `: ${e.message}` : ""}`);
  }
  return { message: `Error: ${userMessage(error)}`, details };
}

/**
 * A file the user named (`plan --out`, `import --out`, a plan file) could not be written or read:
 * a UsageError naming what it is, the path as given, and why in words.
 */
export function userFileError(error: unknown, what: string, file: string, mode: "read" | "write"): TransyncError {
  if (error instanceof TransyncError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const missingFolder = mode === "write" && code === "ENOENT";
  const folder = (error as NodeJS.ErrnoException | undefined)?.path;
  const reason = missingFolder
    ? `the folder ${parentOf(folder ?? file)} does not exist; create it first`
    : (systemErrorReason(error) ?? (error instanceof Error ? error.message : String(error)));
  return new UsageError(`cannot ${mode} ${what} ${file}: ${reason}.`, { cause: error });
}

function parentOf(path: string): string {
  const cut = path.replace(/[/\\]+$/, "").search(/[/\\][^/\\]*$/);
  return cut > 0 ? path.slice(0, cut) : ".";
}

/** A change freeze (transync.yaml `freeze:`) is on: apply and reconcile write nothing without `--break-freeze REASON`. */
export class FreezeError extends TransyncError {}

/** Staging first (`environments.<env>.after`): the environment before this one has not applied the change; nothing written without `--skip-order REASON`. */
export class OrderError extends TransyncError {}
/**
 * A change over a blast-radius limit of transync.yaml's `guards:` that the operator did not accept
 * with `--accept-blast-radius NAME`: apply writes nothing; the message names each transformation,
 * the rule, the value and the limit.
 */
export class BlastRadiusError extends TransyncError {}
