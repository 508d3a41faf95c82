import { parsePath } from "../../fql/paths.js";
import { configShape, hasShape, isShapeMarker, markerShape, type HashShape } from "../hash-shape.js";
import type { JsonObject, JsonValue, SimTransformation } from "../types.js";
import { valueAt } from "./expectations.js";
import type { Expectations } from "./types.js";

/** A transformation that hashed with the test key (its variable unset): where, and what its digests look like. */
export interface TestKeyedHash {
  variable: string;
  shape: HashShape;
  /** Its `paths`, as segments. */
  paths: ReadonlyArray<readonly string[]>;
}

/**
 * The test-keyed hashes of a run, by transformation name: each named transformation's hash settings
 * with the variable whose value the test key stood in for.
 */
export function testKeyedHashes(
  transformations: readonly SimTransformation[],
  variables: ReadonlyMap<string, string>,
): Map<string, TestKeyedHash> {
  const keyed = new Map<string, TestKeyedHash>();
  for (const t of transformations) {
    const variable = variables.get(t.name);
    const hash = t.hashPropertiesConfiguration;
    const shape = hash ? configShape(hash) : undefined;
    if (variable === undefined || hash === undefined || hash === null || shape === undefined) continue;
    keyed.set(t.name, { variable, shape, paths: hash.paths.map((p) => parsePath(p)) });
  }
  return keyed;
}

/** The expectations as checked, and the variables a skipped case needs. */
export interface ResolvedExpectations {
  expect: Expectations;
  /** Variables whose real key an exact digest of the case needs (sorted): the case is skipped when nothing else fails. */
  needs: string[];
}

interface Walk {
  input: JsonObject;
  keyed: readonly TestKeyedHash[];
  needs: Set<string>;
}

/**
 * `event` and `contains` with each hashed value settled before the ordinary comparison: a shape
 * `{ hashed: sha256-hex }` becomes the output's value when that value has the shape and differs from
 * the input's (else it stays, and the comparison shows it); an exact digest where a test-keyed
 * transformation hashed (a digest of its shape, the output holding one too) becomes the output's
 * value, and its variable is needed: no test key can give the production digest.
 */
export function resolveHashExpectations(
  expect: Expectations,
  input: JsonObject,
  output: JsonValue | undefined,
  keyed: readonly TestKeyedHash[],
): ResolvedExpectations {
  const walk: Walk = { input, keyed, needs: new Set() };
  const resolved: Expectations = { ...expect };
  if (expect.event !== undefined) resolved.event = resolveValue(expect.event, output, [], walk) as JsonObject;
  if (expect.contains !== undefined) resolved.contains = resolveValue(expect.contains, output, [], walk) as JsonObject;
  return { expect: resolved, needs: [...walk.needs].sort() };
}

function resolveValue(expected: JsonValue, actual: JsonValue | undefined, path: string[], walk: Walk): JsonValue {
  if (isShapeMarker(expected)) {
    const shape = markerShape(expected);
    const differs = actual !== undefined && actual !== valueAt(walk.input, path);
    return shape !== undefined && hasShape(actual, shape) && differs ? actual : expected;
  }
  if (typeof expected === "string") {
    const by = walk.keyed.find((k) => k.paths.some((p) => samePath(p, path)) && hasShape(expected, k.shape) && hasShape(actual, k.shape));
    if (by === undefined) return expected;
    walk.needs.add(by.variable);
    return actual!;
  }
  if (Array.isArray(expected)) {
    return expected.map((item, i) => resolveValue(item, Array.isArray(actual) ? actual[i] : undefined, [...path, String(i)], walk));
  }
  if (expected === null || typeof expected !== "object") return expected;
  const inside = typeof actual === "object" && actual !== null && !Array.isArray(actual) ? actual : undefined;
  return Object.fromEntries(
    Object.entries(expected).map(([key, value]) => [
      key,
      resolveValue(value, inside !== undefined && Object.hasOwn(inside, key) ? inside[key] : undefined, [...path, key], walk),
    ]),
  );
}

const samePath = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((s, i) => s === b[i]);
