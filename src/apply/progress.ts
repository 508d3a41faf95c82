import { withStatusLine, type Logger, type StatusLineStream } from "../log.js";
import type { ApplyEvent } from "./types.js";
import { beforeCut } from "../secrets/redact-cuts.js";
import { escapeControls } from "../escape/text-escape.js";

/**
 * Where the progress line goes (stderr: stdout is the product). The CLI's stderr carries a status
 * line (`withStatusLine`) that log lines clear and redraw; a bare stream gets one here.
 */
export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
  setStatus?: StatusLineStream["setStatus"];
}

export interface Progress {
  onEvent: (e: ApplyEvent) => void;
  /** Clears the progress line (TTY); call before printing the result. */
  finish: () => void;
}

export interface ProgressOptions {
  stream: ProgressStream;
  logger: Logger;
  total: number;
  /** Clock for the wait countdown; injectable for tests. */
  now?: () => number;
}

/** On a TTY one line rewritten in place; otherwise one log line per finished action. */
export function createProgress(opts: ProgressOptions): Progress {
  return opts.stream.isTTY ? ttyProgress(opts) : logProgress(opts);
}

function ttyProgress(opts: ProgressOptions): Progress {
  const now = opts.now ?? Date.now;
  const line = opts.stream.setStatus ? { setStatus: opts.stream.setStatus } : withStatusLine(opts.stream);
  const inFlight = new Map<number, string>();
  let done = 0;
  let waitUntil = 0;
  let waitReason = "";
  let shown = false;
  const render = (): void => {
    const current = [...inFlight.values()].at(-1);
    const waitMs = waitUntil - now();
    const parts = [`Applying ${done}/${opts.total}`];
    if (current) parts.push(current + (inFlight.size > 1 ? ` (+${inFlight.size - 1} more)` : ""));
    if (waitMs > 0) parts.push(`waiting ${Math.ceil(waitMs / 1000)}s (${waitReason})`);
    const width = Math.max(20, (opts.stream.columns ?? 100) - 1);
    const text = beforeCut(parts.join(" · "));
    line.setStatus(text.length > width ? `${text.slice(0, width - 1)}…` : text);
    shown = true;
  };
  return {
    onEvent: (e) => {
      // The status line is one line: a name is shown escaped (src/escape/text-escape.ts).
      if (e.type === "start") inFlight.set(e.index, `${e.kind} "${escapeControls(e.name)}"`);
      else if (e.type === "done") {
        inFlight.delete(e.outcome.index);
        done++;
      } else if (e.type === "wait") {
        waitUntil = now() + e.waitMs;
        waitReason = e.reason;
      }
      render();
    },
    finish: () => {
      if (shown) line.setStatus("");
    },
  };
}

function logProgress(opts: ProgressOptions): Progress {
  let done = 0;
  return {
    onEvent: (e) => {
      if (e.type === "done") {
        done++;
        const fields = { done, total: opts.total, ...e.outcome };
        if (e.outcome.outcome === "failed")
          opts.logger.warn(
            fields,
            `${e.outcome.kind} "${e.outcome.name}" failed${e.outcome.error?.message ? `: ${e.outcome.error.message}` : ""}`,
          );
        else opts.logger.info(fields, `${e.outcome.outcome} "${e.outcome.name}"`);
      } else if (e.type === "resolve") {
        opts.logger.info({ name: e.name, reason: e.reason }, "create outcome unknown; checking live state");
      }
    },
    finish: () => undefined,
  };
}
