import type { Plan, PlanAction } from "../plan/types.js";
import { actionLabel, actionNotes, formatValue, originText, shownChanges, SIGN, summaryLine } from "./format.js";

const ANSI = { red: 31, green: 32, yellow: 33, cyan: 36, bold: 1, dim: 2 } as const;
type Paint = (style: keyof typeof ANSI, text: string) => string;

const KIND_STYLE: Record<PlanAction["kind"], keyof typeof ANSI> = { create: "green", update: "yellow", delete: "red" };

/** Terraform-like text: `+` create, `~` update (`field: old -> new`), `-` delete, `?` unmanaged. ANSI colour only when asked. */
export function renderText(plan: Plan, options: { color: boolean }): string {
  const paint: Paint = options.color ? (style, text) => `\u001b[${ANSI[style]}m${text}\u001b[0m` : (_style, text) => text;
  const lines = [paint("bold", `transync plan for workspace ${plan.workspaceId} (${originText(plan)})`), ""];
  if (plan.warnings.length > 0) {
    lines.push(paint("yellow", "Warnings:"));
    for (const w of plan.warnings) lines.push(`  ${paint("yellow", "!")} ${w.where ? `${w.where}: ` : ""}${w.message}`);
    lines.push("");
  }
  for (const action of plan.actions) lines.push(...actionLines(action, paint), "");
  if (plan.unmanaged.length > 0) {
    lines.push(paint("cyan", `Unmanaged (in scope, matched by no document; ${plan.options.prune === false ? "--prune deletes them" : "not deleted by this prune"}):`));
    for (const u of plan.unmanaged) lines.push(`  ${paint("cyan", "?")} "${u.name}" (${u.id}, source ${u.sourceId})`);
    lines.push("");
  }
  const unverifiable = plan.unchanged.filter((u) => u.writeOnlyUnverifiable?.length);
  if (unverifiable.length > 0) {
    lines.push(paint("dim", "Unchanged, but write-only, not verifiable (the API does not return these fields; --resend-write-only re-sends them):"));
    for (const u of unverifiable) lines.push(paint("dim", `  = "${u.name}" (${u.id}): ${u.writeOnlyUnverifiable!.join(", ")}`));
    lines.push("");
  }
  lines.push(paint("bold", summaryLine(plan)));
  return `${lines.join("\n")}\n`;
}

function actionLines(action: PlanAction, paint: Paint): string[] {
  const style = KIND_STYLE[action.kind];
  const lines = [`  ${paint(style, SIGN[action.kind])} ${paint("bold", actionLabel(action))}`];
  if (action.location) lines.push(paint("dim", `      at ${action.location.file}:${action.location.line}:${action.location.col}`));
  if (action.kind !== "delete") {
    for (const change of shownChanges(action)) {
      const text = action.kind === "create" ? `${change.field}: ${formatValue(change.after)}` : `${change.field}: ${formatValue(change.before)} -> ${formatValue(change.after)}`;
      lines.push(`      ${paint(style, SIGN[action.kind])} ${text}`);
    }
  }
  for (const note of actionNotes(action)) lines.push(paint("dim", `      # ${note}`));
  return lines;
}
