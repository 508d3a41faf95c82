/**
 * What each change of a plan newly does to its source's events (docs/impact.md, "Guards"): the
 * events per day it newly drops and those whose content it newly alters, compared with the live
 * object's effect, with the figures of volume.ts (`selectedVolume`, whatever its basis). Pure.
 */
import { TRANSFORM_FIELDS } from "../model/transformation.js";
import type { Transformation } from "../model/transformation.js";
import type { PlanAction } from "../plan/types.js";
import { parseFql } from "../fql/parse-fql.js";
import { isMatchAll } from "../simulate/evaluate-fql.js";
import { selectedVolume, type SideVolume, type VolumeInputs } from "./volume.js";

/** What one transformation does to the events of its source, as far as the guards count it. */
interface Effect {
  sourceId: string;
  /** Its `if`, as FQL that composes (`true` for an empty `if` or `all`). */
  selects: string;
  effect: "drops" | "alters" | "none";
  /** What it does to an event it alters (its transforms), to tell a changed transform from the same one. */
  content: string;
}

/** One action's figures: the source, its daily volume, and what the action newly drops and alters. */
export interface BlastRadius {
  sourceId: string;
  sourcePerDay?: number;
  dropped: SideVolume;
  changed: SideVolume;
}

const NOTHING: SideVolume = { perDay: 0, basis: "exact" };

/**
 * Each action's blast radius, in the plan's order (figures of a source whose volumes were not read
 * are unknown). `documentDrop` gives the document's `drop` where the plan does not say it (an update that
 * does not change it: `drop` is write-only, so the live object never tells).
 */
export function blastRadii(
  actions: readonly PlanAction[],
  live: readonly Transformation[],
  inputs: VolumeInputs,
  documentDrop: (action: PlanAction) => boolean | undefined = () => undefined,
): BlastRadius[] {
  const liveById = new Map(live.map((t) => [t.id, t]));
  return actions.map((action) => {
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    const docDrop = documentDrop(action);
    const before = current !== undefined && action.kind !== "create" ? effectOf(current, beforeDrop(action, current, docDrop)) : undefined;
    const after = afterState(action, current, docDrop);
    const sourceId = after?.sourceId ?? before?.sourceId ?? action.sourceId;
    // A source not read: no figure of its events, but a change that neither drops nor alters is a known 0.
    const total = selectedVolume("", sourceId, inputs);
    return {
      sourceId,
      ...(total?.perDay !== undefined ? { sourcePerDay: total.perDay } : {}),
      dropped: newlyDropped(before, after, inputs),
      changed: newlyChanged(before, after, inputs),
    };
  });
}

/** The object as the action leaves it (undefined for a delete): the live one with the body over it. */
function afterState(action: PlanAction, current: Transformation | undefined, documentDrop: boolean | undefined): Effect | undefined {
  if (action.kind === "delete") return undefined;
  const merged = { ...(current ?? {}), ...withoutNulls(action.body) } as Partial<Transformation>;
  const dropChange = action.changes.find((c) => c.field === "drop");
  // A create's body is the whole document: no `drop` there is no drop.
  const drop =
    action.kind === "create"
      ? (action.body.drop ?? false)
      : (action.body.drop ?? (dropChange ? dropChange.after : documentDrop) ?? current?.drop);
  return effectOf(merged, typeof drop === "boolean" ? drop : undefined);
}

/** The live object's `drop`: what the plan's change of it says it was (from the record), else what it stays. */
function beforeDrop(action: PlanAction, current: Transformation, documentDrop: boolean | undefined): boolean | undefined {
  const dropChange = action.changes.find((c) => c.field === "drop");
  if (dropChange) return dropChange.before === true;
  if (action.kind === "update") return action.body.drop ?? documentDrop ?? current.drop;
  return current.drop;
}

/**
 * What a transformation does. Disabled, or scoped to one destination (it acts on what that
 * destination receives, not on the source's events): nothing the guards count. A `drop` the plan
 * cannot know (write-only, no record) counts as a drop when the object has no transform, else as the
 * transforms it has.
 */
function effectOf(t: Partial<Transformation>, drop: boolean | undefined): Effect {
  const content = JSON.stringify(TRANSFORM_FIELDS.map((field) => t[field] ?? null));
  const transforms = TRANSFORM_FIELDS.some((field) => isSet(t[field]));
  const active = t.enabled !== false && (t.destinationMetadataId ?? "") === "";
  const drops = drop ?? !transforms;
  const effect = !active ? "none" : drops ? "drops" : transforms ? "alters" : "none";
  return { sourceId: t.sourceId ?? "", selects: selectorText(t.if ?? ""), effect, content };
}

/** A create drops all it selects; an update, what it selects that the live object did not drop already. */
function newlyDropped(before: Effect | undefined, after: Effect | undefined, inputs: VolumeInputs): SideVolume {
  if (after?.effect !== "drops") return NOTHING;
  if (before?.effect === "drops" && before.sourceId === after.sourceId)
    return count(`(${after.selects}) and !(${before.selects})`, after, inputs);
  return count(after.selects, after, inputs);
}

/**
 * Events whose content the change newly alters: those it starts to alter (all it selects when it
 * alters them differently from the live object), and those the live object altered that now arrive
 * unaltered (its transforms removed, the object disabled or deleted). Events it now drops are counted
 * as dropped, not here.
 */
function newlyChanged(before: Effect | undefined, after: Effect | undefined, inputs: VolumeInputs): SideVolume {
  if (after?.effect === "alters") {
    const same = before?.effect === "alters" && before.sourceId === after.sourceId && before.content === after.content;
    return same ? count(`(${after.selects}) and !(${before!.selects})`, after, inputs) : count(after.selects, after, inputs);
  }
  if (before?.effect !== "alters" || after?.effect === "drops") return NOTHING;
  return count(before.selects, before, inputs);
}

function count(ifText: string, on: Effect, inputs: VolumeInputs): SideVolume {
  return selectedVolume(ifText, on.sourceId, inputs) ?? { basis: "unknown" };
}

/** An `if` that composes with `and` and `!`: an empty one and `all` select every event, as `true` does. */
export function selectorText(ifText: string): string {
  if (ifText.trim() === "") return "true";
  const parsed = parseFql(ifText);
  return parsed.ok && isMatchAll(parsed.ast) ? "true" : ifText;
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  return !Array.isArray(value) || value.length > 0;
}

export function withoutNulls(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === null ? undefined : value]));
}
