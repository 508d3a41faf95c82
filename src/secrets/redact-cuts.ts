import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Output shortens long text (a reply snippet, a long event value, a divergence, a diff excerpt, the
 * progress line) and marks the cut with an ellipsis. A secret cut there is no longer whole, and the
 * output boundary (src/secrets/redact.ts) replaces whole secrets only: so text is redacted *before* it is
 * cut, with the secrets of the run, and a cut never shows part of a secret.
 *
 * Why not redact, at the boundary, the secret's first characters before any ellipsis (as this file
 * once did): the text before an ellipsis may be a pull request's, and redacting there told it which
 * guess was the start of a secret; a token was rebuilt one character at a time.
 *
 * The redactor of the run is ambient (main() sets it for everything the run does) because cuts sit
 * deep in renderers and error messages that have no context to carry it. Outside a run (a renderer
 * called by a test) nothing is registered, and text is cut as is.
 */
const runRedactor = new AsyncLocalStorage<(text: string) => string>();

/** Runs `fn` with `redact` as the redactor that text is passed through before it is cut. */
export function withCutRedactor<T>(redact: (text: string) => string, fn: () => T): T {
  return runRedactor.run(redact, fn);
}

/** `text` with every secret of the run redacted: call it on text before cutting it yourself. */
export function beforeCut(text: string): string {
  const redact = runRedactor.getStore();
  return redact === undefined ? text : redact(text);
}

/** `text` (secrets redacted) cut to `max` characters and marked with `mark` when longer; whole otherwise. */
export function shorten(text: string, max: number, mark = "…"): string {
  const safe = beforeCut(text);
  return safe.length > max ? `${safe.slice(0, max)}${mark}` : safe;
}
