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

/** A list read that proved itself incomplete twice (short, cyclic, duplicated, changing); nothing is planned from it. */
export class IncompleteReadError extends TransyncError {}

/** Live state conflicts with what the command needs (stale plan, duplicate names, a pin that is gone). */
export class ConflictError extends TransyncError {}

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
