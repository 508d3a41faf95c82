import jsonpatch from "fast-json-patch";
import { jsonEqual } from "../json.js";
import { formatPath, parsePath } from "../../fql/paths.js";
import type { ChainResult, JsonObject, JsonValue } from "../types.js";
import type { PipelineResult } from "../pipeline.js";
import type { CaseFailure, DiffLine, Expectations } from "./types.js";

/** What a run gave: a chain's result, and for a case on a destination instance the pipeline's additions. */
export type CaseRun = ChainResult & Partial<Pick<PipelineResult, "stoppedAt" | "sampled">>;

/** Every expectation of a case checked against what came out; [] when all hold. */
export function checkExpectations(expect: Expectations, result: CaseRun): CaseFailure[] {
  const failures: CaseFailure[] = [];
  const output = result.dropped ? undefined : (result.event ?? undefined);
  if (expect.dropped !== undefined && expect.dropped !== result.dropped) {
    failures.push({
      expectation: "dropped",
      message: expect.dropped ? "expected the event to be dropped, but it came out" : "expected the event to come out, but it was dropped",
    });
  }
  const mustComeOut = (expectation: "event" | "contains" | "absent"): boolean => {
    if (output !== undefined) return true;
    if (expect.dropped !== false)
      failures.push({ expectation, message: `expected an output event (${expectation}), but the event was dropped` });
    return false;
  };
  if (expect.event !== undefined && mustComeOut("event") && !jsonEqual(expect.event, output!)) {
    failures.push({ expectation: "event", message: "the output event is not the expected one", diff: eventDiff(expect.event, output!) });
  }
  if (expect.contains !== undefined && mustComeOut("contains")) {
    const diff = partialDiff(expect.contains, output!, []);
    if (diff.length > 0) failures.push({ expectation: "contains", message: "the output event does not contain what was expected", diff });
  }
  if (expect.absent !== undefined && mustComeOut("absent")) {
    const present = expect.absent.filter((path) => valueAt(output!, parsePath(path)) !== undefined);
    if (present.length > 0) {
      const diff = present.map((path): DiffLine => ({
        sign: "+",
        path: formatPath(parsePath(path)),
        actual: valueAt(output!, parsePath(path))!,
      }));
      failures.push({ expectation: "absent", message: `expected absent, but present: ${present.join(", ")}`, diff });
    }
  }
  if (expect.matched !== undefined && !jsonEqual(expect.matched, result.matched)) {
    failures.push({
      expectation: "matched",
      message: `expected these transformations to apply, in this order: ${listOf(expect.matched)}; applied: ${listOf(result.matched)}`,
    });
  }
  failures.push(...pipelineFailures(expect, result));
  return failures;
}

/** `stoppedBy` and `sampled`: where the whole pipeline stopped the event, and what a SAMPLE with `path` decided. */
function pipelineFailures(expect: Expectations, result: CaseRun): CaseFailure[] {
  const failures: CaseFailure[] = [];
  if (expect.stoppedBy !== undefined && result.stoppedAt?.name !== expect.stoppedBy) {
    const actual = result.stoppedAt === undefined ? "nothing stopped it" : result.stoppedAt.description;
    failures.push({ expectation: "stoppedBy", message: `expected ${JSON.stringify(expect.stoppedBy)} to stop the event; ${actual}` });
  }
  if (expect.sampled !== undefined && result.sampled !== expect.sampled) {
    const actual = result.sampled === undefined ? "no SAMPLE with a path ran" : result.sampled ? "it was kept" : "it was left out";
    failures.push({
      expectation: "sampled",
      message: `expected a SAMPLE to ${expect.sampled ? "keep" : "leave out"} the event; ${actual}`,
    });
  }
  return failures;
}

const listOf = (names: readonly string[]): string => (names.length === 0 ? "(none)" : names.map((n) => JSON.stringify(n)).join(", "));

/**
 * The value at a path (engine syntax: dotted, `\` escapes), or undefined when missing. Mappings are
 * read by own key; a whole number indexes a list, as in FQL, so `absent: [properties.items.0.price]`
 * means what it says rather than always holding.
 */
export function valueAt(root: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = /^(?:0|[1-9]\d{0,8})$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node !== null && typeof node === "object" && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Where the whole output differs from the expected event (fast-json-patch's compare, as dotted paths). */
export function eventDiff(expected: JsonObject, actual: JsonValue): DiffLine[] {
  const ops = jsonpatch.compare(expected, actual as object);
  return ops.map((op): DiffLine => {
    const segments = op.path
      .split("/")
      .slice(1)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const path = formatPath(segments);
    const before = valueAt(expected, segments);
    const after = valueAt(actual, segments);
    if (op.op === "remove") return { sign: "-", path, expected: before! };
    if (op.op === "add") return { sign: "+", path, actual: after! };
    return { sign: "~", path, expected: before!, actual: after! };
  });
}

/**
 * A deep partial match: a mapping matches when each expected key is present with a matching value
 * (other keys are ignored); a list when it has the same length and its elements match in order;
 * anything else by FQL equality. Returns where it does not match. Recursion is as deep as the
 * expected value, which the YAML reader bounds.
 */
export function partialDiff(expected: JsonValue, actual: JsonValue | undefined, path: readonly string[]): DiffLine[] {
  const at = formatPath(path);
  if (actual === undefined) return [{ sign: "-", path: at, expected }];
  if (isObject(expected) && isObject(actual)) {
    return Object.keys(expected).flatMap((key) =>
      partialDiff(expected[key]!, Object.hasOwn(actual, key) ? actual[key] : undefined, [...path, key]),
    );
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return expected.flatMap((item, i) => partialDiff(item, actual[i], [...path, String(i)]));
  }
  return jsonEqual(expected, actual) ? [] : [{ sign: "~", path: at, expected, actual }];
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
