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

/** The files of src/ outside `dirs` (folders ending in `/`, or files). */
function filesOutside(dirs: string[]): string[] {
  return sourceFiles("src").filter((file) => !dirs.some((d) => (d.endsWith("/") ? file.startsWith(d) : file === d)));
}

describe("the floors: no import runs upward (docs/architecture.md)", () => {
  it("only src/cli/, src/cli.ts and src/bin.ts import src/commands/", () => {
    const offending = filesOutside(["src/commands/", "src/cli/", "src/cli.ts", "src/bin.ts"]).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("src/commands/"))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  // Each room, and the rooms above it that it must never import.
  const ABOVE_THE_STAGES = ["src/pipeline/", "src/commands/", "src/cli/", "src/cli.ts", "src/action/"];
  it.each<[string, string[]]>([
    ["src/json", ["src/"]],
    ["src/model", ["src/live/", "src/desired/", "src/git/", "src/plan/", "src/apply/", "src/simulate/", "src/report/", ...ABOVE_THE_STAGES]],
    ["src/live", ["src/desired/", "src/git/", "src/plan/", "src/apply/", "src/simulate/", "src/report/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/desired", ["src/git/", "src/plan/", "src/apply/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/git", ["src/apply/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/plan", ["src/apply/", "src/git/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/apply", ["src/lock/", ...ABOVE_THE_STAGES]],
    ["src/lock", ABOVE_THE_STAGES],
    ["src/simulate", ABOVE_THE_STAGES],
    ["src/report", ABOVE_THE_STAGES],
    ["src/emulator", ABOVE_THE_STAGES],
    ["src/reconcile", ABOVE_THE_STAGES],
    ["src/pipeline", ["src/commands/", "src/cli/", "src/cli.ts", "src/action/"]],
  ])("%s never imports a room above it", (dir, above) => {
    expect(offenders(dir, above)).toEqual([]);
  });

  it("the floor check sees an upward import (it can fail)", () => {
    expect(offenders("src/commands", ["src/pipeline/"]).length).toBeGreaterThan(0);
    expect(offenders("src/pipeline", ["src/desired/"]).length).toBeGreaterThan(0);
  });
});

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
