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
    // Every stage reads the kinds (issue 36): a descriptor holds data and the functions of its own folder.
    [
      "src/kinds",
      [
        "src/live/",
        "src/desired/",
        "src/git/",
        "src/plan/",
        "src/apply/",
        "src/simulate/",
        "src/report/",
        "src/emulator/",
        "src/import/",
        "src/impact/",
        "src/lock/",
        ...ABOVE_THE_STAGES,
      ],
    ],
    [
      "src/model",
      ["src/live/", "src/desired/", "src/git/", "src/plan/", "src/apply/", "src/simulate/", "src/report/", ...ABOVE_THE_STAGES],
    ],
    ["src/live", ["src/desired/", "src/git/", "src/plan/", "src/apply/", "src/simulate/", "src/report/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/desired", ["src/git/", "src/plan/", "src/apply/", "src/lock/", "src/impact/", ...ABOVE_THE_STAGES]],
    ["src/git", ["src/apply/", "src/lock/", ...ABOVE_THE_STAGES]],
    ["src/plan", ["src/apply/", "src/git/", "src/lock/", "src/impact/", ...ABOVE_THE_STAGES]],
    // Pure like src/plan (eslint.config.js, pureStage): it reads plans and volumes, it never fetches them.
    [
      "src/impact",
      ["src/live/", "src/apply/", "src/git/", "src/lock/", "src/emulator/", "src/report/", "src/reconcile/", ...ABOVE_THE_STAGES],
    ],
    ["src/apply", ["src/lock/", ...ABOVE_THE_STAGES]],
    ["src/lock", ABOVE_THE_STAGES],
    ["src/simulate", ABOVE_THE_STAGES],
    ["src/report", ABOVE_THE_STAGES],
    ["src/emulator", ABOVE_THE_STAGES],
    ["src/reconcile", ABOVE_THE_STAGES],
    ["src/notify", ABOVE_THE_STAGES],
    // The pull-request hosts: called by `transync comment`, they know nothing of plans being made.
    ["src/forge", ["src/desired/", "src/git/", "src/plan/", "src/apply/", "src/lock/", "src/simulate/", ...ABOVE_THE_STAGES]],
    ["src/pipeline", ["src/commands/", "src/cli/", "src/cli.ts", "src/action/"]],
  ])("%s never imports a room above it", (dir, above) => {
    expect(offenders(dir, above)).toEqual([]);
  });

  it("the floor check sees an upward import (it can fail)", () => {
    expect(offenders("src/commands", ["src/pipeline/"]).length).toBeGreaterThan(0);
    expect(offenders("src/pipeline", ["src/desired/"]).length).toBeGreaterThan(0);
  });
});

/** Each folder of src/ and its entry file, which opens with the room's rule ("Room src/x/: ... May import: ..."). */
const ROOM_ENTRIES: Record<string, string> = {
  action: "run-action.ts",
  apply: "index.ts",
  cli: "define.ts",
  commands: "plan.ts",
  completion: "bash.ts",
  desired: "load-desired.ts",
  emulator: "index.ts",
  escape: "text-escape.ts",
  "emulator/routes": "kinds.ts",
  forge: "index.ts",
  fql: "parse-fql.ts",
  git: "git-source.ts",
  impact: "volume.ts",
  import: "index.ts",
  init: "templates.ts",
  json: "positions.ts",
  kinds: "index.ts",
  "kinds/transformation": "index.ts",
  "kinds/destination-filter": "index.ts",
  live: "index.ts",
  lock: "lock.ts",
  model: "transformation.ts",
  notify: "index.ts",
  pipeline: "build-plan.ts",
  plan: "index.ts",
  reconcile: "health.ts",
  secrets: "redact.ts",
  report: "index.ts",
  simulate: "types.ts",
  "simulate/test-cases": "run-cases.ts",
};

/** The ground floor: the top-level helpers (not the entry), the model, the output escapers, the secrets. */
const GROUND_FLOOR = ["src/model/", "src/escape/", "src/secrets/"];
const isGroundFloor = (file: string): boolean =>
  GROUND_FLOOR.some((room) => file.startsWith(room)) || (dirname(file) === "src" && !["src/cli.ts", "src/bin.ts"].includes(file));

/** What a room's opening comment lets it import: the paths its "May import:" clause names (up to `;` or the sentence's end). */
function allowedBy(comment: string): { paths: string[]; groundFloor: boolean } {
  const text = comment.replace(/^\s*\*\s?/gm, " ");
  const clause = /May import:([^;]*?)(?:;|\.(?:\s|$))/s.exec(text)?.[1];
  if (clause === undefined) throw new Error('no "May import:" clause');
  return {
    paths: [...clause.matchAll(/src\/[a-z-]+(?:\/[a-z-]+)*(?:\/|\.ts)/g)].map((m) => m[0]),
    groundFloor: clause.includes("the ground floor"),
  };
}

