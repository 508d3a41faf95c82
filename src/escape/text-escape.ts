/**
 * Room src/escape/: on the ground floor, the escaping of every untrusted string for each output:
 * text (a terminal, a CI log: text-escape.ts), Markdown and HTML (markdown-escape.ts), XML (xml-escape.ts),
 * Slack messages (slack-escape.ts).
 * May import: the ground floor.
 */
import { randomBytes } from "node:crypto";

/**
 * The escaping rule of text output (a terminal, a CI log): a string that comes from a file, a name,
 * the API or an event never brings a character that moves the cursor, erases, recolours, reorders
 * or breaks a line. docs/security.md describes the rule; markdown-escape.ts is its Markdown twin.
 */

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators and the bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069): what can make shown text lie.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `\uXXXX`, the form JSON also reads. */
export function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A data string as text output shows it: each unsafe character as an escape (`\n`, `\u001b`), so
 * one item stays on one line. Backslashes are left as they are: applying it twice changes nothing.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (char) => NAMED[char] ?? unicodeEscape(char));
}

/** White space (and colour codes) a line may begin with: the runner trims the first, a terminal hides the second. */
const LEAD = String.raw`(?:[^\S\n\r]|\u0085|\u001b\[[0-9;]*m)*`;

/** What JSON.stringify leaves raw although a terminal acts on it: DEL, C1, separators and bidi. */
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with those characters as `\uXXXX`: the same data, parsed back, and safe to show. */
export function escapeJsonText(json: string): string {
  return json.replace(JSON_RAW, (char) => unicodeEscape(char));
}

/**
 * GitHub's runner reads a line (ended by `\n` or `\r`) as a workflow command when, after leading
 * white space, it starts with `::`, or when it holds `##[` anywhere: its parser looks for that
 * marker with an index search (actions/runner, src/Runner.Common/ActionCommand.cs, `TryParse`).
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
 * The fence escapes the character that completes either form: the second `:` of a line's first
 * `::`, the `[` after `##`. Both escapes are `\uXXXX`, which JSON reads back as the character.
 */
