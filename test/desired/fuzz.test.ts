import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { stringify, parseAllDocuments } from "yaml";
import { loadDesired } from "../../src/desired/load-desired.js";
import { checkSchema } from "../../src/desired/schema-check.js";
import type { Diagnostic } from "../../src/desired/types.js";
import { memorySource } from "./memory-source.js";

const F = "transformations/t.yaml";

const BASE: Record<string, unknown> = {
  apiVersion: "transync/v1",
  kind: "Transformation",
  name: "Fuzzed",
  sourceId: "src_1",
  enabled: true,
  if: "event = 'Order Completed' and properties.total > 10",
  newEventName: "Order Placed",
  propertyRenames: [{ oldName: "total", newName: "revenue" }],
  propertyValueTransformations: [{ propertyPaths: ["properties.currency", "context.locale"], propertyValue: "USD" }],
  allowProperties: ["revenue", "currency"],
  hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" },
};
const FIELDS = [...Object.keys(BASE), "fqlDefinedProperties", "drop", "id", "destinationMetadataId", "bogus"];

function wellFormed(d: Diagnostic): void {
  expect(d.file).toBe(F);
  expect(d.line).toBeGreaterThanOrEqual(1);
  expect(d.col).toBeGreaterThanOrEqual(1);
  expect(d.message.length).toBeGreaterThan(0);
  expect(d.message).not.toMatch(/must NOT|must match|\bundefined\b/);
}

async function diagnose(text: string): Promise<Diagnostic[]> {
  const { diagnostics } = await loadDesired(memorySource({ [F]: text }));
  diagnostics.forEach(wellFormed);
  return diagnostics;
}

const mutation = fc.oneof(
  fc.record({ op: fc.constant("set" as const), field: fc.constantFrom(...FIELDS), value: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ op: fc.constant("delete" as const), field: fc.constantFrom(...FIELDS) }),
);

describe("fuzz: generated and mutated documents", () => {
  it("never crashes and reports a positioned error for every schema-invalid document", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        const value: Record<string, unknown> = structuredClone(BASE);
        for (const m of mutations) {
          if (m.op === "set") value[m.field] = m.value;
          else delete value[m.field];
        }
        const errors = (await diagnose(stringify(value))).filter((d) => d.severity === "error");
        const headerOk = value.apiVersion === "transync/v1" && value.kind === "Transformation";
        if (!headerOk || checkSchema("transformation.schema.json", value).length > 0) expect(errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 1500 },
    );
  });

  it("never crashes on text-level corruption, and reports YAML syntax errors", async () => {
    const text = stringify(BASE);
    const edit = fc.record({
      at: fc.nat({ max: text.length }),
      remove: fc.nat({ max: 5 }),
      insert: fc.string({ maxLength: 6, unit: "binary" }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        let mutated = text;
        for (const e of edits) mutated = mutated.slice(0, e.at) + e.insert + mutated.slice(e.at + e.remove);
        const diagnostics = await diagnose(mutated);
        const yamlErrors = parseAllDocuments(mutated).some((d) => d.errors.length > 0);
        if (yamlErrors) expect(diagnostics.some((d) => d.severity === "error")).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});