/** Imports of the files directly in `room` that its rule does not allow (its own folder and subfolders always are). */
function unruledImports(room: string, comment: string): string[] {
  const { paths, groundFloor } = allowedBy(comment);
  const allowed = (target: string): boolean =>
    target.startsWith(`src/${room}/`) ||
    paths.some((p) => (p.endsWith("/") ? target.startsWith(p) : target === p)) ||
    (groundFloor && isGroundFloor(target));
  const files = readdirSync(join(root, "src", room)).filter((f) => f.endsWith(".ts"));
  return files.flatMap((f) =>
    importsOf(`src/${room}/${f}`)
      .filter((t) => !allowed(t))
      .map((t) => `src/${room}/${f} imports ${t}`),
  );
}

const openingComment = (room: string): string =>
  /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(join(root, "src", room, ROOM_ENTRIES[room]!), "utf8"))?.[0] ?? "";

describe("each room says what it holds and what it may import", () => {
  it("every folder of src/ has an entry file that opens with its rule", () => {
    const folders = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => relative(join(root, "src"), join(d.parentPath, d.name)).split("\\").join("/"));
    expect(folders.sort()).toEqual(Object.keys(ROOM_ENTRIES).sort());
    for (const room of folders)
      expect(openingComment(room), `src/${room}/${ROOM_ENTRIES[room]}`).toMatch(
        new RegExp(`^/\\*\\*\\n \\* Room src/${room}/: [\\s\\S]*May import:`),
      );
  });

  it.each(Object.keys(ROOM_ENTRIES))("src/%s imports only what its rule names", (room) => {
    expect(unruledImports(room, openingComment(room))).toEqual([]);
  });

  it("the rule is read as written (it can fail)", () => {
    expect(
      allowedBy("/**\n * Room src/x/: y.\n * May import: src/live/, src/cli.ts,\n * the ground floor; never src/commands/.\n */"),
    ).toEqual({ paths: ["src/live/", "src/cli.ts"], groundFloor: true });
    expect(unruledImports("pipeline", "/**\n * May import: src/desired/. \n */").length).toBeGreaterThan(0);
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

// ── Rooms (issue 23): the ground floor, FQL below validation and the simulator, no circles ──────────
// Kept apart from the CLI seam above: other blocks of this file hold other rules.

// GROUND_FLOOR and isGroundFloor: declared once, above.

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
    const members = [...graph.keys()]
      .filter((other) => other === file || (reachedFrom(graph, file).has(other) && reachedFrom(graph, other).has(file)))
      .sort();
    found.set(members.join(" "), members);
  }
  return [...found.values()];
}

/** A circle of types only, between the field registry, the facts its entries hold and the input type it describes (src/model/fields.ts, field-facts.ts). */
const KNOWN_CIRCLES = ["src/model/field-facts.ts src/model/fields.ts src/model/transformation.ts"];

describe("rooms: what each floor may import", () => {
  it("the ground floor (src/*.ts but the entry, src/model, src/escape, src/secrets) imports only the ground floor", () => {
    const upward = sourceFiles("src")
      .filter(isGroundFloor)
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => !isGroundFloor(target))
          .map((target) => `${file} imports ${target}`),
      );
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

  it("the pure planner (src/plan) never imports src/live or src/desired, not even a type: what it reads lives in src/model", () => {
    expect(offenders("src/plan", ["src/live/", "src/desired/"])).toEqual([]);
  });

  it("src/live reaches, through all its imports, nothing above it (report, plan, apply, desired, simulate, forge, pipeline, commands, cli)", () => {
    const graph = importGraph();
    const above = [
      "src/report/",
      "src/impact/",
      "src/plan/",
      "src/apply/",
      "src/desired/",
      "src/simulate/",
      "src/forge/",
      "src/pipeline/",
      "src/commands/",
      "src/cli/",
      "src/cli.ts",
    ];
    const reached = sourceFiles("src/live").flatMap((file) =>
      [...reachedFrom(graph, file)].filter((t) => above.some((a) => t.startsWith(a))).map((t) => `${file} reaches ${t}`),
    );
    expect(reached).toEqual([]);
  });

  it("no import circle in src/ (type imports count)", () => {
    expect(
      circles(importGraph())
        .map((members) => members.join(" "))
        .filter((c) => !KNOWN_CIRCLES.includes(c)),
    ).toEqual([]);
  });

  it("the checks can fail: a circle, an upward import of the ground floor", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(
      isGroundFloor("src/secrets/redact.ts") &&
        isGroundFloor("src/errors.ts") &&
        !isGroundFloor("src/report/format.ts") &&
        !isGroundFloor("src/cli.ts"),
    ).toBe(true);
  });
});
