import type { Plan, PlanAction, PullRequestChanges } from "../plan/types.js";
import { hasUnmanagedDrift } from "../plan/compute-plan.js";
import type { FieldView } from "./field-diff.js";
import {
  ignoredNote,
  isQuiet,
  actionNotes,
  fieldViews,
  kindPrefix,
  placeText,
  originText,
  readingNotes,
  renameHintNotes,
  selectionLine,
  SIGN,
  summaryLine,
  type NoteStyle,
} from "./format.js";
import { eventSectionMarkdown, type EventSection } from "./render-event-changes.js";
import { code, escapeHtml, escapeText, fenced } from "../escape/markdown-escape.js";
import { withAlias, type IdAliases } from "./id-aliases.js";
import { leftOutLine } from "./no-changes.js";
import { volumeText } from "./volume-text.js";
import { guardHeading, guardHitText } from "./guard-text.js";
import { locationText } from "../model/desired-resource.js";
import { environmentSentence, settingChangeSentences, SETTING_CHANGES_TITLE, type HeaderStyle } from "./pull-request-header.js";

/** Names and ids as code spans (escaped there). */
const MARKDOWN_HEADER_STYLE: HeaderStyle = { code: (text) => code(text), id: (text) => code(text) };

/** Command-line words and names as code spans: real code formatting, no visible backslash. */
const MARKDOWN_NOTE_STYLE: NoteStyle = { code: (text) => code(text), name: (text) => code(text) };

/**
 * The hidden first line of every plan comment: `transync comment` finds and updates its comment by
 * it. It names the environment, so the plans of two environments on one pull request keep two
 * comments. Environment names are `[A-Za-z0-9][A-Za-z0-9_.-]*` (the project schema): never `-->`.
 */
export function planCommentMarker(env: string | undefined): string {
  return `<!-- transync-plan env=${env ?? "default"} -->`;
}

/**
 * The environment a comment's first line marks, or undefined when it is not a marker. The marker of
 * earlier versions, without an environment, counts as `default`, so their comment is still updated.
 */
export function commentMarkerEnv(text: string): string | undefined {
  const match = /^<!-- transync-plan(?: env=([A-Za-z0-9][A-Za-z0-9_.-]*))? -->$/.exec(text.split("\n", 1)[0]!.trimEnd());
  return match ? (match[1] ?? "default") : undefined;
}

