import type { EventChanges, EventExample, TransformationEventChanges } from "../simulate/plan-events.js";
import type { JsonValue } from "../simulate/types.js";
import { code, escapeHtml, escapeText, fenced } from "./markdown-escape.js";
import { escapeControls } from "./text-escape.js";

/** What `plan --events` adds to the text and Markdown reports (it is not part of the JSON plan). */
export interface EventSection {
  /** The --events argument, as given. */
  from: string;
  changes: EventChanges;
  /** Deleted objects simulated without drop and hash (no recorded commit knows them). */
  unknownWriteOnly: string[];
}

export const EVENT_SECTION_TITLE = "What changes for real events";
/** An event is shown as one line of JSON, cut here. */
export const MAX_EVENT_CHARS = 300;

type Style = "red" | "green" | "yellow" | "cyan" | "bold" | "dim";
type Paint = (style: Style, text: string) => string;
const SIGN = { create: "+", update: "~", delete: "-" } as const;
const KIND_STYLE = { create: "green", update: "yellow", delete: "red" } as const;

/** An output event on one line, or `dropped`; long ones cut (without splitting a surrogate pair). */
export function shortEvent(value: JsonValue | null): string {
  if (value === null) return "dropped";
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return "(an event nested too deeply to show)";
  }
  if (text.length <= MAX_EVENT_CHARS) return escapeControls(text);
  const end = /[\uD800-\uDBFF]/.test(text[MAX_EVENT_CHARS - 1]!) ? MAX_EVENT_CHARS - 1 : MAX_EVENT_CHARS;
  return `${escapeControls(text.slice(0, end))}… (${text.length - end} more characters)`;
}

/** Control characters (a newline in an event key or a file name) shown escaped, so one item stays one line. */
export const oneLine = escapeControls;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function headline(t: TransformationEventChanges): string {
  if (t.matched === 0) return "matches no sample event";
  if (t.changed === 0) return `matches ${plural(t.matched, "sample event")}; none comes out differently`;
  return `matches ${plural(t.matched, "sample event")}; ${t.changed} ${t.changed === 1 ? "comes" : "come"} out differently`;
}

function label(t: TransformationEventChanges): string {
  return oneLine(`${t.kind} "${t.name}"${t.id !== undefined ? ` (${t.id})` : ""}`);
}

/** `file:line (source s, destination d): changes a, b and 3 more` */
function exampleTitle(e: EventExample): string {
  const scope = `source ${e.sourceId}${e.destinationId !== undefined ? `, destination ${e.destinationId}` : ""}`;
  const more = e.pathCount > e.paths.length ? ` and ${e.pathCount - e.paths.length} more` : "";
  const paths = e.paths.length > 0 ? `; changes ${e.paths.map((p) => (p === "" ? "the whole event" : p)).join(", ")}${more}` : "";
  return oneLine(`${e.where} (${scope}${paths})`);
}

function intro(section: EventSection): string {
  return oneLine(`${plural(section.changes.events, "sample event")} from ${section.from}, run offline through the live transformations and through this plan's (docs/simulator.md)`);
}

/** Problems a reader must know to trust the examples. */
function cautions(section: EventSection): string[] {
  const { changes } = section;
  const lines: string[] = [];
  if (changes.failed > 0 && changes.firstFailure) {
    lines.push(`${plural(changes.failed, "sample event")} could not be simulated; the first, at ${changes.firstFailure.where}: ${changes.firstFailure.message}`);
  }
  if (section.unknownWriteOnly.length > 0) {
    lines.push(`No recorded commit knows drop and hashPropertiesConfiguration of the deleted ${section.unknownWriteOnly.map((n) => `"${n}"`).join(", ")}: simulated without them.`);
  }
  return lines.map(oneLine);
}

/** The section of the text report. */
export function eventSectionText(section: EventSection, paint: Paint): string[] {
  const lines = [paint("bold", `${EVENT_SECTION_TITLE} (${intro(section)}):`)];
  if (section.changes.transformations.length === 0) lines.push("  The plan changes no transformation.");
  for (const t of section.changes.transformations) {
    lines.push(`  ${paint(KIND_STYLE[t.kind], SIGN[t.kind])} ${label(t)}: ${headline(t)}`);
    for (const e of t.examples) {
      lines.push(paint("dim", `      ${exampleTitle(e)}`), `        ${paint("red", `- ${shortEvent(e.before)}`)}`, `        ${paint("green", `+ ${shortEvent(e.after)}`)}`);
    }
    if (t.changed > t.examples.length) lines.push(paint("dim", `      … and ${t.changed - t.examples.length} more`));
  }
  for (const caution of cautions(section)) lines.push(`  ${paint("yellow", "!")} ${caution}`);
  return lines;
}

/** The section of the Markdown report (the pull-request comment). */
export function eventSectionMarkdown(section: EventSection): string {
  const blocks = [`### ${EVENT_SECTION_TITLE}`, `${escapeText(intro(section))}.`];
  const quiet = section.changes.transformations.filter((t) => t.examples.length === 0);
  for (const t of section.changes.transformations.filter((t) => t.examples.length > 0)) {
    const id = t.id !== undefined ? ` (<code>${escapeHtml(t.id)}</code>)` : "";
    const summary = `<code>${SIGN[t.kind]}</code> ${t.kind} <b>${escapeHtml(oneLine(t.name))}</b>${id}: ${escapeHtml(headline(t))}`;
    const lines = t.examples.flatMap((e) => [`# ${exampleTitle(e)}`, `- ${shortEvent(e.before)}`, `+ ${shortEvent(e.after)}`]);
    if (t.changed > t.examples.length) lines.push(`# … and ${t.changed - t.examples.length} more`);
    blocks.push([`<details><summary>${summary}</summary>`, "", fenced("diff", lines), "", "</details>"].join("\n"));
  }
  if (quiet.length > 0) blocks.push(quiet.map((t) => `- ${code(SIGN[t.kind])} ${t.kind} ${code(oneLine(t.name))}${t.id !== undefined ? ` (${code(t.id)})` : ""}: ${escapeText(headline(t))}`).join("\n"));
  if (section.changes.transformations.length === 0) blocks.push("The plan changes no transformation.");
  const warnings = cautions(section);
  if (warnings.length > 0) blocks.push(["> [!WARNING]", ...warnings.map((w) => `> - ${escapeText(w)}`)].join("\n"));
  return blocks.join("\n\n");
}
