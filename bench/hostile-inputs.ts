/**
 * Benchmark of the inputs built to be slow: the times the tests no longer assert (a test holds the
 * behaviour; a clock on a loaded 2-core machine is not a test). Each case is the one its test runs,
 * timed here as CPU seconds of this process (a busy machine's wait for a core is not the code's cost),
 * against the bound the test used to hold. Exits 1 when a case misses its target or gives the wrong answer.
 * Run: npx tsx bench/hostile-inputs.ts
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crossTransformationWarnings } from "../src/desired/cross-checks.js";
import { loadDesired } from "../src/desired/load-desired.js";
import { parseFql } from "../src/fql/parse-fql.js";
import { matchNothingWarnings } from "../src/impact/match-nothing.js";
import { VOLUME_DAYS } from "../src/impact/volume.js";
import type { DesiredResource } from "../src/model/desired-resource.js";
import { computePlan } from "../src/plan/index.js";
import { globMatch } from "../src/simulate/glob.js";
import { HEADER, PROJECT, TRANSFORMATIONS } from "../test/commands/test-fixtures.js";
import { memorySource } from "../test/desired/memory-source.js";
import { row, week } from "../test/impact/volume-fixtures.js";
import { doc, liveState, options } from "../test/plan/builders.js";
import { cli } from "./support.js";

interface Case {
  name: string;
  /** The test that holds the behaviour (its answer), and the bound it used to hold in seconds. */
  test: string;
  targetSeconds: number;
  /** Runs the case; true when the answer is the test's. */
  run: () => boolean | Promise<boolean>;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

const yamlBomb = (): string => {
  const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 9; i++)
    levels.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(", ")}]`,
    );
  return `${levels.join("\n")}\n`;
};

const distinctDocuments = (): DesiredResource[] =>
  Array.from({ length: 10_000 }, (_, i) => ({
    name: `T${i}`,
    spec: {
      name: `T${i}`,
      sourceId: "src_web",
      enabled: true,
      if: `event = 'E${i}'`,
      propertyValueTransformations: [{ propertyPaths: ["properties.tier"], propertyValue: "a" }],
      propertyRenames: [{ oldName: "a", newName: "b" }],
    },
    location: { file: "t/a.yaml", line: i + 1, col: 1 },
  }));

function hugeNameWarning(): boolean {
  const known = Array.from({ length: 5_000 }, (_, i) => row(`Event ${"x".repeat(i % 60)} ${i}`, "track", week(1)));
  const plan = computePlan([doc("rule", { if: `event = '${"Q".repeat(100_000)}'` }, { line: 4 })], liveState([]), options());
  const warnings = matchNothingWarnings(plan.actions, new Map([["src_a", known]]), VOLUME_DAYS, (id) => id);
  return warnings.length === 1 && warnings[0]!.message.length < 200;
}

async function fiveThousandCases(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "transync-bench-hostile-"));
  try {
    mkdirSync(join(dir, "transformations"));
    mkdirSync(join(dir, "tests"));
    writeFileSync(join(dir, "transync.yaml"), PROJECT);
    writeFileSync(join(dir, "transformations", "all.yaml"), TRANSFORMATIONS);
    const line = (i: number): string =>
      `  - { name: c${i}, source: web, event: { type: track, event: Order Completed, properties: { total: ${i} } }, expect: { contains: { properties: { revenue: ${i} } } } }\n`;
    writeFileSync(join(dir, "tests", "many.yaml"), HEADER + Array.from({ length: 5_000 }, (_, i) => line(i)).join(""));
    const res = await cli(["test"], {}, dir);
    return res.code === 0 && res.stdout.trimEnd().endsWith("5000 passed, 0 failed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES: Case[] = [
  {
    name: "FQL: a 20,000-term `or`",
    test: "test/fql/parse-fql.test.ts",
    targetSeconds: 2,
    run: () => parseFql(Array.from({ length: 20_000 }, (_, i) => `event = 'E${i}'`).join(" or ")).ok,
  },
  {
    name: "glob: five 5,000-character pieces in a 400 KB string",
    test: "test/simulate/fql-glob.test.ts",
    targetSeconds: 3,
    run: () => {
      const text = "a".repeat(400_000);
      const literal = `*${"a".repeat(4_998)}b*`;
      const wild = `*${"a?".repeat(2_499)}b*`;
      return (
        !globMatch(text, literal) &&
        globMatch(`${text}b`, literal) &&
        !globMatch(text, wild) &&
        globMatch(`${text}b`, wild) &&
        !globMatch(text, `*${"[a-b]".repeat(1_000)}c*`)
      );
    },
  },
  {
    name: "glob: hostile stars on a 200 KB string",
    test: "test/simulate/fql-glob.test.ts",
    targetSeconds: 2,
    run: () => {
      const text = "a".repeat(200_000);
      return !globMatch(text, `*${"a".repeat(60)}b*${"a?".repeat(20)}*`) && globMatch(text, `*${"a*".repeat(2000)}`);
    },
  },
  {
    name: "YAML bomb (9 levels of 9 aliases)",
    test: "test/desired/hostile.test.ts",
    targetSeconds: 2,
    run: async () => {
      const { diagnostics } = await loadDesired(memorySource({ "transformations/t.yaml": yamlBomb() }));
      return diagnostics.some((d) => d.message.includes("aliases expand too much"));
    },
  },
  {
    name: "cross-checks: 10,000 documents on distinct events",
    test: "test/desired/cross-checks.test.ts",
    targetSeconds: 5,
    run: () => crossTransformationWarnings(distinctDocuments()).length === 0,
  },
  {
    name: "match-nothing: a 100,000-character name against 5,000 known names",
    test: "test/impact/match-nothing.test.ts",
    targetSeconds: 2,
    run: hugeNameWarning,
  },
  {
    name: "transync test: 5,000 cases in one file (in process)",
    test: "test/commands/test-command-hostile.test.ts",
    targetSeconds: 20,
    run: fiveThousandCases,
  },
];

let failed = false;
for (const c of CASES) {
  const since = process.cpuUsage();
  const started = performance.now();
  const right = await c.run();
  const cpu = cpuSeconds(since);
  const wall = (performance.now() - started) / 1000;
  const met = right && cpu < c.targetSeconds;
  failed ||= !met;
  console.log(
    `${c.name}: ${cpu.toFixed(2)} s CPU (${wall.toFixed(2)} s wall), target < ${c.targetSeconds} s${right ? "" : ", WRONG ANSWER"}${met ? "" : "  MISSED"}  [${c.test}]`,
  );
}
process.exitCode = failed ? 1 : 0;