/** Markdown for a pull-request comment: warnings first, a summary table, one collapsible diff per action. Stable: no timestamps. */
export function renderMarkdown(plan: Plan, options: { events?: EventSection; aliases?: IdAliases } = {}): string {
  const { summary } = plan;
  const heading =
    plan.actions.length === 0
      ? `Drift, ${plan.unmanaged.length} unmanaged in the declared scope`
      : `${summary.create} to create, ${summary.update} to update, ${summary.delete} to delete`;
  const where = `Workspace ${code(plan.workspaceId)} · ${escapeText(originText(plan))}`;
  if (isQuiet(plan)) return noChangesMarkdown(plan, where);
  const blocks: string[] = [
    planCommentMarker(plan.origin.env),
    `## transync plan: ${heading}`,
    where,
    ...guardBanner(plan),
    ...pullRequestTop(plan, true),
  ];
  if (plan.warnings.length > 0) {
    blocks.push(
      [
        "> [!WARNING]",
        `> ${plan.warnings.length === 1 ? "1 warning" : `${plan.warnings.length} warnings`}:`,
        ...plan.warnings.map((w) => `> - ${w.where ? `${code(w.where)}: ` : ""}${escapeText(w.message)}`),
      ].join("\n"),
    );
  }
  blocks.push(summaryTable(plan));
  const narrowed = selectionLine(plan, MARKDOWN_NOTE_STYLE);
  if (narrowed !== undefined) blocks.push(["> [!NOTE]", `> ${narrowed}`].join("\n"));
  if (plan.actions.length > 0) blocks.push("### Actions", ...plan.actions.map((action) => actionBlock(plan, action, options.aliases)));
  const renames = renameHintNotes(plan, MARKDOWN_NOTE_STYLE);
  if (renames.length > 0)
    blocks.push(["> [!TIP]", "> Looks like a rename:", ...renames.map((r) => `> - ${r.sentence} ${code(r.idLine)}`)].join("\n"));
  if (plan.unmanaged.length > 0) {
    const hint = plan.options.prune === false ? "`--prune` deletes them" : "this prune does not delete them";
    const title = hasUnmanagedDrift(plan)
      ? `### Drift: unmanaged in the declared scope (${plan.unmanaged.length})`
      : `### Unmanaged (${plan.unmanaged.length})`;
    blocks.push(
      title,
      `In scope but matched by no document; ${hint}.`,
      plan.unmanaged
        .map((u) =>
          u.resource === undefined
            ? `- ${code(u.name)} (${code(u.id)}, source ${code(withAlias(u.sourceId, options.aliases?.sources))})`
            : `- ${escapeHtml(u.resource)} ${code(u.name)}${escapeHtml(placeText(u))} (${code(u.id)})`,
        )
        .join("\n"),
    );
  }
  const unverifiable = plan.unchanged.filter((u) => u.writeOnlyUnverifiable?.length);
  if (unverifiable.length > 0) {
    blocks.push(
      "### Write-only, not verifiable",
      "The API does not return these fields, so they cannot be compared; `--resend-write-only` re-sends them.",
      unverifiable.map((u) => `- ${code(u.name)} (${code(u.id)}): ${u.writeOnlyUnverifiable!.join(", ")}`).join("\n"),
    );
  }
  if (plan.pullRequest) blocks.push(pullRequestSection(plan.pullRequest));
  if (options.events) blocks.push(eventSectionMarkdown(options.events));
  blocks.push(
    "### What this plan read",
    readingNotes(plan, MARKDOWN_NOTE_STYLE)
      .map((note) => `- ${note}`)
      .join("\n"),
  );
  blocks.push(`**${summaryLine(plan)}**`);
  return `${blocks.join("\n\n")}\n`;
}

/** A plan with no changes: the heading and where it was read, and the count of what was left out (src/report/no-changes.ts). */
function noChangesMarkdown(plan: Plan, where: string): string {
  const blocks = [
    planCommentMarker(plan.origin.env),
    "## transync plan: No changes",
    `${where}: ${(plan.selection?.leftOut ?? 0) > 0 ? "no changes among the objects --target/--exclude select" : "live state matches the desired state"}.`,
    // The settings a pull request changes; the environment is in the line above.
    ...pullRequestTop(plan, false),
  ];
  const narrowed = selectionLine(plan, MARKDOWN_NOTE_STYLE);
  if (narrowed !== undefined) blocks.push(narrowed);
  const leftOut = leftOutLine(plan);
  // transync's own words and counts, no data: escaping would show `&#58;` in the raw text.
  if (leftOut !== undefined) blocks.push(leftOut);
  const ignored = ignoredNote(plan, MARKDOWN_NOTE_STYLE);
  if (ignored !== undefined) blocks.push(ignored);
  return `${blocks.join("\n\n")}\n`;
}

/** A pull-request plan's environment, and the settings of transync.yaml it changes, before anything else. */
function pullRequestTop(plan: Plan, withEnvironment: boolean): string[] {
  const environment = withEnvironment ? environmentSentence(plan, MARKDOWN_HEADER_STYLE) : undefined;
  const changes = settingChangeSentences(plan, MARKDOWN_HEADER_STYLE);
  return [
    ...(environment !== undefined ? [environment] : []),
    ...(changes.length > 0 ? [["> [!IMPORTANT]", `> ${SETTING_CHANGES_TITLE}`, ...changes.map((c) => `> - ${c}`)].join("\n")] : []),
  ];
}

