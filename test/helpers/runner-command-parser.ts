/**
 * How GitHub's runner finds workflow commands in a step's output, ported from its source
 * (actions/runner: src/Runner.Sdk/ProcessInvoker.cs reads lines, src/Runner.Worker/Handlers/OutputManager.cs
 * hands each to src/Runner.Worker/ActionCommandManager.cs, which tries src/Runner.Common/ActionCommand.cs's
 * `TryParseV2` (the `::` form), then `TryParse` (the `##[` form)). Written for the tests: what this
 * finds in transync's output is what the runner would run.
 *
 * What the runner does, and this port with it:
 * - A line ends at `\n`, `\r` or `\r\n` (.NET's `StreamReader.ReadLine`); NEL and U+2028 do not end one.
 * - `::` form: after `TrimStart()` (every .NET white space, NEL and U+2028 included) the line starts
 *   with `::`; the command info runs to the next `::`; the name is the info up to its first space.
 * - `##[` form: the FIRST `##[` anywhere in the line; the info runs to the next `]`; the name is the
 *   info up to its first space. A later `##[` on the same line is never looked at.
 * - A name counts only if registered (compared ignoring case); `stop-commands::TOKEN` makes the
 *   runner ignore every command until one named TOKEN.
 * The runner's `StartsWith`/`IndexOf` compare by culture (ICU), which skips ignorable characters
 * (a soft hyphen, a zero-width joiner); the command name is still cut at a fixed offset from the
 * match's start (2 for `::`, 3 for `##[`), so a match that spans an ignorable character gives a
 * name starting with `#`, `[`, `:` or the ignorable one, never a registered command: literal
 * matching, as here, finds the same commands.
 */

/** The commands ActionCommandManager registers (each `IActionCommandExtension`, and stop-commands). */
export const RUNNER_COMMANDS: readonly string[] = [
  "stop-commands",
  "set-env",
  "set-output",
  "save-state",
  "add-mask",
  "add-path",
  "add-matcher",
  "remove-matcher",
  "debug",
  "warning",
  "error",
  "notice",
  "group",
  "endgroup",
  "echo",
  // Registered only while a runner plugin runs; counted here so the test is the stricter.
  "internal-set-repo-path",
];

export interface RunnerCommand {
  form: "::" | "##[";
  /** The name as written (the runner matches it ignoring case). */
  command: string;
  properties: Record<string, string>;
  data: string;
  /** The whole line it came from. */
  line: string;
}

/** .NET's `char.IsWhiteSpace`, which `TrimStart()` removes. */
// eslint-disable-next-line no-control-regex -- the vertical tab is white space to .NET
const DOTNET_LEADING_SPACE = /^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** The lines the runner reads from a stream's text. */
export function runnerLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  // ReadLine gives no empty line after a final line break.
  if (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines;
}

/** Replaces each `%XX` of `pairs` in turn, as the runner's Unescape methods do (one pass per pair, in order). */
function unescapeWith(text: string, pairs: ReadonlyArray<[string, string]>): string {
  return pairs.reduce((out, [token, escaped]) => out.split(escaped).join(token), text);
}
const V2_DATA: Array<[string, string]> = [
  ["\r", "%0D"],
  ["\n", "%0A"],
  ["%", "%25"],
];
const V2_PROPERTY: Array<[string, string]> = [
  ["\r", "%0D"],
  ["\n", "%0A"],
  [":", "%3A"],
  [",", "%2C"],
  ["%", "%25"],
];
const V1_VALUE: Array<[string, string]> = [
  [";", "%3B"],
  ["\r", "%0D"],
  ["\n", "%0A"],
  ["]", "%5D"],
  ["%", "%25"],
];

/** `name=value` pairs split by `separator`; a pair without a value is skipped (.NET's RemoveEmptyEntries). */
function propertiesOf(text: string, separator: string, unescape: (value: string) => string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(separator).filter((part) => part !== "")) {
    const eq = pair.indexOf("=");
    const [key, value] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    if (key !== "" && value !== "") properties[key] = unescape(value);
  }
  return properties;
}

/** Name and properties of a command's info (`name prop…`), if the name is registered. */
function commandInfo(info: string, registered: ReadonlySet<string>): { name: string; rest: string | undefined } | undefined {
  const space = info.indexOf(" ");
  const name = space < 0 ? info : info.slice(0, space);
  if (!registered.has(name.toLowerCase())) return undefined;
  return { name, rest: space > 0 ? info.slice(space + 1) : undefined };
}

/** `TryParseV2`: `::name prop=v,…::data` after leading white space. */
export function parseColonCommand(line: string, registered: ReadonlySet<string>): RunnerCommand | undefined {
  const message = line.replace(DOTNET_LEADING_SPACE, "");
  if (!message.startsWith("::")) return undefined;
  const end = message.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = commandInfo(message.slice(2, end), registered);
  if (!info) return undefined;
  const properties = info.rest === undefined ? {} : propertiesOf(info.rest.trim(), ",", (v) => unescapeWith(v, V2_PROPERTY));
  return { form: "::", command: info.name, properties, data: unescapeWith(message.slice(end + 2), V2_DATA), line };
}

/** `TryParse`: the first `##[` of the line, `##[name prop=v;…]data`. */
export function parseBracketCommand(line: string, registered: ReadonlySet<string>): RunnerCommand | undefined {
  const prefix = line.indexOf("##[");
  if (prefix < 0) return undefined;
  const bracket = line.indexOf("]", prefix);
  if (bracket < 0) return undefined;
  const info = commandInfo(line.slice(prefix + 3, bracket), registered);
  if (!info) return undefined;
  const properties = info.rest === undefined ? {} : propertiesOf(info.rest, ";", (v) => unescapeWith(v, V1_VALUE));
  return { form: "##[", command: info.name, properties, data: unescapeWith(line.slice(bracket + 1), V1_VALUE), line };
}

/**
 * Every command the runner would act on in `text` (one stream of a step), in order, as
 * `TryProcessCommand` does: `::` first, then `##[`; while stopped, only the resume token counts.
 */
export function runnerCommands(text: string): RunnerCommand[] {
  const registered = new Set(RUNNER_COMMANDS.map((name) => name.toLowerCase()));
  let stopToken: string | undefined;
  const found: RunnerCommand[] = [];
  for (const line of runnerLines(text)) {
    if (!line.includes("::") && !line.includes("##[")) continue;
    const command = parseColonCommand(line, registered) ?? parseBracketCommand(line, registered);
    if (!command) continue;
    const name = command.command.toLowerCase();
    if (stopToken !== undefined) {
      if (name !== stopToken) continue;
      registered.delete(stopToken);
      stopToken = undefined;
    } else if (name === "stop-commands" && command.data !== "") {
      stopToken = command.data.toLowerCase();
      registered.add(stopToken);
    }
    found.push(command);
  }
  return found;
}

/**
 * Stricter than the runner: every `##[` of every line tried as a command (not only the first),
 * and never stopped. What transync's output must not hold even where the runner would not look.
 */
export function everyBracketCommand(text: string): RunnerCommand[] {
  const registered = new Set(RUNNER_COMMANDS.map((name) => name.toLowerCase()));
  return runnerLines(text).flatMap((line) => {
    const starts = [...line.matchAll(/##\[/g)].map((match) => match.index);
    return starts.flatMap((start) => parseBracketCommand(line.slice(start), registered) ?? []);
  });
}
