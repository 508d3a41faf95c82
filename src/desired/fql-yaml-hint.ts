/**
 * What to do about a YAML error inside an FQL value. FQL is written as a plain YAML scalar
 * (`if: event = 'Order Completed'`), and FQL's own `: ` (`'Step: 2'`), a leading quote
 * (`'A' = event`) or a flow character make YAML read it as something else; its message
 * ("Nested mappings are not allowed in compact mappings") does not say that quoting the FQL fixes it.
 */

/** The keys whose value is FQL: a Transformation's `if`, each `fqlDefinedProperties[].fql`. */
const FQL_KEYS = ["if", "fql"] as const;

/** `if:` or `fql:` with its value on the line: in a block mapping (after `- ` in a list) or a flow one (after `{` or `,`). */
const FQL_KEY_ON_LINE = new RegExp(String.raw`(^[ \t]*(?:-[ \t]+)?|[{,][ \t]*)(${FQL_KEYS.join("|")})[ \t]*:[ \t]+(?=\S)`, "g");

/** Longest FQL the hint writes out quoted; a longer one gets the advice without it. */
const MAX_SHOWN = 80;
/** The furthest into its line an error is looked at. */
const MAX_COLUMN = 4096;

/**
 * The advice for a YAML error at `offset` of `text`, when it lies in the value of an FQL key written
 * plain (not as a `|` or `>` block); undefined otherwise.
 */
export function fqlQuoteHint(text: string, offset: number): string | undefined {
  // Only so far back and ahead: an error far into a huge line is no FQL key's, and no error rescans the whole line.
  const from = Math.max(0, offset - MAX_COLUMN);
  const back = text.slice(from, offset).lastIndexOf("\n");
  if (back === -1 && from > 0) return undefined;
  const lineStart = from + back + 1;
  const ahead = text.slice(offset, offset + MAX_SHOWN + 1).indexOf("\n");
  const whole = ahead !== -1 || offset + MAX_SHOWN + 1 >= text.length;
  const lineEnd = ahead !== -1 ? offset + ahead : Math.min(text.length, offset + MAX_SHOWN + 1);
  const line = text.slice(lineStart, lineEnd);
  const column = offset - lineStart;
  let found: { key: string; keyAt: number; valueAt: number; block: boolean } | undefined;
  for (const match of line.matchAll(FQL_KEY_ON_LINE)) {
    const [all, before, key] = match as unknown as [string, string, string];
    const valueAt = match.index + all.length;
    if (valueAt <= column) found = { key, keyAt: match.index + before.length, valueAt, block: !/[{,]/.test(before) };
  }
  if (found === undefined || /^[|>]/.test(line.slice(found.valueAt))) return undefined;
  const fql = line.slice(found.valueAt).trimEnd();
  const oneLine = found.block && whole && !continuesOnNextLine(text, lineEnd, found.keyAt);
  const example = oneLine && fql.length <= MAX_SHOWN && !/["\\]/.test(fql) ? ` (${found.key}: "${fql}")` : "";
  return `the FQL of ${found.key} is not quoted as a whole, so YAML reads its ": " (or " #", a leading quote) as YAML: quote the whole FQL${example} or write it as a block (${found.key}: >- with the FQL on the lines below)`;
}

/** Whether the line after the key's is indented past the key: its plain scalar goes on there. */
function continuesOnNextLine(text: string, lineEnd: number, keyAt: number): boolean {
  if (lineEnd >= text.length) return false;
  const nextEnd = text.indexOf("\n", lineEnd + 1);
  const next = text.slice(lineEnd + 1, nextEnd === -1 ? text.length : nextEnd);
  return next.trim() !== "" && /^[ \t]*/.exec(next)![0].length > keyAt;
}