const COMMAND_COLON = new RegExp(String.raw`(?<=(?:^|[\n\r])${LEAD}:):`, "g");
const COMMAND_BRACKET = /(?<=##)\[/g;
const LINE_ONLY_LEAD = new RegExp(`^${LEAD}$`);
const LINE_LEAD_COLON = new RegExp(`^${LEAD}:$`);
/**
 * The mark transync's own workflow commands start with (workflow-commands.ts, `annotationLine`):
 * random, new in every process, so no file, name or API reply can hold it. The fence removes it,
 * which leaves those commands, and only those, at the start of their line.
 */
export const OWN_COMMAND_MARK = `transync-own-command-${randomBytes(16).toString("hex")}:`;
/** A quick test that a chunk may complete a workflow command at all. */
const MAY_COMMAND = /:|\[/;

/** What the fence escapes: the unsafe characters but the line feed (`ownSequenceAt` lets some through). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FENCED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- SGR colour codes are control sequences
const SGR = /^\u001b\[[0-9;]*m/;
const STATUS_ERASE = "\r\u001b[2K";

/** Whether the character at `offset` begins (or is the escape of) a sequence transync itself writes: a colour, the status line's erase (src/log.ts). */
function ownSequenceAt(text: string, offset: number): boolean {
  const char = text[offset];
  if (char === "\r") return text.startsWith(STATUS_ERASE, offset);
  if (char !== "\u001b") return false;
  return SGR.test(text.slice(offset, offset + 16)) || text.startsWith(STATUS_ERASE, offset - 1);
}

/**
 * What the fence needs to know of the line written so far, so that a write cannot complete a
 * command the write before began (`##` then `[add-mask]`, a line's `:` then `:error`): at a line
 * start `\n`, or `\n:` when a `:` followed the white space; elsewhere a NUL (never written raw,
 * no white space) and the line's last two characters.
 */
type LineSoFar = string;
const AT_LINE_START: LineSoFar = "\n";
const MID_LINE: LineSoFar = "\u0000";

/**
 * The last fence of every byte the CLI writes (stdout, stderr, logs): a control character that
 * escaped a renderer is shown escaped, and no line holds a workflow command but those transync
 * writes itself (`OWN_COMMAND_MARK`). JSON stays the same data: inside a JSON string, `\uXXXX` reads back as the character.
 */
export function fenceText(chunk: string, atLineStart: boolean): string {
  return fenceAfter(atLineStart ? AT_LINE_START : MID_LINE, chunk);
}

function fenceAfter(before: LineSoFar, chunk: string): string {
  const escaped = chunk.replace(FENCED, (char: string, offset: number) =>
    ownSequenceAt(chunk, offset) ? char : (NAMED[char] ?? unicodeEscape(char)),
  );
  if (!MAY_COMMAND.test(escaped)) return escaped;
  // Neither form in the chunk, nor across its start: nothing to escape, and no copy of a chunk of megabytes (the JSON plan).
  const start = `${before}${escaped.slice(0, 2)}`;
  if (!escaped.includes("::") && !escaped.includes("##[") && !start.includes("::") && !start.includes("##["))
    return withoutOwnMark(escaped);
  // Every command is escaped first (only in this chunk: `before` is written); then transync's own lose their mark.
  const keepWritten = (char: string, offset: number): string => (offset < before.length ? char : unicodeEscape(char));
  // Each pattern's lookbehind is tried at every `:` or `[` (JSON is full of both); a form that is not in the text cannot match.
  const text = `${before}${escaped}`;
  const colonsEscaped = text.includes("::") ? text.replace(COMMAND_COLON, keepWritten) : text;
  const commandsEscaped = colonsEscaped.includes("##[") ? colonsEscaped.replace(COMMAND_BRACKET, keepWritten) : colonsEscaped;
  return withoutOwnMark(commandsEscaped.slice(before.length));
}

/** `text` without the mark of transync's own commands. */
function withoutOwnMark(text: string): string {
  return text.includes(OWN_COMMAND_MARK) ? text.split(OWN_COMMAND_MARK).join("") : text;
}

/** The line so far after `written` follows `before`. */
function lineAfter(before: LineSoFar, written: string): LineSoFar {
  // The last line break is looked for in `written`'s last line only: a chunk may be megabytes long.
  const newline = written.lastIndexOf("\n");
  const lastLine = written.slice(newline + 1);
  const carriage = lastLine.lastIndexOf("\r");
  if (newline < 0 && carriage < 0) return lineSoFar(`${before}${written}`);
  return lineAfterBreak(lastLine.slice(carriage + 1));
}

/** What the fence keeps of `text`, all of a line's text written so far: its last line's. */
function lineSoFar(text: string): LineSoFar {
  const lineBreak = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  return lineBreak < 0 ? `${MID_LINE}${text.slice(-2)}` : lineAfterBreak(text.slice(lineBreak + 1));
}

/** What the fence keeps of `line`, the text written after a line break. */
function lineAfterBreak(line: string): LineSoFar {
  if (LINE_ONLY_LEAD.test(line)) return AT_LINE_START;
  if (LINE_LEAD_COLON.test(line)) return `${AT_LINE_START}:`;
  return `${MID_LINE}${line.slice(-2)}`;
}

/** A stream whose writes pass the fence, remembering what the current line holds so far. */
export function fencedStream<T extends { write(chunk: string): unknown }>(target: T): T {
  let line: LineSoFar = AT_LINE_START;
  const write = (chunk: string): unknown => {
    const text = typeof chunk === "string" ? chunk : String(chunk);
    const fenced = fenceAfter(line, text);
    line = lineAfter(line, fenced);
    return target.write(fenced);
  };
  return new Proxy(target, { get: (obj, key) => (key === "write" ? write : Reflect.get(obj, key, obj)) });
}

/**
 * A copy of `value` with every string escaped (`escapeControls`), except the values under the
 * `verbatim` keys, which the renderer shows as JSON (src/report/field-diff.ts escapes that JSON).
 */
export function escapeStrings<T>(value: T, verbatim: ReadonlySet<string> = new Set()): T {
  if (typeof value === "string") return escapeControls(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => escapeStrings(item, verbatim)) as T;
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([key, item]) => [key, verbatim.has(key) ? item : escapeStrings(item, verbatim)]);
  return Object.fromEntries(entries) as T;
}
