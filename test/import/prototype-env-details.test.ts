import { describe, expect, it } from "vitest";
import { renderMergeReport, type MergedImport } from "../../src/import/merge-import.js";
import { overridesDetail } from "../../src/import/environment-values.js";

/**
 * `import --env E` says what it did to each document's `overrides.E`. An environment named like a
 * property of every object (`constructor`, `toString`) is read from the document's own keys only: an
 * override that is gone is "removed", not Object.prototype's function listed with no fields.
 */
describe("import --env E reports overrides.E by own key", () => {
  for (const env of ["constructor", "toString", "valueOf"]) {
    it(`Transformations: an overrides.${env} that import removed is reported removed`, () => {
      const merged = {
        values: [
          {
            doc: { file: "transformations/a.yaml", name: "a" },
            keys: { overrides: { prod: { enabled: false } } },
            live: { id: "tf_1", name: "a", sourceId: "src_1", enabled: true },
          },
        ],
        files: [],
        replacing: new Set<string>(),
        outcomes: [],
        created: [],
      } as unknown as MergedImport;
      expect(renderMergeReport(merged, env, (f) => f)).toContain(`(overrides.${env} removed)`);
    });

    it(`other kinds: an overrides.${env} that import removed is reported removed`, () => {
      expect(overridesDetail({ overrides: { prod: { enabled: false } } }, env)).toBe(`overrides.${env} removed`);
      expect(overridesDetail({ overrides: { [env]: { enabled: false } } }, env)).toBe(`overrides.${env}: enabled`);
    });
  }
});
