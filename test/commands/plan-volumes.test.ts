import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import MarkdownIt from "markdown-it";

const markdownIt = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<typeof markdownIt.parse>[number];

const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: src_web, app: src_app } }
defaultEnvironment: prod
`;
const week = (perDay: number) => Array.from({ length: 7 }, () => perDay);
const VOLUMES: NonNullable<WorkspaceConfig["volumes"]> = [
  { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: week(41_203) },
  { sourceId: "src_web", eventName: "Product Viewed", eventType: "track", perDay: week(1_000) },
  { sourceId: "src_web", eventType: "page", perDay: week(601) },
  { sourceId: "src_app", eventName: "Opened", eventType: "track", perDay: week(9) },
];
const LIVE: WorkspaceConfig["transformations"] = [
  { id: "tfm_narrow", name: "Narrow", sourceId: "src_web", enabled: true, if: "type = 'track'" },
  { id: "tfm_same", name: "Same", sourceId: "src_app", enabled: true, if: "event = 'Opened'" },
];
const DOCUMENTS = docs(
  doc("Narrow", "web", { if: "event = 'Product Viewed'" }),
  doc("Typo", "web", { if: "event = 'Order Complted'" }),
  doc("Rich", "web", { if: "properties.total > 100" }),
  doc("Same", "app", { if: "event = 'Opened'" }),
);
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const SAMPLES = [500, 20, 5, 1]
  .map((total) => line({ source: "web", event: { type: "track", event: "Order Completed", properties: { total } } }))
  .join("");
const TYPO_WARNING = "no 'Order Complted' events from web in 7 days; did you mean 'Order Completed' (41,203/day)?";

describe("plan --volumes against the emulator's GET /events/volume", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url }, cwd: project.dir });

  async function start(volumes: WorkspaceConfig["volumes"] | undefined, documents = DOCUMENTS): Promise<void> {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(LIVE), ...(volumes ? { volumes } : {}) }] });
    project = tempProject({ "transync.yaml": PROJECT, "transformations/all.yaml": documents, "samples.jsonl": SAMPLES });
  }
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("Markdown, on by default: each action's events per day, and the warning of a typo'd event name", async () => {
    await start(VOLUMES);
    const res = await run("plan", "--format", "markdown");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(
      "update <b>Narrow</b> (<code>tfm_narrow</code>): drift · ~42,203 → ~1,000 events/day (exact, 7-day average)</summary>",
    );
    expect(res.stdout).toContain("create <b>Typo</b> · ~0 events/day (exact, 7-day average)</summary>");
    expect(res.stdout).toContain(`> - \`transformations/all.yaml:`);
    expect(res.stdout).toContain(TYPO_WARNING);
  });

  it("text and JSON only with --volumes; one read per source with actions (web, not app), counted in apiCalls", async () => {
    await start(VOLUMES);
    const without = JSON.parse((await run("plan", "--format", "json")).stdout) as Plan;
    expect(without.actions.every((a) => a.volume === undefined)).toBe(true);
    const withVolumes = JSON.parse((await run("plan", "--format", "json", "--volumes")).stdout) as Plan;
    expect(withVolumes.apiCalls).toBe(without.apiCalls + 1);
    expect(withVolumes.warnings.map((w) => w.message)).toContain(TYPO_WARNING);
    const text = await run("plan", "--volumes");
    expect(text.stdout).toContain('  + create "Typo"\n      ~0 events/day (exact, 7-day average)\n');
    expect((await run("plan")).stdout).not.toContain("events/day");
  });

  it("--events with --format json --volumes: the samples' estimates are in the plan saved with --out, which apply accepts", async () => {
    await start(VOLUMES);
    const res = await run("plan", "--format", "json", "--volumes", "--events", "samples.jsonl", "--out", "plan.json");
    expect(res.code, res.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(project.dir, "plan.json"), "utf8")) as Plan;
    // 1 of web's 4 samples has total > 100; web sends 42,804 events a day.
    expect(saved.actions.find((a) => a.name === "Rich")?.volume).toEqual({ after: 10_701, basis: "estimate", days: 7 });
    expect(saved).toEqual(JSON.parse(res.stdout));
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
  });

  it("--events with --format json stays refused without --volumes", async () => {
    await start(VOLUMES);
    const res = await run("plan", "--format", "json", "--events", "samples.jsonl");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("add --volumes");
  });

  it("a token that may not read volumes: silently off in Markdown by default, a warning in the plan with --volumes", async () => {
    await start(undefined);
    const markdown = await run("plan", "--format", "markdown");
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).not.toContain("events/day");
    expect(markdown.stdout).not.toContain("event volumes");
    const explicit = await run("plan", "--volumes");
    expect(explicit.code, explicit.stderr).toBe(0);
    expect(explicit.stdout).toContain("event volumes not shown: the token may not read them");
    expect(explicit.stdout).not.toContain("events/day");
  });

  it("--no-volumes reads none, even in Markdown", async () => {
    await start(VOLUMES);
    const res = await run("plan", "--format", "markdown", "--no-volumes");
    expect(res.stdout).not.toContain("events/day");
    expect(res.stdout).not.toContain("Order Complted' events");
  });

  it("hostile event names from the API and the documents reach the Markdown and text reports neutralised", async () => {
    const hostile = "x <img src=x onerror=alert(1)>\n## forged [link](https://evil.example) \u001b[2K";
    await start(
      [{ sourceId: "src_web", eventName: hostile, eventType: "track", perDay: week(3) }],
      docs(doc("Rule", "web", { if: `event = '${hostile}!'` })),
    );
    const markdown = (await run("plan", "--format", "markdown")).stdout;
    const warning = markdown.split("\n").find((l) => l.includes("did you mean"))!;
    expect(warning).toContain("&lt;img");
    expect(warning).not.toContain("<img");
    const all = (list: Token[]): Token[] => list.flatMap((t) => [t, ...all(t.children ?? [])]);
    const types = all(markdownIt.parse(markdown, {})).map((t) => t.type);
    for (const forbidden of ["link_open", "image", "html_inline"]) expect(types).not.toContain(forbidden);
    expect(markdown).not.toMatch(/^## forged/m);
    const text = (await run("plan", "--volumes")).stdout;
    expect(text).toContain("did you mean");
    expect(text).not.toContain("\u001b");
    expect(text).not.toMatch(/^## forged/m);
  });
});
