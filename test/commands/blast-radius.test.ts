import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import { planSchemaIssues } from "../../src/report/index.js";

/** The guards of issue 35, as examples/transync.yaml sets them. */
const GUARDS = ["guards:", "  maxDroppedPerDay: 50000", "  maxDroppedShare: 0.05", "  maxChangedShare: 0.25", "  unknownVolume: refuse"];
const project = (...extra: string[]) =>
  ["apiVersion: transync/v1", "defaultEnvironment: prod", "environments:", "  prod: { sources: { web: src_web } }", ...extra, ""].join(
    "\n",
  );

const week = (perDay: number) => Array.from({ length: 7 }, () => perDay);
/** The demo's prod web source (examples/emulator.yaml), rounded: 1,161,000 events a day. */
const VOLUMES: NonNullable<WorkspaceConfig["volumes"]> = [
  { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: week(41_000) },
  { sourceId: "src_web", eventName: "Checkout Started", eventType: "track", perDay: week(123_000) },
  { sourceId: "src_web", eventName: "Coupon Applied", eventType: "track", perDay: week(9_000) },
  { sourceId: "src_web", eventType: "page", perDay: week(988_000) },
];

/** The examples' Reddit rule as shipped before issue 35: source-scoped, dropping every track event without a click id. */
const REDDIT = "Drop Reddit events without click id";
const REDDIT_DOC = doc(REDDIT, "web", { if: "type = 'track' and integrations.Reddit\\ Conversions\\ Api.click_id = null", drop: true });
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
/** Samples of web: 3 track events of 4 without a click id, one page view. */
const SAMPLES = [
  line({ source: "web", event: { type: "track", event: "Checkout Started" } }),
  line({ source: "web", event: { type: "track", event: "Order Completed" } }),
  line({ source: "web", event: { type: "track", event: "Coupon Applied", integrations: { "Reddit Conversions Api": { click_id: "r" } } } }),
  line({ source: "web", event: { type: "page", name: "Home" } }),
].join("");

/** The emulator's record of writes: every POST, PATCH and DELETE it answered. */
function writes(emulator: RunningEmulator): string[] {
  return Object.keys(emulator.stats().byRoute).filter((route) => /^(POST|PATCH|DELETE) /.test(route));
}

