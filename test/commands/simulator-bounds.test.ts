import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const PROJECT = `apiVersion: transync/v1
environments:
  staging: { sources: { web: src_web } }
defaultEnvironment: staging
`;
const HEADER = "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n";

/** `properties.x != 1 and ...` (true when x is none of 1..n) or `properties.x = 1 or ...` (true when it is one). */
const chain = (n: number, op: "and" | "or"): string =>
  Array.from({ length: n }, (_, i) => `properties.x ${op === "and" ? "!=" : "="} ${i + 1}`).join(` ${op} `);

describe("long and/or chains through validate, test and simulate", () => {
  let project: TempProject;
  afterAll(() => project?.cleanup());

  it.each([
    [10_000, "and"],
    [10_000, "or"],
    [100_000, "and"],
    [100_000, "or"],
  ] as const)(
    "a %i-term %s chain validates and evaluates right",
    async (n, op) => {
      project?.cleanup();
      // The event that selects: for `and` one outside 1..n, for `or` the chain's first term (the part a depth cap used to cut off).
      const hit = op === "and" ? 0 : 1;
      const miss = op === "and" ? 1 : 0;
      project = tempProject({
        "transync.yaml": PROJECT,
        "transformations/long.yaml": doc("Long", "web", {
          if: chain(n, op),
          propertyValueTransformations: [{ propertyPaths: ["properties.hit"], propertyValue: "yes" }],
        }),
        "tests/long.yaml": `${HEADER}  - { name: selects, source: web, event: { type: track, event: E, properties: { x: ${hit} } }, expect: { contains: { properties: { hit: "yes" } } } }\n  - { name: skips, source: web, event: { type: track, event: E, properties: { x: ${miss} } }, expect: { absent: [properties.hit] } }\n`,
        "event.json": JSON.stringify({ type: "track", event: "E", properties: { x: hit } }),
      });
      const run = (...args: string[]) => runCli(args, { cwd: project.dir });
      const validated = await run("validate");
      expect(validated.code, validated.stderr).toBe(0);
      const tested = await run("test");
      expect(tested.code, tested.stderr + tested.stdout).toBe(0);
      expect(tested.stdout).toContain("2 passed, 0 failed");
      const simulated = await run("simulate", "--source", "web", "--event", "event.json", "--format", "json");
      expect(simulated.code, simulated.stderr).toBe(0);
      expect(JSON.parse(simulated.stdout).event.properties.hit).toBe("yes");
    },
    240_000,
  );
});

/** 40 transformations whose `if` is a 5,000-character glob with `?`, over a 400 KB string: past the budget. */
const HOSTILE_PATTERN = `*${"a?".repeat(2_499)}b*`;
const hostileDocs = (): string =>
  docs(
    ...Array.from({ length: 40 }, (_, i) =>
      doc(`Glob ${String(i).padStart(2, "0")}`, "web", { if: `match(properties.s, '${HOSTILE_PATTERN}')`, newEventName: "Matched" }),
    ),
  );
const BIG = "a".repeat(400_000);

describe("the work budget of one run", () => {
  let project: TempProject;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/globs.yaml": hostileDocs(),
      "tests/a.yaml": `${HEADER}  - { name: small, source: web, event: { type: track, event: E, properties: { s: "ab" } }, expect: { dropped: false } }\n  - { name: huge string, source: web, event: { type: track, event: E, properties: { s: "${BIG}" } }, expect: { dropped: false } }\n`,
      "event.json": JSON.stringify({ type: "track", event: "E", properties: { s: BIG } }),
      "events/samples.jsonl": `${JSON.stringify({ source: "web", event: { type: "track", event: "E", properties: { s: "ab" } } })}\n${JSON.stringify({ source: "web", event: { type: "track", event: "E", properties: { s: BIG } } })}\n`,
    });
  });
  afterAll(async () => {
    await emulator.close();
    project.cleanup();
  });
  const budgetError = /^Error: the simulation stopped at (.+): one run may do at most 2,000,000,000 steps of work/m;

  // Stopped by the count of steps (the budget), not a clock: about 6 s of CPU on a loaded machine, no bound here.
  it("test: stops with an error naming the case, exit 1", async () => {
    const res = await runCli(["test"], { cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(budgetError);
    expect(res.stderr.match(budgetError)![1]).toBe('test case "huge string" (tests/a.yaml:5)');
    expect(res.stdout).toBe("");
  }, 240_000);

  it("simulate: stops with an error naming the event file", async () => {
    const res = await runCli(["simulate", "--source", "web", "--event", "event.json"], { cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr.match(budgetError)?.[1]).toBe("the event in event.json");
    expect(res.stderr).not.toContain("internal error");
  }, 240_000);

  it("plan --events: stops with an error naming the sample", async () => {
    const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url };
    const res = await runCli(["plan", "--events", "events"], { cwd: project.dir, env });
    expect(res.code).toBe(1);
    expect(res.stderr.match(budgetError)?.[1]).toBe("sample event 2 (events/samples.jsonl:2)");
  }, 240_000);
});
