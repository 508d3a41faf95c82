import { canonicalJson } from "../plan/canonical.js";
import type { FieldChange, PlanAction } from "../plan/types.js";
import { beforeCut } from "../secrets/redact-cuts.js";
import { escapeControls } from "../escape/text-escape.js";

/** How one changed field is shown: on one line, or as a block of element lines. */
export type FieldView =
  | { kind: "inline"; field: string; before?: string; after?: string; note?: string }
  | { kind: "block"; field: string; note?: string; lines: Array<{ sign: "+" | "-" | " "; text: string }> };

/** What every report shows instead of a hash key, literal or from the environment. */
export const SENSITIVE = "(sensitive)";
/** Longer strings are shown around the place they differ, not in full. */
const LONG_STRING = 60;
/** Inline values longer than this are shown element by element. */
const LONG_INLINE = 100;
const CONTEXT = 20;

/** A value as reports show it: compact JSON, `(none)` when unset, hash keys hidden. */
export function formatValue(value: unknown, field?: string): string {
  if (value === undefined) return "(none)";
  return jsonText(field === "hashPropertiesConfiguration" ? hideKey(value) : value);
}

/** Compact JSON with the characters JSON leaves raw (C1, DEL, bidi) escaped too: the same value. */
function jsonText(value: unknown): string {
  return escapeControls(JSON.stringify(value));
}

function hideKey(value: unknown): unknown {
  if (value === null || typeof value !== "object" || !("key" in value)) return value;
  return { ...(value as object), key: SENSITIVE };
}

/** The desired value in the document's own order (the body carries it as written), else the planned one. */
function documentOrder(action: PlanAction, change: FieldChange): unknown {
  const written = action.body ? (action.body as Record<string, unknown>)[change.field] : undefined;
  return Array.isArray(written) ? written : change.after;
}

/** Identity of an element whatever the order of its keys and of its inner arrays. */
function elementKey(value: unknown): string {
  const sortDeep = (v: unknown): unknown =>
    Array.isArray(v)
      ? v
          .map(sortDeep)
          .map((x) => canonicalJson(x))
          .sort()
          .map((x) => JSON.parse(x) as unknown)
      : v !== null && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sortDeep(x)]))
        : v;
  return canonicalJson(sortDeep(value));
}

/**
 * Element lines of an array change: the removed elements `-` first (the live object's order), then
 * the desired elements in the document's order, added ones `+` and runs of unchanged ones
 * collapsed to a count. One changed element of forty shows as that element, not two long lines.
 */
export function arrayLines(before: readonly unknown[], after: readonly unknown[]): Array<{ sign: "+" | "-" | " "; text: string }> {
  const beforeKeys = new Set(before.map(elementKey));
  const afterKeys = new Set(after.map(elementKey));
  const lines: Array<{ sign: "+" | "-" | " "; text: string }> = [];
  for (const item of before) if (!afterKeys.has(elementKey(item))) lines.push({ sign: "-", text: jsonText(item) });
  let run = 0;
  const flush = (): void => {
    if (run > 0) lines.push({ sign: " ", text: `… ${run} unchanged` });
    run = 0;
  };
  for (const item of after) {
    if (beforeKeys.has(elementKey(item))) run += 1;
    else {
      flush();
      lines.push({ sign: "+", text: jsonText(item) });
    }
  }
  flush();
  return lines;
}

/** Two long strings around their first difference: `…context…` on each side and the position. */
export function stringLines(fullBefore: string, fullAfter: string): { note: string; lines: Array<{ sign: "+" | "-"; text: string }> } {
  const [before, after] = [beforeCut(fullBefore), beforeCut(fullAfter)];
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix += 1;
  const excerpt = (s: string): string => {
    const from = Math.max(0, prefix - CONTEXT);
    const to = Math.min(s.length, s.length - suffix + CONTEXT);
    return `"${from > 0 ? "…" : ""}${jsonText(s.slice(from, to)).slice(1, -1)}${to < s.length ? "…" : ""}"`;
  };
  return {
    note: ` (differs from character ${prefix + 1})`,
    lines: [
      { sign: "-", text: excerpt(before) },
      { sign: "+", text: excerpt(after) },
    ],
  };
}

/** How a report shows one change of an action; `recordedAt` names the commit a `from: "record"` value comes from. */
export function fieldView(action: PlanAction, change: FieldChange, recordedAt?: string): FieldView {
  const view = labelled(baseView(action, change), change);
  if (change.from !== "record") return view;
  return {
    ...view,
    note: `${view.note ?? ""} (before: as applied at ${recordedAt?.slice(0, 12) ?? "the recorded commit"}; the API does not return this field)`,
  };
}

/** `allowProperties (prod override)`: the desired value comes from the document's `overrides.prod`. */
function labelled(view: FieldView, change: FieldChange): FieldView {
  if (change.override === undefined) return view;
  return { ...view, field: `${view.field} (${escapeControls(change.override)} override)` };
}

function baseView(action: PlanAction, change: FieldChange): FieldView {
  const { field, before } = change;
  const after = documentOrder(action, change);
  if (action.kind === "update" && Array.isArray(before) && Array.isArray(after))
    return { kind: "block", field, lines: arrayLines(before, after) };
  if (
    action.kind === "update" &&
    typeof before === "string" &&
    typeof after === "string" &&
    Math.max(before.length, after.length) > LONG_STRING
  ) {
    return { kind: "block", field, ...stringLines(before, after) };
  }
  const single = action.kind === "delete" ? before : after;
  if (action.kind !== "update" && Array.isArray(single) && formatValue(single).length > LONG_INLINE) {
    const sign = action.kind === "create" ? "+" : "-";
    return { kind: "block", field, lines: single.map((item) => ({ sign, text: jsonText(item) })) };
  }
  return {
    kind: "inline",
    field,
    ...(before !== undefined ? { before: formatValue(before, field) } : {}),
    ...(after !== undefined ? { after: formatValue(after, field) } : {}),
  };
}
