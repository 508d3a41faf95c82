import type { EventChanges, EventExample, TransformationEventChanges } from "../simulate/plan-events.js";
import type { JsonValue } from "../simulate/types.js";
import { code, escapeText, fenced } from "../escape/markdown-escape.js";
import { beforeCut } from "../secrets/redact-cuts.js";
import { escapeControls } from "../escape/text-escape.js";
import { withAlias, type IdAliases } from "./id-aliases.js";
import { WRITE_ONLY_FIELDS } from "../model/transformation.js";

/** What `plan --events` adds to the text and Markdown reports (it is not part of the JSON plan). */
export interface EventSection {
  /** The --events argument, as given. */
  from: string;
  changes: EventChanges;
  /** Deleted objects simulated without drop and hash (no recorded commit knows them). */
  unknownWriteOnly: string[];
  /** Shown next to the source and destination ids of the events. */
  aliases?: IdAliases;
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
    text = beforeCut(JSON.stringify(value));
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
  if (t.notChecked) return "not checked: no sample event names its destination instance (a sample's destination, an alias of connections)";
  return t.matched === 0 ? "matches no sample event" : `matches ${plural(t.matched, "sample event")}`;
}

/** `update "Rename"` (tfm_1), or a filter's `update DestinationFilter "Drop B" (web → Amplitude prod) (df_1)`. */
function label(t: TransformationEventChanges): string {
  return oneLine(`${t.kind} ${kindName(t)}"${t.name}"${placeOf(t)}${t.id !== undefined ? ` (${t.id})` : ""}`);
}

function kindName(t: TransformationEventChanges): string {
  return t.resource === undefined ? "" : `${t.resource} `;
}

function placeOf(t: TransformationEventChanges): string {
  return t.place === undefined ? "" : ` (${t.place})`;
}

/** `file:line (source web (src_1), destination d): changes a, b and 3 more` */
function exampleTitle(e: EventExample, aliases: IdAliases | undefined): string {
  const destination =
    e.instance !== undefined
      ? `, destination instance ${e.instance}`
      : e.destinationId !== undefined
        ? `, destination ${withAlias(e.destinationId, aliases?.destinations)}`
        : "";
  const scope = `source ${withAlias(e.sourceId, aliases?.sources)}${destination}`;
  const more = e.pathCount > e.paths.length ? ` and ${e.pathCount - e.paths.length} more` : "";
  const paths = e.paths.length > 0 ? `; changes ${e.paths.map((p) => (p === "" ? "the whole event" : p)).join(", ")}${more}` : "";
  return oneLine(`${e.where} (${scope}${paths})`);
}

/** Which transformations applied to the event, now and after the plan. */
function appliedLine(e: EventExample): string {
  const names = (list: string[]): string => (list.length === 0 ? "none" : list.map((n) => `"${n}"`).join(", "));
  return oneLine(`applied now: ${names(e.appliedBefore)}; after the plan: ${names(e.appliedAfter)}`);
}

/** Each changed event once: where, what applied, `-` the output now, `+` after the plan; the rest counted. */
function exampleLines(
  changes: EventChanges,
  aliases: IdAliases | undefined,
): Array<{ kind: "title" | "applied" | "-" | "+"; text: string }> {
  const lines = changes.examples.flatMap((e) => [
    { kind: "title" as const, text: exampleTitle(e, aliases) },
    { kind: "applied" as const, text: appliedLine(e) },
    { kind: "-" as const, text: e.before === null && e.stoppedBefore !== undefined ? oneLine(e.stoppedBefore) : shortEvent(e.before) },
    { kind: "+" as const, text: e.after === null && e.stoppedAfter !== undefined ? oneLine(e.stoppedAfter) : shortEvent(e.after) },
  ]);
  if (changes.changed > changes.examples.length)
    lines.push({ kind: "title", text: `… and ${changes.changed - changes.examples.length} more` });
  return lines;
}

function changedCount(changes: EventChanges): string {
  if (changes.changed === 0) return "No sample event comes out differently.";
  const verb = changes.changed === 1 ? "comes" : "come";
  return `${changes.changed} of ${plural(changes.events, "sample event")} ${verb} out differently (each shown once: - through every live transformation, + through every planned one)`;
}

