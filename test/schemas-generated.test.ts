import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED, TARGETS, WRITTEN_SCHEMAS } from "../scripts/compile-schemas.js";
import { knownKinds } from "../src/kinds/index.js";

const read = (file: string): string => readFileSync(join(import.meta.dirname, "..", file), "utf8");

describe("the files `npm run schemas` writes (from schemas/ and the field registry, src/model/fields.ts)", () => {
  it.each(GENERATED.map((g) => [g.file, g] as const))("%s is up to date (run `npm run schemas`)", async (file, { text }) => {
    expect(read(file) === (await text()), `${file} differs from what \`npm run schemas\` writes: run \`npm run schemas\``).toBe(true);
  });

  it("covers the validators, every schema with field parts, every registered kind's editor schema and every doc that lists fields", () => {
    const files = GENERATED.map((g) => g.file);
    const kindSchemas = knownKinds().flatMap((kind) => (kind.editorSchema ? [join("schemas", kind.editorSchema.file)] : []));
    expect(kindSchemas).toContain(join("schemas", "destination-filter.schema.json"));
    for (const file of [...TARGETS.map((t) => t.file), ...WRITTEN_SCHEMAS, ...kindSchemas, "docs/desired-state.md", "README.md"])
      expect(files, file).toContain(file);
  });
});
