import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ApiError } from "../../src/errors.js";
import { ReplyDecoder } from "../../src/live/decode.js";
import type { Transformation } from "../../src/model/transformation.js";
import { computePlan, fingerprint } from "../../src/plan/index.js";
import { PlanError } from "../../src/plan/plan-error.js";
import { renderJson, renderMarkdown, renderText } from "../../src/report/index.js";
import { expectedAfter, fieldDivergences } from "../../src/apply/verify.js";
import { createAction, updateAction } from "../apply/plan-builder.js";
import { doc, liveState, options } from "../plan/builders.js";

/**
 * Issue 21, item 10, as a property: any value at any place of a transformation reply is either
 * refused by the decoder ("malformed reply from the API", naming that place) or is something the
 * planner, the reports and verification handle. Never an internal error (a TypeError) in between.
 */
const FULL = {
  id: "tf_1",
  workspaceId: "ws_test",
  name: "A",
  sourceId: "src_a",
  destinationMetadataId: "meta",
  destinationId: "dst",
  enabled: true,
  if: "event = 'A'",
  drop: false,
  newEventName: "B",
  propertyDrops: ["properties.x"],
  propertyRenames: [{ oldName: "a", newName: "b" }],
  propertyValueTransformations: [{ propertyPaths: ["properties.a", "context.b"], propertyValue: "v" }],
  fqlDefinedProperties: [{ fql: "lowercase(properties.a)", propertyName: "properties.c" }],
  allowProperties: ["a", "b"],
  hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], key: "k", encoding: "HEX" },
};

type Path = Array<string | number>;

/** Every place in a JSON value: its own path, then its children's. */
function placesOf(value: unknown, at: Path = []): Path[] {
  const own = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((v, i) => placesOf(v, [...at, i]))];
  if (typeof value === "object" && value !== null) return [...own, ...Object.entries(value).flatMap(([k, v]) => placesOf(v, [...at, k]))];
  return own;
}
const PLACES = placesOf(FULL);

/** A copy of `root` with the value at `path` replaced (or removed, for `undefined`). */
function replaced(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

const dotted = (path: Path): string => path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("");
const decoder = new ReplyDecoder("", "SEGMENT_API_TOKEN");
const request = { method: "GET" as const, path: "/transformations" };

function decode(value: unknown): Transformation {
  const text = JSON.stringify({ data: { transformations: [value] } });
  return decoder.transformation(
    request,
    { status: 200, headers: new Headers(), text, attempts: 1 },
    JSON.parse(text).data.transformations[0],
    "data.transformations[0]",
  );
}

/** What happens downstream of a decoded object: plan against it (matched, pinned, pruned), render, verify. */
function useDownstream(got: Transformation): void {
  fingerprint(got);
  for (const desired of [[doc("A", { sourceId: "src_a" })], [doc("Z", {}, { id: "tf_1" })], []]) {
    let plan;
    try {
      plan = computePlan(desired, liveState([got]), options({ prune: desired.length === 0 ? "all" : false }));
    } catch (error) {
      // A pin to an id the mutation changed: refused with the planner's own typed error, as it should.
      expect(error).toBeInstanceOf(PlanError);
      continue;
    }
    renderText(plan, { color: false });
    renderJson(plan);
    renderMarkdown(plan);
  }
  fieldDivergences(expectedAfter(createAction("A"), undefined), got);
  fieldDivergences(expectedAfter(updateAction(got, { enabled: false, newEventName: null }), got), got);
}

describe("a wrong type anywhere in a transformation reply", () => {
  it("is refused naming its place, or handled downstream; never an internal error", () => {
    const wrong = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant({ a: 1 }), fc.constant([{}]), fc.constant(null));
    fc.assert(
      fc.property(fc.nat(PLACES.length - 1), wrong, (place, value) => {
        const path = PLACES[place] as Path;
        const reply = replaced(FULL, path, value);
        let got: Transformation;
        try {
          got = decode(reply);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          const message = (error as ApiError).message;
          expect(message).toContain("malformed reply from the API");
          // The place named is the one changed, inside the value put there, or the object holding it (a required key removed).
          const named = /`data\.transformations\[0\]([^`]*)`/.exec(message)?.[1] ?? "";
          const changed = dotted(path);
          expect(changed.startsWith(named) || named.startsWith(changed), `${changed}: ${message}`).toBe(true);
          return;
        }
        useDownstream(got);
      }),
      { numRuns: 1000 },
    );
  });

  it("every place, each kind of JSON value (and absence): refused naming the place, or handled downstream", () => {
    const kinds = [undefined, null, true, 0, "", "text", [], [1], {}, { a: 1 }];
    for (const path of PLACES) {
      for (const value of kinds) {
        let got: Transformation;
        try {
          got = decode(replaced(FULL, path, value));
        } catch (error) {
          expect(error, `${dotted(path)} = ${JSON.stringify(value)}`).toBeInstanceOf(ApiError);
          continue;
        }
        useDownstream(got);
      }
    }
  });

  it("a reply of the right types passes whole", () => {
    expect(decode(FULL)).toEqual(FULL);
  });
});