function intro(section: EventSection): string {
  return oneLine(
    `${plural(section.changes.events, "sample event")} from ${section.from}, run offline through the live transformations and through this plan's (docs/simulator.md)`,
  );
}

/** Downstream: each destination instance's filter and the sample events it stops, now and after the plan. */
function filterDropLines(changes: EventChanges): string[] {
  return (changes.filterDrops ?? []).map((d) =>
    oneLine(`instance ${d.instance}, filter "${d.filter}" stops ${plural(d.before, "sample event")} now, ${d.after} after the plan`),
  );
}

/** Problems a reader must know to trust the examples. */
function cautions(section: EventSection): string[] {
  const { changes } = section;
  const lines: string[] = [];
  if (changes.failed > 0 && changes.firstFailure) {
    lines.push(
      `${plural(changes.failed, "sample event")} could not be simulated; the first, at ${changes.firstFailure.where}: ${changes.firstFailure.message}`,
    );
  }
  if (section.unknownWriteOnly.length > 0) {
    lines.push(
      `No recorded commit knows ${WRITE_ONLY_FIELDS.join(" and ")} of the deleted ${section.unknownWriteOnly.map((n) => `"${n}"`).join(", ")}: simulated without them.`,
    );
  }
  return lines.map(oneLine);
}

/** The section of the text report. */
export function eventSectionText(section: EventSection, paint: Paint): string[] {
  const { changes } = section;
  const lines = [paint("bold", `${EVENT_SECTION_TITLE} (${intro(section)}):`)];
  lines.push(`  ${changedCount(changes)}${changes.changed > 0 ? ":" : ""}`);
  for (const line of exampleLines(changes, section.aliases)) {
    if (line.kind === "title") lines.push(paint("dim", `      ${line.text}`));
    else if (line.kind === "applied") lines.push(paint("dim", `        ${line.text}`));
    else lines.push(`        ${paint(line.kind === "-" ? "red" : "green", `${line.kind} ${line.text}`)}`);
  }
  if (changes.transformations.length === 0) lines.push("  The plan changes no transformation.");
  else
    lines.push(
      `  The ${changes.transformations.some((t) => t.resource !== undefined) ? "transformations and filters" : "transformations"} this plan changes:`,
    );
  for (const t of changes.transformations) lines.push(`    ${paint(KIND_STYLE[t.kind], SIGN[t.kind])} ${label(t)}: ${headline(t)}`);
  const drops = filterDropLines(changes);
  if (drops.length > 0) lines.push("  Downstream, the Destination Filters of the samples' instances:", ...drops.map((d) => `    ${d}`));
  for (const caution of cautions(section)) lines.push(`  ${paint("yellow", "!")} ${caution}`);
  return lines;
}

/** The section of the Markdown report (the pull-request comment). */
export function eventSectionMarkdown(section: EventSection): string {
  const { changes } = section;
  const blocks = [`### ${EVENT_SECTION_TITLE}`, `${escapeText(intro(section))}.`, escapeText(changedCount(changes).replace(/\)$/, "):"))];
  const examples = exampleLines(changes, section.aliases).map(
    (line) => `${line.kind === "title" || line.kind === "applied" ? "#" : line.kind} ${line.text}`,
  );
  if (examples.length > 0) blocks.push(fenced("diff", examples));
  if (changes.transformations.length === 0) blocks.push("The plan changes no transformation.");
  else
    blocks.push(
      changes.transformations
        .map(
          (t) =>
            `- ${code(SIGN[t.kind])} ${t.kind} ${escapeText(kindName(t))}${code(oneLine(t.name))}${escapeText(placeOf(t))}${t.id !== undefined ? ` (${code(oneLine(t.id))})` : ""}: ${escapeText(headline(t))}`,
        )
        .join("\n"),
    );
  const drops = filterDropLines(changes);
  if (drops.length > 0)
    blocks.push(
      ["Downstream, the Destination Filters of the samples' instances:", "", ...drops.map((d) => `- ${escapeText(d)}`)].join("\n"),
    );
  const warnings = cautions(section);
  if (warnings.length > 0) blocks.push(["> [!WARNING]", ...warnings.map((w) => `> - ${escapeText(w)}`)].join("\n"));
  return blocks.join("\n\n");
}
