import type { Plan, PlanAction, PullRequestChanges } from "../plan/types.js";
import type { FieldView } from "./field-diff.js";
import { eventSectionText, type EventSection } from "./render-event-changes.js";
import {
  ignoredNote,
  isQuiet,
  unmanagedTitle,
  actionLabel,
  kindPrefix,
  unmanagedText,
  actionNotes,
  fieldViews,
  originText,
  readingNotes,
  selectionLine,
  renameHintNotes,
  SIGN,
  summaryLine,
} from "./format.js";
import type { IdAliases } from "./id-aliases.js";
import { leftOutLine } from "./no-changes.js";
import { escapeStrings } from "../escape/text-escape.js";
import { volumeText } from "./volume-text.js";
import { locationText } from "../model/desired-resource.js";
import { wrapLines } from "./wrap-lines.js";
import { environmentSentence, settingChangeSentences, SETTING_CHANGES_TITLE, type HeaderStyle } from "./pull-request-header.js";
import { guardHeading, guardHitText } from "./guard-text.js";

/** Names of transync.yaml in backquotes, ids as they are (both already escaped). */
const TEXT_HEADER_STYLE: HeaderStyle = { code: (text) => `\`${text}\``, id: (text) => text };

const ANSI = { red: 31, green: 32, yellow: 33, cyan: 36, bold: 1, dim: 2 } as const;
type Paint = (style: keyof typeof ANSI, text: string) => string;

const KIND_STYLE: Record<PlanAction["kind"], keyof typeof ANSI> = { create: "green", update: "yellow", delete: "red" };
const LINE_STYLE = { "+": "green", "-": "red", " ": "dim" } as const;

/** Field values, which the report shows as JSON (escaped there, src/report/field-diff.ts). */
const VALUE_KEYS = new Set(["before", "after", "body"]);

/** Terraform-like text: `+` create, `~` update (`field: old -> new`), `-` delete, `?` unmanaged. ANSI colour only when asked. */
export function renderText(dataPlan: Plan, options: { color: boolean; events?: EventSection; aliases?: IdAliases }): string {
  // Every name, id, path and message of the plan shown escaped (src/escape/text-escape.ts).
  const plan = escapeStrings(dataPlan, VALUE_KEYS);
  const paint: Paint = options.color ? (style, text) => `\u001b[${ANSI[style]}m${text}\u001b[0m` : (_style, text) => text;
  const heading = paint("bold", `transync plan for workspace ${plan.workspaceId} (${originText(plan)})`);
  // The short form keeps the settings a pull request changes; the environment is in its heading (and on stderr).
  if (isQuiet(plan))
    return `${wrapLines([heading, ...pullRequestTop(plan, paint, false), paint("bold", summaryLine(plan)), selectionLine(plan), leftOutLine(plan), ignoredNote(plan)].filter((line) => line !== undefined).join("\n"))}\n`;
  const top = pullRequestTop(plan, paint, true);
  const lines = [heading, "", ...guardLines(plan, paint), ...(top.length > 0 ? [...top, ""] : [])];
  if (plan.warnings.length > 0) {
    lines.push(paint("yellow", "Warnings:"));
    for (const w of plan.warnings) lines.push(`  ${paint("yellow", "!")} ${w.where ? `${w.where}: ` : ""}${w.message}`);
    lines.push("");
  }
  for (const action of plan.actions) lines.push(...actionLines(plan, action, paint, options.aliases), "");
  const renames = renameHintNotes(plan);
  if (renames.length > 0) {
    lines.push(paint("yellow", "Looks like a rename:"));
    for (const r of renames) lines.push(`  ${paint("yellow", "~")} ${r.sentence}`, `      ${r.idLine}`);
    lines.push("");
  }
  if (plan.unmanaged.length > 0) {
    lines.push(paint("cyan", `${unmanagedTitle(plan)}:`));
    for (const u of plan.unmanaged) lines.push(`  ${paint("cyan", "?")} ${unmanagedText(u, options.aliases?.sources)}`);
    lines.push("");
  }
  const unverifiable = plan.unchanged.filter((u) => u.writeOnlyUnverifiable?.length);
  if (unverifiable.length > 0) {
    lines.push(
      paint("dim", "Unchanged, but write-only, not verifiable (the API does not return these fields; --resend-write-only re-sends them):"),
    );
    for (const u of unverifiable) lines.push(paint("dim", `  = "${u.name}" (${u.id}): ${u.writeOnlyUnverifiable!.join(", ")}`));
    lines.push("");
  }
  if (plan.pullRequest) lines.push(...pullRequestLines(plan.pullRequest, paint), "");
  if (options.events) lines.push(...eventSectionText(options.events, paint), "");
  lines.push(paint("dim", "Notes:"), ...readingNotes(plan).map((note) => paint("dim", `  - ${note}`)), "");
  lines.push(paint("bold", summaryLine(plan)));
  const narrowed = selectionLine(plan);
  if (narrowed !== undefined) lines.push(narrowed);
  // Notes, warnings and names can be long: every line wraps at LINE_WIDTH (src/report/wrap-lines.ts).
  return `${wrapLines(lines.join("\n"))}\n`;
}

