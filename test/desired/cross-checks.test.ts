import { describe, expect, it } from "vitest";
import { crossTransformationWarnings } from "../../src/desired/cross-checks.js";
import { nonNumericComparisons } from "../../src/fql/comparisons.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { DocumentInput } from "../../src/model/transformation.js";
import { parseFql } from "../../src/fql/parse-fql.js";

let line = 0;
function res(name: string, fields: Partial<DocumentInput> = {}, file = "t/a.yaml"): DesiredResource {
  line += 10;
  return {
    name,
    spec: { name, sourceId: "src_web", enabled: true, if: "event = 'Order Completed'", ...fields },
    location: { file, line, col: 1 },
  };
}
const rules = (rs: DesiredResource[]): string[] => crossTransformationWarnings(rs).map((d) => d.rule);

describe("same-scope: one transformation per source, type, event and destination", () => {
  it("warns at the second document, naming both documents' file:line", () => {
    const a = res("A", {}, "t/a.yaml");
    const b = res("B", { if: "event in ['Signed Up', 'Order Completed'] and properties.total > 5" }, "t/b.yaml");
    const [warning, ...rest] = crossTransformationWarnings([b, a]);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ file: "t/b.yaml", line: b.location.line, severity: "warning", path: "if", rule: "same-scope" });
    expect(warning!.message).toContain(
      `"A" (t/a.yaml:${a.location.line}) and "B" (t/b.yaml:${b.location.line}) both transform event "Order Completed" of source src_web`,
    );
  });

  it.each([
    ["another event", { if: "event = 'Signed Up'" }],
    ["another source", { sourceId: "src_ios" }],
    ["a destination", { destinationMetadataId: "dest_1" }],
    ["an if pinning no event", { if: "contains(context.page.path, '/shop')" }],
  ])("is silent for %s", (_, fields) => {
    expect(rules([res("A"), res("B", fields)])).toEqual([]);
  });

  it("compares the type when no event is pinned, and the text when neither is", () => {
    expect(rules([res("A", { if: "type = 'identify'" }), res("B", { if: "type in ['group', 'identify'] and traits.vip = true" })])).toEqual(
      ["same-scope"],
    );
    expect(rules([res("A", { if: "contains(userId, 'x')" }), res("B", { if: " contains(userId, 'x') " })])).toEqual(["same-scope"]);
    expect(rules([res("A", { if: "type = 'identify'" }), res("B", { if: "type = 'group'" })])).toEqual([]);
    expect(rules([res("A", { if: "all" }), res("B", { if: "event = 'X'" })])).toEqual([]);
  });

  it("reports each document once, against the first it conflicts with", () => {
    const ws = crossTransformationWarnings([res("A"), res("B"), res("C", { if: "event in ['Order Completed', 'X']" })]);
    expect(ws.map((w) => w.message.match(/"(\w)" .*"(\w)"/)!.slice(1, 3))).toEqual([
      ["A", "B"],
      ["A", "C"],
    ]);
  });
});

describe("same-property: one property given a value by two transformations", () => {
  const own = (r: DesiredResource[]): string[] =>
    crossTransformationWarnings(r)
      .filter((d) => d.rule === "same-property")
      .map((d) => `${d.path}: ${d.message.split(": Segment")[0]}`);

  it.each([
    [
      "value sets",
      { propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "a" }] },
      { propertyValueTransformations: [{ propertyPaths: ["context.x", "properties.tier"], propertyValue: "b" }] },
      "propertyValueTransformations.0.propertyPaths.1",
    ],
    [
      "an FQL-defined property and a value set",
      { propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "a" }] },
      { fqlDefinedProperties: [{ fql: "lowercase(event)", propertyName: "properties.tier" }] },
      "fqlDefinedProperties.0.propertyName",
    ],
    [
      "renames to one new name",
      { propertyRenames: [{ oldName: "a", newName: "tier" }] },
      { propertyRenames: [{ oldName: "b", newName: "tier" }] },
      "propertyRenames.0.newName",
    ],
    [
      "a rename and a value set",
      { propertyRenames: [{ oldName: "a", newName: "tier" }] },
      { propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "b" }] },
      "propertyValueTransformations.0.propertyPaths.0",
    ],
  ])("warns for %s", (_, first, second, path) => {
    const [warning] = own([res("A", { if: "event = 'X'", ...first }), res("B", { if: "event = 'X' and properties.total > 1", ...second })]);
    expect(warning).toBe(
      `${path}: "A" (t/a.yaml:${line - 10}) and "B" (t/a.yaml:${line}) both give properties.tier a value for the same events of source src_web`,
    );
  });

  const set = { propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "a" }] };
  it("needs both enabled, in one scope, able to apply to the same event", () => {
    expect(own([res("A", { ...set, if: "event = 'X'" }), res("B", { ...set, if: "event = 'Y'" })])).toEqual([]);
    expect(own([res("A", { ...set, if: "event = 'X'" }), res("B", { ...set, if: "event = 'X'", enabled: false })])).toEqual([]);
    expect(own([res("A", { ...set, if: "event = 'X'" }), res("B", { ...set, if: "event = 'X'", destinationMetadataId: "d" })])).toEqual([]);
    expect(own([res("A", { ...set, if: "event = 'X'" }), res("B", { ...set, if: "contains(event, 'X')" })])).toHaveLength(1);
    expect(own([res("A", { ...set, if: "contains(event, 'X')" }), res("B", { ...set, if: "event = 'Y'" })])).toHaveLength(1);
  });

  it("counts newEventName as giving `event` a value", () => {
    expect(own([res("A", { newEventName: "P" }), res("B", { newEventName: "Q" })])).toEqual([
      expect.stringMatching(/^newEventName: .* both give event a value/),
    ]);
  });

  // Its time (linear: pairs would be 50 million) is a figure of bench/hostile-inputs.ts.
  it("10,000 documents on distinct events: no warning", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      res(`T${i}`, { if: `event = 'E${i}'`, ...set, propertyRenames: [{ oldName: "a", newName: "b" }] }),
    );
    expect(crossTransformationWarnings(many)).toEqual([]);
  });
});

describe("comparisons that are never true", () => {
  const find = (src: string) => {
    const parsed = parseFql(src);
    if (!parsed.ok) throw new Error(src);
    return nonNumericComparisons(parsed.ast);
  };

  it("finds <, <=, >, >= with a string, boolean or null literal, anywhere in the tree", () => {
    expect(find("timestamp > '2024-01-01'")).toEqual([{ op: ">", literal: "'2024-01-01'", offset: 12 }]);
    expect(find("event = 'A' and !(properties.v <= \"2.0\") or length(properties.a) >= 1 and 3 < true")).toEqual([
      { op: "<=", literal: "'2.0'", offset: 34 },
      { op: "<", literal: "true", offset: 78 },
    ]);
    expect(find("null < properties.x")).toEqual([{ op: "<", literal: "null", offset: 0 }]);
  });

  it("leaves numbers, paths, functions and equality alone", () => {
    expect(find("properties.total > 10 and length(userId) < 1 and properties.a < properties.b and event = 'x' and event != 'y'")).toEqual(
      [],
    );
  });
});
