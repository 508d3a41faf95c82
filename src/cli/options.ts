import { InvalidArgumentError } from "commander";

/** The parsers of flag values (commander argParsers): each refuses a bad value with a message naming the flag. */

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
    if (n > MAX_TIMER_SECONDS)
      throw new InvalidArgumentError(
        `${flag} must be at most ${MAX_TIMER_SECONDS} seconds (about 24 days, the longest a timer waits), got "${value}".`,
      );
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
    if (n < MIN_RATE)
      throw new InvalidArgumentError(`${flag} must be at least ${MIN_RATE} requests per second (one per 100 s), got "${value}".`);
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
/** `drift --since`: days of audit trail, 1 to 90 (Segment keeps 90 days of it). */
export const auditDays = (flag: string): ((value: string) => number) => wholeNumber(flag, 1, 90, "a whole number of days from 1 to 90");
/** A TCP port: 0 (any free port) to 65535. */
export const port = (flag: string): ((value: string) => number) => wholeNumber(flag, 0, 65535, "a port number from 0 to 65535");

/** Collects a repeatable flag's values in order. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** An override's reason (`--break-freeze`, `--skip-order`): words someone wrote for the record, on one line (1 to 500 characters). */
function overrideReason(flagName: string, why: string): (value: string) => string {
  return (value) => {
    const reason = value.trim();
    // eslint-disable-next-line no-control-regex -- a reason on one line: refusing control characters is the point
    if (reason === "" || reason.length > 500 || /[\u0000-\u001f\u007f]/.test(reason))
      throw new InvalidArgumentError(`${flagName} needs a reason on one line, 1 to 500 characters: ${why}.`);
    return reason;
  };
}

/** `--break-freeze REASON`. */
export const freezeReason = overrideReason("--break-freeze", "why this change cannot wait for the freeze to end");

/** `--skip-order REASON`. */
export const orderSkipReason = overrideReason("--skip-order", "why this environment takes the change before the one it comes after");
/** A name or glob of `--target`, `--exclude`, `--resend-write-only`: not empty, on one line. */
function checkedPattern(flag: string, value: string): string {
  // eslint-disable-next-line no-control-regex -- a name on one line: refusing control characters is the point
  if (value.trim() === "" || /[\u0000-\u001f\u007f]/.test(value))
    throw new InvalidArgumentError(`${flag} needs a transformation's name, a glob of names (* and ?) or an id, on one line.`);
  return value;
}

/** A repeatable name or glob (`--target`, `--exclude`): the values in order; absent when never given. */
export function namePatterns(flag: string): (value: string, previous: string[] | undefined) => string[] {
  return (value, previous) => [...(previous ?? []), checkedPattern(flag, value)];
}

/**
 * `--resend-write-only [name...]`: bare, every document (true, as before names were taken); each value
 * names documents. A bare one anywhere means every document (commander sets true for it).
 */
export function resendNames(value: string, previous: true | string[] | undefined): true | string[] {
  const pattern = checkedPattern("--resend-write-only", value);
  return previous === true ? true : [...(previous ?? []), pattern];
}
