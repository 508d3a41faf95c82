/**
 * Room src/simulate/: the offline event engine: FQL evaluated on events, transformations applied
 * in a documented order, and the whole pipeline of a destination instance with its Destination
 * Filters (pipeline.ts; docs/simulator.md).
 * May import: src/fql/, src/model/, the ground floor.
 */
import type { TransformationInput } from "../model/transformation.js";

import type { WorkMeter } from "./budget.js";
import type { JsonObject, JsonValue } from "../fql/json-value.js";

export type { JsonObject, JsonValue };

/** Evaluates FQL text on an event; `matches` is true only when the value is `true`. */
export interface FqlEngine {
  evaluate(fql: string, event: JsonValue): JsonValue;
  matches(fql: string, event: JsonValue): boolean;
  /**
   * Optional: `fql` made ready for many events, so the simulator runs a stream of events without
   * looking the text up for each condition.
   */
  prepare?(fql: string): PreparedCondition;
  /** Optional: the run's work budget (budget.ts); applying charges its copies and hashes to it. */
  meter?: WorkMeter;
}

/** A condition ready to test events. */
export interface PreparedCondition {
  matches(event: JsonValue): boolean;
  /** The only values of the event's `event` field for which it can match; undefined: no such bound. */
  eventNames: ReadonlySet<JsonValue> | undefined;
}

/**
 * A transformation as the simulator applies it: a desired document's input whose hash key, if any, is
 * already resolved to its value. A `{ fromEnv: NAME }` key is resolved by the caller (the command reads
 * the environment); the engine does no IO, and it refuses an unresolved reference.
 */
export type SimTransformation = TransformationInput<string>;

/** What one transformation did to one event. */
export interface EventResult {
  /** The `if` matched (a dropped event counts as applied). */
  applied: boolean;
  dropped: boolean;
  /** The output event; `null` when dropped; the input itself (same reference) when not applied. */
  event: JsonValue | null;
  /** Full paths (escaped, `properties.a\.b`) written or removed, in order, without duplicates. */
  touched: string[];
  /** Full paths a rename looked for and did not find: when an earlier transformation changed one, the order decides. */
  missed: string[];
}

/** What a chain of transformations did to one event. */
export interface ChainResult {
  dropped: boolean;
  event: JsonValue | null;
  /** Names of the transformations whose `if` matched, in the order they applied. */
  matched: string[];
  warnings: string[];
}
