import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TRANSFORMATION } from "../../src/kinds/index.js";
import type { KindIssue } from "../../src/kinds/kind.js";
import { loadDesired } from "../../src/desired/load-desired.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { create } from "../emulator/http.js";
import { doc, memorySource } from "../desired/memory-source.js";
import { reportKindIssues, type RuleReporter } from "../../src/desired/rules.js";
import { InternalError } from "../../src/errors.js";

/*
 * The Transformation's rules past its JSON Schema are its descriptor's (src/kinds/transformation/rules.ts):
 * `validate` reports them at their lines and the emulator's 422 sends those the API enforces too, in
 * the API's words. One function decides for both, so they cannot disagree.
 */

const F = "transformations/t.yaml";

async function validateLines(extra: string): Promise<string[]> {
  const { diagnostics } = await loadDesired(memorySource({ [F]: doc("T", extra) }));
  return diagnostics.map(formatDiagnosticLine);
}

/** The same fields as a document's YAML (after the header of `doc`) and as an API body. */
const CASES: Array<{ label: string; yaml: string; body: Record<string, unknown> }> = [
  {
    label: "a value path not rooted at properties./context.",
    yaml: "propertyValueTransformations:\n  - { propertyPaths: [traits.a], propertyValue: v }\n",
    body: { propertyValueTransformations: [{ propertyPaths: ["traits.a"], propertyValue: "v" }] },
  },
  {
    label: "a value path set twice",
    yaml: "propertyValueTransformations:\n  - { propertyPaths: [properties.a, properties.a], propertyValue: v }\n",
    body: { propertyValueTransformations: [{ propertyPaths: ["properties.a", "properties.a"], propertyValue: "v" }] },
  },
  {
    label: "a value change of a renamed property",
    yaml: "propertyRenames:\n  - { oldName: a, newName: b }\npropertyValueTransformations:\n  - { propertyPaths: [properties.a], propertyValue: v }\n",
    body: {
      propertyRenames: [{ oldName: "a", newName: "b" }],
      propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "v" }],
    },
  },
  {
    label: "a value change of a rename's new name",
    yaml: "propertyRenames:\n  - { oldName: a, newName: b }\npropertyValueTransformations:\n  - { propertyPaths: [properties.b], propertyValue: v }\n",
    body: {
      propertyRenames: [{ oldName: "a", newName: "b" }],
      propertyValueTransformations: [{ propertyPaths: ["properties.b"], propertyValue: "v" }],
    },
  },
  {
    label: "an FQL-defined property with a rename and a new event name",
    yaml: "newEventName: X\nfqlDefinedProperties:\n  - { fql: lowercase(properties.e), propertyName: properties.f }\npropertyRenames:\n  - { oldName: a, newName: b }\n",
    body: {
      newEventName: "X",
      fqlDefinedProperties: [{ fql: "lowercase(properties.e)", propertyName: "properties.f" }],
      propertyRenames: [{ oldName: "a", newName: "b" }],
    },
  },
];

describe("the Transformation's validation is its descriptor's, one rule set for validate and the emulator", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => (emulator = await startTestEmulator()));
  afterAll(() => emulator.close());
  afterEach(() => vi.restoreAllMocks());

  it.each(CASES)("$label: validate's error and the emulator's 422 are at the same field", async ({ yaml, body }) => {
    const reply = await create(emulator, body);
    expect(reply.status).toBe(422);
    const refused = (reply.body.errors as Array<{ field: string }>).map((e) => e.field);
    const reported = (await validateLines(yaml)).map((line) => /^\S+ (\S+):/.exec(line)![1]);
    expect(refused.length).toBeGreaterThan(0);
    expect(reported).toEqual(expect.arrayContaining(refused));
  });

  it("validate refuses a value change of a rename's new name, where it points, as the emulator does", async () => {
    expect(await validateLines(CASES[3]!.yaml)).toEqual([
      `${F}:10:23 propertyValueTransformations.0.propertyPaths.0: path "properties.b" is also the new name of propertyRenames.0; Segment rejects a value change of a renamed property`,
    ]);
    expect((await create(emulator, CASES[3]!.body)).body.errors).toEqual([
      {
        type: "input-validation",
        field: "propertyValueTransformations.0.propertyPaths.0",
        message: '"propertyValueTransformations.0.propertyPaths.0": the path "properties.b" is also renamed in propertyRenames',
      },
    ]);
  });

  it("a rule flipped in the descriptor changes both validate and the emulator", async () => {
    const flipped: KindIssue = {
      path: ["newEventName"],
      message: "flipped: newEventName is refused",
      rule: "flipped",
      api: '"newEventName" is refused by the flipped rule',
    };
    const check = TRANSFORMATION.validation.check.bind(TRANSFORMATION.validation);
    vi.spyOn(TRANSFORMATION.validation, "check").mockImplementation((d) => [...check(d), ...(d.newEventName === "Flip" ? [flipped] : [])]);
    expect(await validateLines("newEventName: Flip\n")).toEqual([`${F}:7:15 newEventName: flipped: newEventName is refused`]);
    const reply = await create(emulator, { newEventName: "Flip" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { type: "input-validation", field: "newEventName", message: '"newEventName" is refused by the flipped rule' },
    ]);
    // A finding the API does not enforce (no `api`) is validate's alone: the emulator accepts the body.
    vi.spyOn(TRANSFORMATION.validation, "check").mockImplementation((d) => [...check(d), { ...flipped, api: undefined }]);
    expect(await validateLines("newEventName: Other\n")).toEqual([`${F}:7:15 newEventName: flipped: newEventName is refused`]);
    expect((await create(emulator, { name: "Other", newEventName: "Other" })).status).toBe(200);
  });

  it("a kind's warning is reported under its lint id, and one without an id a document can silence is transync's bug", () => {
    const seen: unknown[][] = [];
    const reporter = { report: (...args: unknown[]) => void seen.push(args) } as RuleReporter;
    const warning: KindIssue = { path: ["drop"], message: "m", severity: "warning", rule: "drop-ignores" };
    reportKindIssues(reporter, [warning, { path: ["if"], message: "e", valueOffset: 3 }]);
    expect(seen).toEqual([
      ["warning", "drop-ignores", ["drop"], "m", {}],
      ["error", "schema", ["if"], "e", { valueOffset: 3 }],
    ]);
    expect(() => reportKindIssues(reporter, [{ ...warning, rule: "not-an-id" }])).toThrow(InternalError);
  });
});
