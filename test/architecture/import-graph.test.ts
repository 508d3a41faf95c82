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

// ── Rooms (issue 23): the ground floor, FQL below validation and the simulator, no circles ──────────
// Kept apart from the CLI seam above: other blocks of this file hold other rules.

/** The ground floor: the top-level helpers (not the entry), the model, the output escapers, the secrets. */
const GROUND_FLOOR = ["src/model/", "src/escape/", "src/secrets/"];
const isGroundFloor = (file: string): boolean =>
  GROUND_FLOOR.some((room) => file.startsWith(room)) || (dirname(file) === "src" && !["src/cli.ts", "src/bin.ts"].includes(file));

/** Every source file of `src/` with the files it imports (type imports included). */
function importGraph(): Map<string, string[]> {
  return new Map(sourceFiles("src").map((file) => [file, importsOf(file)]));
}

/** Files reached from `start` through imports, `start` excluded unless a circle comes back to it. */
function reachedFrom(graph: ReadonlyMap<string, readonly string[]>, start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    for (const next of graph.get(todo.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

/** Each import circle once, as the sorted files it passes through. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  for (const file of graph.keys()) {
    if (!reachedFrom(graph, file).has(file)) continue;
    const members = [...graph.keys()].filter((other) => other === file || (reachedFrom(graph, file).has(other) && reachedFrom(graph, other).has(file))).sort();
    found.set(members.join(" "), members);
  }
  return [...found.values()];
}

/** A circle of types only, between the field registry and the input type it describes (src/model/fields.ts). */
const KNOWN_CIRCLES = ["src/model/fields.ts src/model/transformation.ts"];

describe("rooms: what each floor may import", () => {
  it("the ground floor (src/*.ts but the entry, src/model, src/escape, src/secrets) imports only the ground floor", () => {
    const upward = sourceFiles("src")
      .filter(isGroundFloor)
      .flatMap((file) => importsOf(file).filter((target) => !isGroundFloor(target)).map((target) => `${file} imports ${target}`));
    expect(upward).toEqual([]);
  });

  it("src/fql (the language: syntax, paths, analysis) imports only itself and the ground floor", () => {
    const upward = sourceFiles("src/fql").flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith("src/fql/") && !isGroundFloor(target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("validation (src/desired) never imports the event engine (src/simulate)", () => {
    expect(offenders("src/desired", ["src/simulate/"])).toEqual([]);
  });

  it("the pure planner (src/plan) never imports src/live, not even a type", () => {
    expect(offenders("src/plan", ["src/live/"])).toEqual([]);
  });

  it("src/live reaches, through all its imports, nothing above it (report, plan, apply, desired, simulate, pipeline, commands, cli)", () => {
    const graph = importGraph();
    const above = ["src/report/", "src/plan/", "src/apply/", "src/desired/", "src/simulate/", "src/pipeline/", "src/commands/", "src/cli/", "src/cli.ts"];
    const reached = sourceFiles("src/live").flatMap((file) => [...reachedFrom(graph, file)].filter((t) => above.some((a) => t.startsWith(a))).map((t) => `${file} reaches ${t}`));
    expect(reached).toEqual([]);
  });

  it("no import circle in src/ (type imports count)", () => {
    expect(circles(importGraph()).map((members) => members.join(" ")).filter((c) => !KNOWN_CIRCLES.includes(c))).toEqual([]);
  });

  it("the checks can fail: a circle, an upward import of the ground floor", () => {
    const graph = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]], ["d.ts", ["a.ts"]]]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(isGroundFloor("src/secrets/redact.ts") && isGroundFloor("src/errors.ts") && !isGroundFloor("src/report/format.ts") && !isGroundFloor("src/cli.ts")).toBe(true);
  });
});