describe("blast-radius guards (transync.yaml `guards:`)", () => {
  let emulator: RunningEmulator;
  let dir: TempProject;
  const run = (...args: string[]) =>
    runCli(args, {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: `${dir.dir}/.cache` },
      cwd: dir.dir,
    });

  async function start(files: Record<string, string>, live: WorkspaceConfig["transformations"] = []): Promise<void> {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(live), volumes: VOLUMES }] });
    dir = tempProject({ "samples.jsonl": SAMPLES, ...files });
  }
  afterEach(async () => {
    await emulator.close();
    dir.cleanup();
  });

  it("acceptance: the demo's Reddit rule is refused by default guards (exit 1, no write) and applies with --accept-blast-radius", async () => {
    await start({ "transync.yaml": project(...GUARDS), "transformations/privacy.yaml": REDDIT_DOC });
    const refused = await run("apply", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`create "${REDDIT}": newly drops`);
    expect(refused.stderr).toContain(`--accept-blast-radius "${REDDIT}"`);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(writes(emulator)).toEqual([]);
    expect(emulator.transformations("ws_test")).toEqual([]);

    const accepted = await run("apply", "--auto-approve", "--accept-blast-radius", REDDIT);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => t.name)).toEqual([REDDIT]);
  });

  it("plan lists the change over a limit first, with its figure, in text, JSON and Markdown", async () => {
    await start({ "transync.yaml": project(...GUARDS), "transformations/privacy.yaml": REDDIT_DOC });
    const json = await run("plan", "--format", "json", "--volumes", "--events", "samples.jsonl");
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as Plan;
    // An estimate from the samples (2 of 4 lack a click id), at most the 173,000 track events a day.
    const hits = plan.guards ?? [];
    expect(hits.map((g) => [g.action, g.rule, g.limit, g.basis])).toEqual([
      [{ index: 0, kind: "create", name: REDDIT }, "maxDroppedPerDay", 50_000, "estimate"],
      [{ index: 0, kind: "create", name: REDDIT }, "maxDroppedShare", 0.05, "estimate"],
    ]);
    for (const hit of hits) expect(hit.value).toBeGreaterThan(hit.limit);
    expect(planSchemaIssues(plan)).toEqual([]);
    const text = (await run("plan", "--events", "samples.jsonl")).stdout;
    const first = text.split("\n").slice(2, 4).join("\n");
    expect(first).toContain("Blast radius: 1 change is over a limit of guards: in transync.yaml");
    expect(first).toMatch(new RegExp(`create "${REDDIT}": newly drops ~[\\d,]+ events/day \\(estimate\\), over maxDroppedPerDay 50,000`));
    const markdown = (await run("plan", "--format", "markdown", "--events", "samples.jsonl")).stdout;
    const banner = markdown.indexOf("> [!CAUTION]");
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(markdown.indexOf("| Create |"));
    expect(markdown).toMatch(/newly drops [\d.]+% of its source's events\/day \(estimate\), over maxDroppedShare 5%/);
  });

  it("without samples an if that reads more than name and type is unknown: refused by unknownVolume: refuse, a warning with warn", async () => {
    await start({ "transync.yaml": project(...GUARDS), "transformations/privacy.yaml": REDDIT_DOC });
    const plan = JSON.parse((await run("plan", "--format", "json")).stdout) as Plan;
    expect(planSchemaIssues(plan)).toEqual([]);
    expect(plan.guards?.map((g) => [g.rule, g.value, g.basis])).toEqual([
      ["maxDroppedPerDay", null, "unknown"],
      ["maxDroppedShare", null, "unknown"],
    ]);
    dir.write("transync.yaml", project(...GUARDS.slice(0, 4), "  unknownVolume: warn"));
    const warned = JSON.parse((await run("plan", "--format", "json")).stdout) as Plan;
    expect(warned.guards).toEqual([]);
    expect(warned.warnings.map((w) => w.message).join("\n")).toContain(`blast radius of "${REDDIT}" unknown`);
    const applied = await run("apply", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
  });

  it("plan --no-volumes reads no volume, the guards' neither: their figures are unknown and unknownVolume decides", async () => {
    await start({
      "transync.yaml": project(...GUARDS),
      "transformations/a.yaml": doc("Drop tracks", "web", { if: "type = 'track'", drop: true }),
    });
    const plan = JSON.parse((await run("plan", "--format", "json", "--no-volumes")).stdout) as Plan;
    expect(plan.guards?.map((g) => [g.rule, g.value, g.basis])).toEqual([
      ["maxDroppedPerDay", null, "unknown"],
      ["maxDroppedShare", null, "unknown"],
    ]);
    expect(plan.warnings.map((w) => w.message)).toContain(
      "guards: no event volumes read (--no-volumes); the guards' figures are unknown and unknownVolume decides",
    );
    expect(Object.keys(emulator.stats().byRoute).filter((route) => route.includes("/events/volume"))).toEqual([]);
  });

  it("volumes the token may not read: the plan says so once, as its warning, in text, JSON and Markdown; apply shows or logs it once", async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
    dir = tempProject({
      "transync.yaml": project(...GUARDS),
      "transformations/a.yaml": doc("Drop tracks", "web", { if: "type = 'track'", drop: true }),
    });
    const said = (text: string) => text.split("event volumes could not be read").length - 1;
    for (const format of ["text", "json", "markdown"]) {
      const res = await run("plan", "--format", format);
      expect(res.code, res.stderr).toBe(0);
      expect(said(res.stdout + res.stderr), `${format}: ${res.stdout}${res.stderr}`).toBe(1);
      expect(said(res.stdout), format).toBe(1);
    }
    // apply in text shows the plan, its warnings with it; with a parsed format it shows none: the log says it. Once either way.
    const shown = await run("apply", "--auto-approve");
    expect(said(shown.stdout + shown.stderr), shown.stdout + shown.stderr).toBe(1);
    expect(said(shown.stdout)).toBe(1);
    const applied = await run("apply", "--auto-approve", "--format", "json");
    expect(said(applied.stdout + applied.stderr), applied.stderr).toBe(1);
  });

  it("newly: an update that keeps dropping the same events counts only what it adds; a delete of a drop rule drops nothing", async () => {
    const live: WorkspaceConfig["transformations"] = [
      { id: "tfm_drop", name: "Drop coupons", sourceId: "src_web", enabled: true, if: "event = 'Coupon Applied'", drop: true },
      { id: "tfm_gone", name: "Drop pages", sourceId: "src_web", enabled: true, if: "type = 'page'", drop: true },
    ];
    const widened = doc("Drop coupons", "web", { id: "tfm_drop", if: "type = 'track'", drop: true });
    await start({ "transync.yaml": project(...GUARDS), "transformations/a.yaml": widened }, live);
    const plan = JSON.parse((await run("plan", "--format", "json", "--prune")).stdout) as Plan;
    expect(plan.summary).toMatchObject({ update: 1, delete: 1 });
    // 41,000 + 123,000 newly dropped a day, not the 9,000 coupons it dropped already; deleting "Drop pages" drops nothing.
    expect(plan.guards).toEqual([
      {
        action: { index: 1, kind: "update", name: "Drop coupons", id: "tfm_drop" },
        rule: "maxDroppedPerDay",
        value: 164_000,
        limit: 50_000,
        basis: "exact",
      },
      {
        action: { index: 1, kind: "update", name: "Drop coupons", id: "tfm_drop" },
        rule: "maxDroppedShare",
        value: 0.1413,
        limit: 0.05,
        basis: "exact",
      },
    ]);
  });

  it("a destination-scoped drop and a disabled one drop nothing of the source's events", async () => {
    const scoped = docs(
      doc("For one destination", "web", { if: "type = 'track'", drop: true, destinationMetadataId: "54521fd525e721e32a72ee91" }),
      doc("Disabled", "web", { if: "type = 'page'", drop: true, enabled: false }),
    );
    await start({ "transync.yaml": project(...GUARDS), "transformations/a.yaml": scoped });
    const plan = JSON.parse((await run("plan", "--format", "json")).stdout) as Plan;
    expect(plan.summary.create).toBe(2);
    expect(plan.guards).toEqual([]);
  });

  it("a saved plan is checked again by apply PLANFILE; an environment's guards replace the top-level keys", async () => {
    const envGuards = ["environments:", "  prod: { sources: { web: src_web }, guards: { maxDroppedPerDay: 1000000 } }"];
    const file = ["apiVersion: transync/v1", "defaultEnvironment: prod", ...envGuards, ...GUARDS, ""].join("\n");
    await start({ "transync.yaml": file, "transformations/a.yaml": doc("Drop tracks", "web", { if: "type = 'track'", drop: true }) });
    const saved = await run("plan", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    const plan = JSON.parse(readFileSync(join(dir.dir, "plan.json"), "utf8")) as Plan;
    // 173,000 of 1,161,000 a day: under prod's 1,000,000 a day, over the top-level share.
    expect(plan.guards?.map((g) => [g.rule, g.value, g.limit])).toEqual([["maxDroppedShare", 0.149, 0.05]]);
    const refused = await run("apply", "plan.json", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'create "Drop tracks": newly drops 14.9% of its source\'s events/day (exact), over maxDroppedShare 5%',
    );
    expect(writes(emulator)).toEqual([]);
    const accepted = await run("apply", "plan.json", "--auto-approve", "--accept-blast-radius", "Drop tracks");
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(emulator.transformations("ws_test")).toHaveLength(1);
  });

  it("reconcile skips the apply of a cycle with a change over a limit and says so; --accept-blast-radius applies", async () => {
    await start({ "transync.yaml": project(...GUARDS), "transformations/privacy.yaml": REDDIT_DOC });
    const skipped = await run("reconcile", "--once", "--dir", "transformations");
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain("blast radius: skipping the apply of this cycle");
    expect(skipped.stderr).toContain(REDDIT);
    expect(writes(emulator)).toEqual([]);
    const dry = await run("reconcile", "--once", "--dir", "transformations", "--dry-run");
    expect(dry.stderr).toContain("dry run: over a limit of guards:");
    expect(writes(emulator)).toEqual([]);
    const accepted = await run("reconcile", "--once", "--dir", "transformations", "--accept-blast-radius", REDDIT);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => t.name)).toEqual([REDDIT]);
  });

  it("no guards set: the plan has no guards key", async () => {
    await start({ "transync.yaml": project(), "transformations/privacy.yaml": REDDIT_DOC });
    const plan = JSON.parse((await run("plan", "--format", "json")).stdout) as Plan;
    expect(plan).not.toHaveProperty("guards");
  });
});
