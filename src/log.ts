import { pino, destination as pinoDestination, type Logger, type DestinationStream } from "pino";

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
];

export interface LoggerOptions {
  level?: string;
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.TRANSYNC_LOG_LEVEL ?? "info";
  return pino(
    { level, base: undefined, redact: { paths: REDACT_PATHS, censor: "[redacted]" } },
    options.destination ?? pinoDestination({ fd: 2, sync: true }),
  );
}

/** A logger that drops everything; for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
