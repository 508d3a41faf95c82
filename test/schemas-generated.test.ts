import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS, generate } from "../scripts/compile-schemas.js";

describe("validators compiled from schemas/", () => {
  it.each(TARGETS.map((t) => [t.file, t] as const))("%s is up to date (run `npm run schemas` after editing a schema)", (file, target) => {
    expect(readFileSync(join(import.meta.dirname, "..", file), "utf8") === generate(target)).toBe(true);
  });
});
