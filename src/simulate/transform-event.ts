import type { StepState } from "./transform-steps.js";
import { SIMULATOR_STEPS } from "./simulator-steps.js";
import { UNMETERED } from "./budget.js";
import { isJsonObject } from "../fql/paths.js";
import type { EventResult, FqlEngine, JsonValue, SimTransformation } from "./types.js";

/**
 * Applies one transformation to one event, in the order of docs/simulator.md ("Applying transformations"): if, drop, event
 * name, renames, value sets, FQL-defined properties, allow-list, hashes. Pure: the input is never
 * mutated (every write is copy-on-write); an event the `if` does not match is returned as it is.
 * Throws only for a configuration the simulator cannot run (an unknown hash algorithm or encoding,
 * an unresolved hash key) or when the engine throws.
 */
export function transformEvent(t: SimTransformation, event: JsonValue, engine: FqlEngine): EventResult {
  if (!SIMULATOR_STEPS.ifCondition(t, engine).matches(event)) return { applied: false, dropped: false, event, touched: [], missed: [] };
  return transformMatched(t, event, engine);
}

/** The steps after `if`, for a transformation whose `if` matched the event. */
export function transformMatched(t: SimTransformation, event: JsonValue, engine: FqlEngine): EventResult {
  if (SIMULATOR_STEPS.dropsEvent(t)) return { applied: true, dropped: true, event: null, touched: [], missed: [] };
  // Every step reads and writes fields of an object; any other JSON value passes through.
  if (!isJsonObject(event)) return { applied: true, dropped: false, event, touched: [], missed: [] };
  const state: StepState = { event, touched: new Set(), missed: new Set(), owned: new Set(), meter: engine.meter ?? UNMETERED };
  SIMULATOR_STEPS.renameEvent(state, t);
  SIMULATOR_STEPS.renameProperties(state, t);
  SIMULATOR_STEPS.setPropertyValues(state, t);
  SIMULATOR_STEPS.setFqlProperties(state, t, engine);
  SIMULATOR_STEPS.allowProperties(state, t);
  SIMULATOR_STEPS.hashProperties(state, t);
  return { applied: true, dropped: false, event: state.event, touched: [...state.touched], missed: [...state.missed] };
}
