import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import { plan as planValidator } from "../../src/report/plan-validator.generated.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { KindClient } from "../../src/live/kind-client.js";
import { silentLogger } from "../../src/log.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { settingsFor } from "../live/helpers.js";
import { WIDGET } from "./toy-kind.js";

const SRC = "src_web";
const widget = (name: string, colors: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...(colors.length > 0 ? [`colors: [${colors.join(", ")}]`] : [])].join(
    "\n",
  ) + "\n";
const widgets = (...docs: string[]) => docs.join("---\n");

interface JsonPlan {
  actions: Array<Record<string, unknown>>;
  unmanaged: Array<Record<string, unknown>>;
  summary: Record<string, number>;
  pullRequest?: { transformations: Array<Record<string, unknown>>; driftOutsidePr: string[] };
}

/**
 * The toy kind (test/kinds/toy-kind.ts) where the generic stages once read Transformations only:
 * a pull-request plan (`--base`, `prune: removed`), a `--target` naming only a live widget, and the
 * reports of `drift` and `reconcile`. Nothing here edits a file outside the kind's descriptor.
 */
describe("a registered kind in pull-request plans, narrowed prunes, drift and reconcile", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let repo: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" });
  const run = (...args: string[]) => runCli(args, { cwd: repo.dir, env: env() });
  const jsonPlan = async (...args: string[]): Promise<JsonPlan> => {
    const result = await run("plan", "--format", "json", ...args);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout) as JsonPlan;
    expect(planValidator(plan), JSON.stringify(planValidator.errors)).toBe(true);
    return plan;
  };
  const client = () =>
    new KindClient(new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), { logger: silentLogger() }), WIDGET);
  const liveWidgets = async () => Object.fromEntries((await client().listAll()).map((w) => [w.name, w.colors]));
  const recolor = async (name: string, colors: string[]) => {
    const found = (await client().listAll()).find((w) => w.name === name)!;
    await client().update(found.id, { colors });
    return found.id;
  };

  beforeAll(() => {
    unregister = registerKind(WIDGET);
  });
  afterAll(() => unregister());
  beforeEach(async () => {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace([]), sources: [{ id: SRC, slug: "web" }] }] });
    repo = tempProject({
      "transync.yaml": "apiVersion: transync/v1\nenvironments:\n  prod: {}\n",
      "transformations/a.yaml": doc("Keep", SRC, { if: "event = 'A'" }),
      "transformations/widgets.yaml": widgets(widget("Gear", ["red"]), widget("Cog", ["black"]), widget("Old")),
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("plan --base --prune=removed: a widget the pull request removed is deleted, its changes are the pull request's, live moves are drift", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    repo.write("transformations/widgets.yaml", widgets(widget("Gear", ["red", "blue"]), widget("Cog", ["black"])));
    commitAll(repo.dir, "head: Gear gains blue, Old is removed");
    await recolor("Cog", ["white"]); // out of band: drift, not the pull request's
    const plan = await jsonPlan("--base", "base", "--prune=removed");
    expect(plan.actions.map((a) => [a.resource, a.kind, a.name, a.pruneReason ?? a.reasons])).toEqual([
      ["Widget", "delete", "Old", "removed"],
      ["Widget", "update", "Cog", ["drift"]],
      ["Widget", "update", "Gear", ["pull-request"]],
    ]);
    expect(plan.pullRequest?.transformations).toEqual([
      { resource: "Widget", name: "Gear", status: "modified" },
      { resource: "Widget", name: "Old", status: "removed" },
    ]);
    expect(plan.pullRequest?.driftOutsidePr).toEqual(["Cog"]);
    const text = await run("plan", "--base", "base", "--prune=removed");
    expect(text.stdout).toContain('removed  Widget "Old"');
    expect(text.stdout).toContain('delete Widget "Old"');
    const markdown = await run("plan", "--base", "base", "--prune=removed", "--format", "markdown");
    expect(markdown.stdout).toMatch(/\| Widget `Old` \| removed \|/);

    // Without a pruning mode that knows removals, the widget the pull request removed stays unmanaged.
    const kept = await jsonPlan("--base", "base", "--no-prune");
    expect(kept.actions.map((a) => a.kind)).toEqual(["update", "update"]);
    expect(kept.unmanaged.map((u) => [u.resource, u.name])).toEqual([["Widget", "Old"]]);
  });

  it("prune: removed reads a kind whose every document the pull request removed", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    repo.remove("transformations/widgets.yaml");
    commitAll(repo.dir, "head: no widget any more");
    const plan = await jsonPlan("--base", "base", "--prune=removed");
    expect(plan.actions.map((a) => [a.resource, a.kind, a.name, a.pruneReason])).toEqual([
      ["Widget", "delete", "Cog", "removed"],
      ["Widget", "delete", "Gear", "removed"],
      ["Widget", "delete", "Old", "removed"],
    ]);
    expect((await run("apply", "--auto-approve", "--base", "base", "--prune=removed")).code).toBe(0);
    expect(await liveWidgets()).toEqual({});
  });

  it("--target naming only a live widget no document names selects its delete under --prune", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    const spare = await client().create({ name: "Spare" });
    const plan = await jsonPlan("--prune", "--target", "Spare");
    expect(plan.actions.map((a) => [a.resource, a.kind, a.name, a.id])).toEqual([["Widget", "delete", "Spare", spare.id]]);
    const excluded = await jsonPlan("--prune", "--exclude", spare.id);
    expect(excluded.actions).toEqual([]);
    expect((await run("plan", "--target", "Sparr")).stderr).toContain('did you mean "Spare"');
  });

  it("drift names each drifted object's kind in text, JSON and Markdown", async () => {
    expect((await run("apply", "--env", "prod", "--auto-approve", "--record-ref")).code).toBe(0);
    const id = await recolor("Gear", ["green"]);
    const json = await run("drift", "--env", "prod", "--format", "json");
    expect(json.code, json.stderr).toBe(2);
    expect((JSON.parse(json.stdout) as { drifted: unknown[] }).drifted).toEqual([
      { kind: "update", resource: "Widget", name: "Gear", id, fields: ["colors"] },
    ]);
    expect((await run("drift", "--env", "prod")).stdout).toContain(`update Widget "Gear" (${id}): colors`);
    expect((await run("drift", "--env", "prod", "--format", "markdown")).stdout).toContain(`| update | Widget \`Gear\` \`${id}\` |`);
  });

  it("reconcile logs each object's kind beside the action", async () => {
    const result = await runCli(["reconcile", "--repo", repo.dir, "--ref", "main", "--once", "--log-level", "info"], {
      cwd: repo.dir,
      env: { ...env(), TRANSYNC_LOG_LEVEL: "info" },
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.outcome === "created");
    expect(lines.map((line) => [line.resource, line.kind, line.name]).sort()).toEqual([
      ["Transformation", "create", "Keep"],
      ["Widget", "create", "Cog"],
      ["Widget", "create", "Gear"],
      ["Widget", "create", "Old"],
    ]);
  });
});
