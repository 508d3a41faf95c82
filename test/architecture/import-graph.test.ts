import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

/** Every relative module a file imports (static, dynamic or re-export), as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(root, resolve(join(root, dirname(file)), s)).replace(/\.js$/, ".ts"));
}

/** Files of `dir` that import a module under one of `forbidden` (a file, or a folder ending in `/`). */
function offenders(dir: string, forbidden: string[]): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => (f.endsWith("/") ? target.startsWith(f) : target === f)))
      .map((target) => `${file} imports ${target}`),
  );
}

describe("the seam between the CLI and the commands", () => {
  it("src/cli/* never imports src/cli.ts (one direction: src/cli.ts imports src/cli/*)", () => {
    expect(offenders("src/cli", ["src/cli.ts"])).toEqual([]);
  });

  it.each(["src/commands", "src/pipeline"])("%s never imports src/cli.ts or src/cli/*", (dir) => {
    expect(offenders(dir, ["src/cli.ts", "src/cli/"])).toEqual([]);
  });

  it("the check sees an import (it can fail)", () => {
    expect(importsOf("src/cli.ts")).toContain("src/cli/program.ts");
    expect(offenders("src/cli", ["src/commands/"]).length).toBeGreaterThan(0);
  });
});