/** The changes over a blast-radius limit (`guards`), first: a caution banner above the summary. */
function guardBanner(plan: Plan): string[] {
  const hits = plan.guards ?? [];
  if (hits.length === 0) return [];
  return [
    ["> [!CAUTION]", `> ${escapeText(guardHeading(hits))}:`, ...hits.map((hit) => `> - ${escapeText(guardHitText(hit))}`)].join("\n"),
  ];
}

function summaryTable(plan: Plan): string {
  const { summary } = plan;
  const rows: Array<[string, number]> = [
    ["Create", summary.create],
    ["Update", summary.update],
    ["Delete", summary.delete],
    ["Unchanged", summary.unchanged],
    ["Unmanaged", summary.unmanaged],
  ];
  return ["| | Count |", "|---|---:|", ...rows.map(([label, count]) => `| ${label} | ${count} |`)].join("\n");
}

function actionBlock(plan: Plan, action: PlanAction, aliases: IdAliases | undefined): string {
  const id = action.id !== undefined ? ` (<code>${escapeHtml(action.id)}</code>)` : "";
  const reasons = action.kind === "update" && action.reasons?.length ? `: ${action.reasons.join(", ")}` : "";
  const volume = volumeText(action, "→");
  // transync's words and numbers; escaped all the same, as everything inside the summary's HTML is.
  const traffic = volume !== undefined ? ` · ${escapeHtml(volume)}` : "";
  const summary = `<code>${SIGN[action.kind]}</code> ${action.kind} ${escapeHtml(kindPrefix(action))}<b>${escapeHtml(action.name)}</b>${escapeHtml(placeText(action))}${id}${reasons}${traffic}`;
  return [`<details><summary>${summary}</summary>`, "", fenced("diff", diffLines(plan, action, aliases)), "", "</details>"].join("\n");
}

function diffLines(plan: Plan, action: PlanAction, aliases: IdAliases | undefined): string[] {
  const lines: string[] = [];
  if (action.location) lines.push(`# ${locationText(action.location)}`);
  for (const view of fieldViews(plan, action, aliases)) lines.push(...viewLines(view, action));
  return [...lines, ...actionNotes(action).map((note) => `# ${note}`)];
}

/** Diff lines of one field: `-`/`+` whole values, or a header and one line per element. */
function viewLines(view: FieldView, action: PlanAction): string[] {
  if (view.kind === "block") return [`  ${view.field}:${view.note ?? ""}`, ...view.lines.map((line) => `${line.sign}     ${line.text}`)];
  const lines: string[] = [];
  if (view.before !== undefined || action.kind === "update") lines.push(`- ${view.field}: ${view.before ?? "(none)"}`);
  if (view.after !== undefined || action.kind === "update") lines.push(`+ ${view.field}: ${view.after ?? "(none)"}`);
  if (view.note) lines.push(`#${view.note}`);
  return lines;
}

function pullRequestSection(pr: PullRequestChanges): string {
  const parts = [`### Pull request`, `Compared with base ${code(pr.base.slice(0, 12))} at head ${code(pr.head.slice(0, 12))}.`];
  if (pr.transformations.length > 0) {
    parts.push(
      [
        "| Transformation | Change |",
        "|---|---|",
        ...pr.transformations.map((t) => `| ${code(t.name, true)}${t.id ? ` (${code(t.id, true)})` : ""} | ${t.status} |`),
      ].join("\n"),
    );
  } else parts.push("The pull request changes no transformation documents.");
  if (pr.files.length > 0)
    parts.push(
      ["<details><summary>Changed files</summary>", "", ...pr.files.map((f) => `- ${code(f.path)} (${f.status})`), "", "</details>"].join(
        "\n",
      ),
    );
  if (pr.driftOutsidePr.length > 0) {
    parts.push(
      [
        "> [!NOTE]",
        "> Live drift outside this pull request (these objects differ from git although the PR does not touch them):",
        ...pr.driftOutsidePr.map((name) => `> - ${code(name)}`),
      ].join("\n"),
    );
  }
  return parts.join("\n\n");
}
