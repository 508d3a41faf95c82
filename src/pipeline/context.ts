import type { Logger } from "../log.js";
import type { SecretRegistry } from "../secrets/redact.js";
import type { Clock } from "../live/clock.js";
import type { LiveApi } from "../live/live-api.js";

/** A place the CLI writes to: process.stdout in production, a buffer in tests. */
export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** Terminal width, when a TTY. */
  columns?: number;
  /** The transient status line of a terminal (stderr; see `withStatusLine`). */
  setStatus?: (text: string) => void;
}

/**
 * What a command needs from the outside world, injected so tests can run `main()` in-process.
 * Commands never read `process.argv` or `process.env` themselves.
 */
export interface CliContext {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Created lazily by `main()` from `--log-level` / `TRANSYNC_LOG_LEVEL`; writes to stderr. */
  logger: Logger;
  /** Standard input, for confirmations (apply). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Aborted on SIGINT/SIGTERM; long-running commands stop starting new work when it fires. */
  signal: AbortSignal;
  /** Whether colour may be used on stdout: a TTY and no NO_COLOR. */
  color: boolean;
  /**
   * Secrets redacted from everything written (stdout, stderr, logs) as `[redacted]`: the API token
   * and GITHUB_TOKEN from the start; a command adds any secret it reads later (`ctx.secrets.add(key)`).
   */
  secrets: SecretRegistry;
  /** Told of every API client the command creates (reconcile adds up their requests in its metrics). */
  onApiClient?: (client: LiveApi) => void;
  /** The API client's time (waits between retries, pacing); the real clock unless a test gives one. */
  clock?: Clock;
}

/** Sets `process.exitCode`-style result of a command: 0 ok, 1 error, 2 changes present, 130 interrupted. */
export type ExitCode = number;
