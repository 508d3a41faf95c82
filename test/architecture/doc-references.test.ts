import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const self = "test/architecture/doc-references.test.ts";

function files(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => extensions.some((e) => f.endsWith(e)))
    .map((f) => join(dir, f))
    .filter((f) => f !== self);
}

/** `file:line: text` of every line matching `pattern`. */
function hits(paths: readonly string[], pattern: RegExp): string[] {
  return paths.flatMap((file) =>
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

// Notes outside the repository (the project's private spec folder, a machine's working folders)
// mean nothing to a reader of the repository: say what they say, or link a public page.
const OUTSIDE = /shared\/spec|\.\.\/shared(?![\w/]*\.ya?ml)|\/work\//;

describe("comments and docs point only at documents in the repository or public pages", () => {
  it("src/ names no path to shared/spec, ../shared or /work/", () => {
    expect(hits(files("src", [".ts"]), OUTSIDE)).toEqual([]);
  });

  it.each(["test", "bench", "scripts", "docs"])("%s/ names no path to shared/spec or /work/", (dir) => {
    expect(hits(files(dir, [".ts", ".mjs", ".js", ".md"]), /shared\/spec|\/work\//)).toEqual([]);
  });

  it("the scan finds such a path (it can fail)", () => {
    expect(OUTSIDE.test(" * See ../shared/spec.")).toBe(true);
    expect(OUTSIDE.test("see shared/spec/segment-api-notes.md section 5")).toBe(true);
  });
});