/** The changes over a blast-radius limit (`guards`), before anything else. */
function guardLines(plan: Plan, paint: Paint): string[] {
  const hits = plan.guards ?? [];
  if (hits.length === 0) return [];
  return [paint("red", `${guardHeading(hits)}:`), ...hits.map((hit) => `  ${paint("red", "!")} ${guardHitText(hit)}`), ""];
}

/** A pull-request plan's environment, and the settings of transync.yaml it changes, before anything else. */
function pullRequestTop(plan: Plan, paint: Paint, withEnvironment: boolean): string[] {
  const environment = withEnvironment ? environmentSentence(plan, TEXT_HEADER_STYLE) : undefined;
  const changes = settingChangeSentences(plan, TEXT_HEADER_STYLE);
  return [
    ...(environment !== undefined ? [environment] : []),
    ...(changes.length > 0 ? [paint("yellow", SETTING_CHANGES_TITLE), ...changes.map((c) => `  ${paint("yellow", "!")} ${c}`)] : []),
  ];
}

function actionLines(plan: Plan, action: PlanAction, paint: Paint, aliases: IdAliases | undefined): string[] {
  const style = KIND_STYLE[action.kind];
  const sign = SIGN[action.kind];
  const lines = [`  ${paint(style, sign)} ${paint("bold", actionLabel(action))}`];
  const volume = volumeText(action);
  if (volume !== undefined) lines.push(`      ${volume}`);
  if (action.location) lines.push(paint("dim", `      at ${locationText(action.location)}`));
  if (action.kind !== "delete") {
    for (const view of fieldViews(plan, action, aliases)) lines.push(...viewLines(view, action, paint));
  }
  for (const note of actionNotes(action)) lines.push(paint("dim", `      # ${note}`));
  return lines;
}

function viewLines(view: FieldView, action: PlanAction, paint: Paint): string[] {
  const style = KIND_STYLE[action.kind];
  const sign = paint(style, SIGN[action.kind]);
  const note = view.note ?? "";
  if (view.kind === "block") {
    return [
      `      ${sign} ${view.field}:${note}`,
      ...view.lines.map((line) => `          ${paint(LINE_STYLE[line.sign], `${line.sign} ${line.text}`)}`),
    ];
  }
  const text =
    action.kind === "create"
      ? `${view.field}: ${view.after ?? "(none)"}`
      : `${view.field}: ${view.before ?? "(none)"} -> ${view.after ?? "(none)"}`;
  return [`      ${sign} ${text}${note}`];
}

function pullRequestLines(pr: PullRequestChanges, paint: Paint): string[] {
  const lines = [paint("bold", `Pull request (base ${pr.base.slice(0, 12)}, head ${pr.head.slice(0, 12)}):`)];
  if (pr.transformations.length === 0) lines.push("  The pull request changes no transformation documents.");
  for (const t of pr.transformations) lines.push(`  ${t.status.padEnd(8)} ${kindPrefix(t)}"${t.name}"${t.id ? ` (${t.id})` : ""}`);
  if (pr.files.length > 0) lines.push(`  Changed files: ${pr.files.map((f) => `${f.path} (${f.status})`).join(", ")}`);
  if (pr.driftOutsidePr.length > 0) {
    lines.push(
      paint(
        "yellow",
        `  Live drift outside this pull request (these objects differ from git although the PR does not touch them): ${pr.driftOutsidePr.map((n) => `"${n}"`).join(", ")}`,
      ),
    );
  }
  return lines;
}
