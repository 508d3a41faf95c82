import { pino, destination as pinoDestination, type Logger, type DestinationStream } from "pino";
import { createRequire } from "node:module";
import type { PinoPretty as PinoPrettyFactory } from "pino-pretty";
import { Writable } from "node:stream";
import { escapeJsonText, escapeStrings } from "./escape/text-escape.js";

export type { Logger };

/**
 * Logs go to stderr (stdout is the product). Secrets are redacted by path wherever they might
 * appear; the token is never put into a log record in the first place, this is the second fence.
 */
export const REDACT_PATHS = [
  "token",
  "apiToken",
  "authorization",
  "headers.authorization",
  "req.headers.authorization",
  "request.headers.authorization",
  "*.token",
  "*.authorization",
  // Hash keys (HMAC secrets) wherever a transformation or a request body is logged.
  "hashPropertiesConfiguration.key",
  "*.hashPropertiesConfiguration.key",
  "*.*.hashPropertiesConfiguration.key",
];

/** What a redacted value becomes: a hash key reads `(sensitive)`, as in the plan reports. */
function censor(_value: unknown, path: string[]): string {
  return path.at(-1) === "key" ? "(sensitive)" : "[redacted]";
}

/** The levels of `--log-level` and TRANSYNC_LOG_LEVEL. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

export interface LoggerOptions {
  level?: string;
  destination?: DestinationStream;
  /** Human-readable lines instead of JSON (a person at a terminal); `colorize` only on a TTY without NO_COLOR. */
  pretty?: { colorize: boolean };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.TRANSYNC_LOG_LEVEL ?? "info";
  const raw = options.destination ?? pinoDestination({ fd: 2, sync: true });
  // Redaction runs before the pretty printer sees a record, so both forms are equally safe.
  const destination = options.pretty
    ? loadPretty()({
        destination: asWritable(raw),
        sync: true,
        colorize: options.pretty.colorize,
        translateTime: "HH:MM:ss",
        ignore: "pid,hostname",
        singleLine: true,
      })
    : raw;
  const streamWrite = options.pretty ? escapeForPretty : escapeJsonText;
  return pino({ level, base: undefined, redact: { paths: REDACT_PATHS, censor }, hooks: { streamWrite } }, destination);
}

/**
 * A JSON log line whose strings hold their control and bidi characters as visible escapes
 * (`\u001b`), since pino-pretty prints a record's strings as they are (src/escape/text-escape.ts).
 */
function escapeForPretty(line: string): string {
  try {
    return `${JSON.stringify(escapeStrings(JSON.parse(line) as unknown))}\n`;
  } catch {
    return escapeJsonText(line);
  }
}

/** pino-pretty is needed on a terminal only, so runs in CI do not pay for loading it. */
function loadPretty(): typeof PinoPrettyFactory {
  return (createRequire(import.meta.url)("pino-pretty") as { PinoPretty: typeof PinoPrettyFactory }).PinoPretty;
}

/** pino-pretty writes to a stream; the CLI's stderr may be a bare `{ write }` (tests, embedding). */
function asWritable(target: DestinationStream): Writable {
  if (target instanceof Writable) return target;
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      target.write(chunk.toString());
      done();
    },
  });
}

export interface StatusLineStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
  /** Shows `text` as the one transient line at the bottom of a terminal (`""` clears it). */
  setStatus(text: string): void;
}

const CLEAR_LINE = "\r\x1b[2K";

/**
 * A terminal stream with one status line (apply's progress). Any other write (a log line, a
 * message) first clears the status line and draws it again after, so the two never share a line.
 */
export function withStatusLine(target: { write(chunk: string): unknown; isTTY?: boolean; columns?: number }): StatusLineStream {
  let status = "";
  return {
    get isTTY() {
      return target.isTTY;
    },
    get columns() {
      return target.columns;
    },
    write(chunk: string): unknown {
      if (status === "") return target.write(chunk);
      target.write(CLEAR_LINE);
      const written = target.write(chunk);
      target.write(`${CLEAR_LINE}${status}`);
      return written;
    },
    setStatus(text: string): void {
      status = text;
      target.write(`${CLEAR_LINE}${text}`);
    },
  };
}

/** A logger that drops everything; for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
