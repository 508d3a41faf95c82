import type { OutputStream } from "../pipeline/context.js";

/** A stream of the step's log that can end the line a run left open. */
export type StepLog<T extends OutputStream = OutputStream> = T & { startLine(): void };

/**
 * A stream of the step's log (the runner reads it line by line for workflow commands) that the
 * action writes several runs of transync to, each fenced on its own as if it began a line
 * (src/escape/text-escape.ts): `startLine()` ends the line the last run left open, so no run's
 * text can complete a command another began (`##` then `[add-mask]`), and the action's own
 * annotations start their line.
 */
export function stepLog<T extends OutputStream>(target: T): StepLog<T> {
  let atLineStart = true;
  const write = (chunk: string): unknown => {
    const text = String(chunk);
    if (text !== "") atLineStart = text.endsWith("\n") || text.endsWith("\r");
    return target.write(text);
  };
  const startLine = (): void => {
    if (!atLineStart) write("\n");
  };
  return new Proxy(target, {
    get: (obj, key) => (key === "write" ? write : key === "startLine" ? startLine : Reflect.get(obj, key, obj)),
  }) as StepLog<T>;
}
