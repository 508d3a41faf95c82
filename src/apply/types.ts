import type { ActionKind } from "../plan/types.js";

export type ActionOutcomeKind = "created" | "updated" | "deleted" | "failed" | "skipped" | "adopted";

/** The API's error for a failed action, as the user needs it to fix the document. */
export interface ActionError {
  status?: number;
  type?: string;
  field?: string;
  message: string;
}

/** What happened to one plan action. */
export interface ActionOutcome {
  /** Index of the action in `plan.actions`. */
  index: number;
  /** The object's kind, only when it is not `Transformation` (the action's `resource`). */
  resource?: string;
  kind: ActionKind;
  name: string;
  /** Live id: the object updated or deleted, or the one created (when known). */
  id?: string;
  outcome: ActionOutcomeKind;
  error?: ActionError;
  /** Why the outcome is not the plain one: "already gone", "found after an unknown outcome", ... */
  note?: string;
  /** Write calls apply made for this action (plus the client's retries of the last one, when known). */
  attempts: number;
  ms: number;
}

export interface ApplySummary {
  /** Includes adopted objects (a create that found its object already there). */
  created: number;
  updated: number;
  deleted: number;
  failed: number;
  skipped: number;
}

export interface ApplyResult {
  /** One outcome per plan action, in plan order. */
  actions: ActionOutcome[];
  summary: ApplySummary;
  /** True when the abort signal stopped the run before every action was started. */
  interrupted: boolean;
  durationMs: number;
}

/** Progress events; `wait` is fed by whoever sees rate-limit waits (the HTTP client's hooks). */
export type ApplyEvent =
  | { type: "start"; index: number; kind: ActionKind; name: string }
  | { type: "resolve"; index: number; name: string; reason: string }
  | { type: "done"; outcome: ActionOutcome }
  | { type: "wait"; waitMs: number; reason: string };
