import { expect } from "vitest";
import fc from "fast-check";
import { checkFileExact, checkFileText, type DocumentContext } from "../../src/desired/check-file.js";

/** The project context the faster readers' property tests check documents in (an alias `web` in `prod`). */
export const CHECK_CONTEXT: DocumentContext = {
  config: { dir: "transformations", environments: { prod: { sources: { web: "src_web" } } }, destinations: {}, prune: false },
  env: "prod",
  envFailed: false,
};

/**
 * Asserts that checking each generated file gives exactly what the exact path (`yaml`) gives, valid
 * or not, and returns how many of them were valid and read by the faster path under test (`takes`):
 * the comparison means something only if that count is large.
 */
export function validCheckedAsExact(file: string, texts: fc.Arbitrary<string>, takes: (text: string) => boolean, numRuns: number): number {
  let valid = 0;
  fc.assert(
    fc.property(texts, (text) => {
      const exact = checkFileExact(file, text, CHECK_CONTEXT);
      expect(checkFileText(file, text, CHECK_CONTEXT)).toEqual(exact);
      if (exact.diagnostics.length === 0 && takes(text)) valid++;
    }),
    { numRuns },
  );
  return valid;
}
