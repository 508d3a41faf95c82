import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import { plan as planValidator } from "../../src/report/plan-validator.generated.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { WIDGET } from "./toy-kind.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { KindClient } from "../../src/live/kind-client.js";
import { silentLogger } from "../../src/log.js";
import { planDigest } from "../../src/plan/digest.js";
import { settingsFor } from "../live/helpers.js";
import { openWithSchema } from "../helpers/schema-resolver.js";

const SRC = "src_web";
const widget = (name: string, extra: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...extra].join("\n") + "\n";

interface JsonPlan {
  actions: Array<Record<string, unknown>>;
  summary: Record<string, number>;
  fingerprints: Record<string, string>;
}

/** The toy kind (test/kinds/toy-kind.ts), registered here only, through the real commands in-process beside a Transformation. */
describe("a registered kind goes through the commands: validate, plan (text, JSON, Markdown), apply (fresh and saved), import", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, {
      cwd: project.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" },
    });

  const widgets = () =>
    new KindClient(new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), { logger: silentLogger() }), WIDGET);

  beforeAll(async () => {
    unregister = registerKind(WIDGET);
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_keep", name: "Keep", sourceId: SRC, enabled: true, if: "event = 'A'" }]),
          sources: [{ id: SRC, slug: "web" }],
        },
      ],
    });
    project = tempProject({
      "transformations/a.yaml": doc("Keep", SRC, { if: "event = 'A'" }),
      "transformations/widgets.yaml": `${widget("Gear", ["colors: [red, blue]"])}---\n${widget("Cog")}`,
    });
  });
  afterAll(async () => {
    await emulator.close();
    project?.cleanup();
    unregister();
  });

  it("validate counts the Transformations and the widgets apart", async () => {
    const validated = await run("validate");
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toContain("Validated 1 transformation and 2 widgets in 2 files: 0 errors, 0 warnings.");
    // A widget with an error is still a widget, not a transformation.
    project.write("transformations/bad.yaml", widget("Bolt", ["colors: [1]"]));
    const invalid = await run("validate");
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain("Validated 1 transformation and 3 widgets in 3 files: 1 error, 0 warnings.");
    project.remove("transformations/bad.yaml");
  });

  it("plan: the widgets' actions after the Transformations', each naming its kind; the digest and the summary cover them", async () => {
    const json = await run("plan", "--format", "json");
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as JsonPlan;
    expect(plan.actions.map((a) => [a.resource, a.kind, a.name])).toEqual([
      ["Widget", "create", "Cog"],
      ["Widget", "create", "Gear"],
    ]);
    expect(plan.actions[1]).toMatchObject({ body: { name: "Gear", colors: ["red", "blue"] }, sourceId: "" });
    expect(plan.summary).toMatchObject({ create: 2, update: 0, delete: 0, unchanged: 1 });
    // The Transformations' list page, GET /sources and the widgets' list page.
    expect((plan as unknown as { apiCalls: number }).apiCalls).toBe(3);
    expect(planValidator(plan)).toBe(true);

    const narrowed = JSON.parse((await run("plan", "--format", "json", "--target", "Keep", "--target", "Gear")).stdout) as JsonPlan & {
      selection: { leftOut: number };
    };
    expect(narrowed.actions.map((a) => a.name)).toEqual(["Gear"]);
    expect(narrowed.selection.leftOut).toBe(1);

    // --volumes reads the Transformations' sources only: a widget selects no events.
    const volumes = await run("plan", "--volumes", "--format", "json");
    expect(volumes.code, volumes.stderr).toBe(0);
    expect((JSON.parse(volumes.stdout) as JsonPlan).actions.every((a) => a.volume === undefined)).toBe(true);

    // --events runs sample events through the Transformations' changes only: a widget is none of them.
    project.write("events.jsonl", `${JSON.stringify({ source: "web", event: { type: "track", event: "A", properties: {} } })}\n`);
    const events = await run("plan", "--events", "events.jsonl");
    expect(events.code, events.stderr).toBe(0);
    expect(events.stdout).toContain("The plan changes no transformation.");

    const text = await run("plan");
    expect(text.stdout).toContain('create Widget "Gear"');
    expect(text.stdout).toContain("Plan: 2 to create, 0 to update, 0 to delete.");
    const markdown = await run("plan", "--format", "markdown");
    expect(markdown.stdout).toContain("create Widget <b>Gear</b>");
  });

  it("apply --auto-approve: the widgets are created under the workspace lock after the Transformations; the next plan has no changes", async () => {
    const applied = await run("apply", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/created +create Widget "Cog" \(wdg_/);
    expect(applied.stdout).toContain("Apply: 2 created, 0 updated, 0 deleted, 0 failed.");
    expect(Object.fromEntries((await widgets().listAll()).map((w) => [w.name, w.colors]))).toEqual({ Gear: ["blue", "red"], Cog: [] });
    const again = await run("plan", "--detailed-exitcode");
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain("No changes");
  });

  it("apply PLANFILE: a saved plan's widget update is applied; a saved plan whose widget changed since is refused", async () => {
    project.write("transformations/widgets.yaml", `${widget("Gear", ["colors: [blue, green]"])}---\n${widget("Cog")}`);
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    const saved = JSON.parse(readFileSync(join(project.dir, "plan.json"), "utf8")) as JsonPlan;
    expect(saved.actions).toMatchObject([{ resource: "Widget", kind: "update", name: "Gear", body: { colors: ["blue", "green"] } }]);
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain("Apply: 0 created, 1 updated, 0 deleted, 0 failed.");
    expect((await widgets().listAll()).find((w) => w.name === "Gear")?.colors).toEqual(["blue", "green"]);

    project.write("transformations/widgets.yaml", `${widget("Gear", ["colors: [black]"])}---\n${widget("Cog")}`);
    expect((await run("plan", "--out", "stale.json")).code).toBe(0);
    const gear = (await widgets().listAll()).find((w) => w.name === "Gear")!;
    await widgets().update(gear.id, { colors: ["white"] });
    const refused = await run("apply", "stale.json", "--auto-approve", "--format", "json");
    expect(refused.code).toBe(1);
    const report = JSON.parse(refused.stdout) as { actions: Array<Record<string, unknown>> };
    expect(report.actions).toMatchObject([
      {
        resource: "Widget",
        kind: "update",
        name: "Gear",
        outcome: "failed",
        error: { message: `widget "Gear" (${gear.id}) changed since the plan was made; plan again` },
      },
    ]);
    expect((await widgets().listAll()).find((w) => w.name === "Gear")?.colors).toEqual(["white"]);
  });

  it("apply PLANFILE refuses a widget action whose body sends what no change lists, though its digest was made again", async () => {
    expect((await run("plan", "--out", "edited.json")).code).toBe(0);
    const plan = JSON.parse(readFileSync(join(project.dir, "edited.json"), "utf8")) as JsonPlan & { digest: string };
    plan.actions[0]!.body = { ...(plan.actions[0]!.body as object), name: "Renamed" };
    plan.digest = planDigest(plan);
    project.write("edited.json", JSON.stringify(plan));
    const refused = await run("apply", "edited.json", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain("its body sends name, which no change lists");

    // A Transformation's action after a widget's is not how plan writes them.
    const reordered = JSON.parse(readFileSync(join(project.dir, "edited.json"), "utf8")) as JsonPlan & { digest: string };
    reordered.actions.push({
      kind: "update",
      name: "Keep",
      id: "tfm_keep",
      sourceId: SRC,
      patch: [],
      changes: [{ field: "enabled", before: true, after: false }],
      body: { enabled: false },
      reasons: ["drift"],
      fingerprint: reordered.fingerprints.tfm_keep,
      location: reordered.actions[0]!.location,
    });
    reordered.digest = planDigest(reordered);
    project.write("reordered.json", JSON.stringify(reordered));
    const late = await run("apply", "reordered.json", "--auto-approve");
    expect(late.code).toBe(1);
    expect(late.stdout + late.stderr).toContain("a Transformation's action after another kind's");
  });

  it("import writes the widgets beside the Transformations, ids pinned; a plan of the imported folder has no changes", async () => {
    const imported = await run("import", "--out", "imported");
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 1 transformation and 2 widgets into 2 files under imported.");
    const written = readFileSync(join(project.dir, "imported/widgets.yaml"), "utf8");
    for (const w of await widgets().listAll()) expect(written).toContain(`id: ${w.id}`);
    // Its `$schema` line names the kind's editor schema, copied into the project with no edit but the descriptor's.
    expect(written.split("\n")[0]).toBe("# yaml-language-server: $schema=../.transync/schemas/widget.schema.json");
    expect(await openWithSchema(join(project.dir, "imported/widgets.yaml"))).toEqual([]);
    const again = await run("plan", "--dir", "imported", "--detailed-exitcode");
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain("No changes");
  });

  it("a live widget no document names: listed as unmanaged with its kind; --prune deletes it", async () => {
    const spare = await widgets().create({ name: "Spare" });
    const listed = await run("plan");
    expect(listed.stdout).toContain(`Widget "Spare" (${spare.id})`);
    const plan = JSON.parse((await run("plan", "--format", "json")).stdout) as JsonPlan & { unmanaged: unknown[] };
    expect(plan.unmanaged).toEqual([
      { resource: "Widget", id: spare.id, name: "Spare", sourceId: "", fingerprint: plan.fingerprints[spare.id] },
    ]);
    expect(planValidator(plan)).toBe(true);
    const pruned = await run("apply", "--prune", "--auto-approve");
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toMatch(new RegExp(`deleted +delete Widget "Spare" \\(${spare.id}\\)`));
    expect((await widgets().listAll()).map((w) => w.name).sort()).toEqual(["Cog", "Gear"]);
  });
});
