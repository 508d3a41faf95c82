import { ValidationError } from "../errors.js";
import { ownValue, setOwn } from "../own-keys.js";
import { COPY_STEPS, type WorkMeter } from "./budget.js";
import { makeHasher } from "./hash.js";
import { deleteIn, formatPath, formatSegment, getIn, isJsonObject, parsePath, setIn, type Owned } from "../fql/paths.js";
import type { FqlEngine, JsonObject, JsonValue, PreparedCondition, SimTransformation } from "./types.js";

/** The event being transformed (always a fresh copy-on-write value) and the paths changed so far. */
export interface StepState {
  event: JsonObject;
  touched: Set<string>;
  /** Full paths a rename looked for and did not find (an earlier transformation may have moved them). */
  missed: Set<string>;
  /** Objects this transformation created (copies): later writes change them in place. */
  owned: Owned;
  /** The run's budget: each key a write copies, and each character hashed, is charged. */
  meter: WorkMeter;
}

/**
 * Charges the copies a write along `segments` makes: the keys of every object on the path this
 * transformation does not own yet (a write copies each of them once).
 */
function chargeCopies(state: StepState, root: JsonObject, segments: readonly string[]): void {
  let node: JsonValue | undefined = root;
  let keys = 0;
  for (let i = 0; i < segments.length && isJsonObject(node); i++) {
    if (!state.owned.has(node)) keys += Object.keys(node).length;
    node = ownValue(node, segments[i]!);
  }
  state.meter.charge(COPY_STEPS * keys);
}

/** Step 1: the transformation's `if`, ready for many events (the engine's prepared form, else its plain match). */
export function ifCondition(t: SimTransformation, engine: FqlEngine): PreparedCondition {
  return engine.prepare?.(t.if) ?? { matches: (event) => engine.matches(t.if, event), eventNames: undefined };
}

/** Step 2: `drop: true` drops a matched event; nothing else runs. */
export function dropsEvent(t: SimTransformation): boolean {
  return t.drop === true;
}

/** Renames accept "up to four levels" (Segment's docs); a longer path is not applied. */
export const MAX_RENAME_DEPTH = 4;

function eventType(event: JsonObject): string | undefined {
  const type = ownValue(event, "type");
  return typeof type === "string" ? type : undefined;
}

const PROPERTIES: readonly string[] = Object.freeze(["properties"]);
const TRAITS: readonly string[] = Object.freeze(["traits"]);
const CONTEXT_TRAITS: readonly string[] = Object.freeze(["context", "traits"]);

/** Where renames look: properties (track, page, screen), traits (group; identify also context.traits). */
function renameRoots(type: string | undefined): (readonly string[])[] {
  if (type === "track" || type === "page" || type === "screen") return [PROPERTIES];
  if (type === "identify") return [TRAITS, CONTEXT_TRAITS];
  if (type === "group") return [TRAITS];
  return [];
}

/** Where the allow-list applies: only the top level of properties or traits. */
function allowRoot(type: string | undefined): readonly string[] | undefined {
  if (type === "track" || type === "page" || type === "screen") return PROPERTIES;
  if (type === "identify" || type === "group") return TRAITS;
  return undefined;
}

function write(state: StepState, segments: readonly string[], value: Parameters<typeof setIn>[2]): void {
  chargeCopies(state, state.event, segments);
  const updated = setIn(state.event, segments, value, state.owned);
  if (updated === undefined) return;
  state.event = updated;
  state.touched.add(formatPath(segments));
}

export function renameEvent(state: StepState, t: SimTransformation): void {
  if (typeof t.newEventName !== "string" || t.newEventName === "") return;
  if (eventType(state.event) !== "track") return;
  write(state, ["event"], t.newEventName);
}

