/**
 * Output shortens long text and marks each cut with an ellipsis (`…` or `...`): the end of a
 * shortened value (`abc…`) or the start of an excerpt (`…xyz`). A secret cut there is not whole, so
 * the redactor would miss it and show part of it. This finds, at each ellipsis, the longest prefix
 * of a secret that ends right before it and the longest suffix that starts right after it (at least
 * `minLength` characters, so a few shared letters are left alone).
 */
const ELLIPSIS = /…|\.\.\./g;

export function redactCuts(text: string, secrets: readonly string[], minLength: number, placeholder: string): string {
  if (!text.includes("…") && !text.includes("...")) return text;
  const spans: Array<[number, number]> = [];
  for (const match of text.matchAll(ELLIPSIS)) {
    const before = longestEnd(text, match.index, secrets, minLength);
    if (before > 0) spans.push([match.index - before, match.index]);
    const start = match.index + match[0].length;
    const after = longestStart(text, start, secrets, minLength);
    if (after > 0) spans.push([start, start + after]);
  }
  let out = "";
  let from = 0;
  for (const [start, end] of spans) {
    if (start < from) continue;
    out += `${text.slice(from, start)}${placeholder}`;
    from = end;
  }
  return out + text.slice(from);
}

/** Length of the longest proper prefix of a secret that ends at `end`; else 0. */
function longestEnd(text: string, end: number, secrets: readonly string[], minLength: number): number {
  let best = 0;
  for (const secret of secrets) {
    for (let k = Math.min(secret.length - 1, end); k >= minLength && k > best; k--) {
      if (text.startsWith(secret.slice(0, k), end - k)) {
        best = k;
        break;
      }
    }
  }
  return best;
}

/** Length of the longest proper suffix of a secret that starts at `start`; else 0. */
function longestStart(text: string, start: number, secrets: readonly string[], minLength: number): number {
  let best = 0;
  for (const secret of secrets) {
    for (let k = Math.min(secret.length - 1, text.length - start); k >= minLength && k > best; k--) {
      if (text.startsWith(secret.slice(secret.length - k), start)) {
        best = k;
        break;
      }
    }
  }
  return best;
}