/** Moves one value inside one root object; nothing when the old path is missing or the new one is blocked. */
function renameIn(state: StepState, root: readonly string[], from: readonly string[], to: readonly string[]): void {
  const rootObject = getIn(state.event, root);
  if (!isJsonObject(rootObject)) return;
  const value = getIn(rootObject, from);
  if (value === undefined) {
    state.missed.add(`${formatPath(root)}.${formatPath(from)}`);
    return;
  }
  // The copies made by deleteIn are this rename's own; setIn fills them in place, and they are
  // dropped untouched when the new path is blocked.
  chargeCopies(state, state.event, [...root, ...from]);
  chargeCopies(state, rootObject, to);
  const copies: Owned = new Set();
  const removed = deleteIn(rootObject, from, copies);
  if (removed === undefined) return;
  const moved = setIn(removed, to, value, copies);
  const event = moved === undefined ? undefined : setIn(state.event, root, moved, state.owned);
  if (event === undefined) return;
  for (const copy of copies) state.owned.add(copy);
  state.event = event;
  state.touched.add(`${formatPath(root)}.${formatPath(from)}`);
  state.touched.add(`${formatPath(root)}.${formatPath(to)}`);
}

/** Renames run in list order, each seeing the previous one's result. */
export function renameProperties(state: StepState, t: SimTransformation): void {
  const roots = renameRoots(eventType(state.event));
  for (const rename of t.propertyRenames ?? []) {
    const from = parsePath(rename.oldName);
    const to = parsePath(rename.newName);
    if (from.length > MAX_RENAME_DEPTH || to.length > MAX_RENAME_DEPTH) continue;
    if (formatPath(from) === formatPath(to)) continue;
    for (const root of roots) renameIn(state, root, from, to);
  }
}

export function setPropertyValues(state: StepState, t: SimTransformation): void {
  for (const { propertyPaths, propertyValue } of t.propertyValueTransformations ?? []) {
    for (const path of propertyPaths) {
      const segments = parsePath(path);
      const rooted = segments[0] === "properties" || segments[0] === "context";
      if (rooted && segments.length >= 2) write(state, segments, propertyValue);
    }
  }
}

/** Each FQL is evaluated on the event as it is at this step (after the value sets). */
export function setFqlProperties(state: StepState, t: SimTransformation, engine: FqlEngine): void {
  for (const { fql, propertyName } of t.fqlDefinedProperties ?? []) {
    const value = engine.evaluate(fql, state.event);
    write(state, parsePath(propertyName), value);
  }
}

/** An empty list means "no allow-list" (the API sends [] for every unset array). */
export function allowProperties(state: StepState, t: SimTransformation): void {
  const allowed = t.allowProperties ?? [];
  const root = allowRoot(eventType(state.event));
  if (allowed.length === 0 || root === undefined) return;
  const rootObject = getIn(state.event, root);
  if (!isJsonObject(rootObject)) return;
  const keep = new Set(allowed);
  chargeCopies(state, state.event, root);
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(rootObject)) {
    if (keep.has(key)) setOwn(kept, key, value);
    else state.touched.add(`${formatPath(root)}.${formatSegment(key)}`);
  }
  if (Object.keys(kept).length === Object.keys(rootObject).length) return;
  state.owned.add(kept);
  state.event = setIn(state.event, root, kept, state.owned) ?? state.event;
}

/** The hasher of one transformation; a setting the simulator cannot run is an error naming the transformation. */
function hasherOf(name: string, config: Parameters<typeof makeHasher>[0]): ReturnType<typeof makeHasher> {
  try {
    return makeHasher(config);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(`"${name}": ${error.message}`);
    throw error;
  }
}

export function hashProperties(state: StepState, t: SimTransformation): void {
  const config = t.hashPropertiesConfiguration;
  if (config === undefined || config === null || config.paths.length === 0) return;
  const hash = hasherOf(t.name, config);
  // A path listed twice (or written two ways, `a.b` and `a.\b`) is hashed once, never its own hash again.
  const done = config.paths.length > 1 ? new Set<string>() : undefined;
  for (const path of config.paths) {
    const segments = parsePath(path);
    if (done !== undefined) {
      const canonical = formatPath(segments);
      if (done.has(canonical)) continue;
      done.add(canonical);
    }
    const value = getIn(state.event, segments);
    if (typeof value === "string") state.meter.charge(value.length);
    const hashed = hash(value);
    if (hashed !== undefined) write(state, segments, hashed);
  }
}
