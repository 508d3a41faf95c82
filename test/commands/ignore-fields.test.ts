import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { blockDoc, doc, tempProject, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { documentsThatDiffer } from "../../src/desired/environment-order.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";

interface PlanJson {
  actions: Array<{ kind: string; name: string; body?: Record<string, unknown>; changes: Array<{ field: string }> }>;
  ignored?: Array<{ name: string; fields: string[] }>;
  digest: string;
}

/** A document's `ignore: [fields]` (issue 38, Argo CD's ignoreDifferences): no command compares those fields with live state. */
describe("ignore: fields no command compares", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });
  const planJson = async (): Promise<PlanJson> => JSON.parse((await run("plan", "--format", "json")).stdout) as PlanJson;
  const live = async () => {
    const reply = await fetch(`${emulator.url}/transformations/tfm_a`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    return ((await reply.json()) as { data: { transformation: Record<string, unknown> } }).data.transformation;
  };

  beforeEach(async () => {
    // Live: disabled in the app (a hotfix), newEventName set there too.
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([{ id: "tfm_a", name: "A", sourceId: "src_web", enabled: false, if: "event = 'A'", newEventName: "App" }]),
      ],
    });
    project = tempProject({ "transformations/a.yaml": doc("A", "src_web", { if: "event = 'A'", ignore: ["enabled", "newEventName"] }) });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("plan: the ignored fields are not compared (no change, exit 0), and the plan says so once in text, JSON and Markdown", async () => {
    const text = await run("plan", "--detailed-exitcode");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Never compared with live state (the documents\' `ignore:`): "A": `enabled`, `newEventName`.');
    expect(text.stdout.split("Never compared").length - 1).toBe(1);
    expect((await planJson()).ignored).toEqual([{ name: "A", fields: ["enabled", "newEventName"] }]);
    const md = await run("plan", "--format", "markdown");
    expect(md.stdout).toContain("Never compared with live state (the documents' `ignore:`): `A`: `enabled`, `newEventName`.");
  });

  it("apply: an update sends the other fields only, and the live value of an ignored field stays", async () => {
    project.write("transformations/a.yaml", doc("A", "src_web", { if: "event = 'B'", ignore: ["enabled", "newEventName"] }));
    const plan = await planJson();
    expect(plan.actions).toHaveLength(1);
    expect(plan.actions[0]!.changes.map((c) => c.field)).toEqual(["if"]);
    expect(Object.keys(plan.actions[0]!.body!)).toEqual(["if"]);
    const text = await run("plan");
    expect(text.stdout.split("Never compared").length - 1).toBe(1);
    const applied = await run("apply", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(await live()).toMatchObject({ if: "event = 'B'", enabled: false, newEventName: "App" });
  });

  it("a plan of documents without ignore has no `ignored` member; removing ignore compares the fields again", async () => {
    project.write("transformations/a.yaml", doc("A", "src_web", { if: "event = 'A'" }));
    const plan = await planJson();
    expect(plan).not.toHaveProperty("ignored");
    expect(plan.actions[0]!.changes.map((c) => c.field)).toEqual(["enabled", "newEventName"]);
    expect((await run("plan", "--detailed-exitcode")).code).toBe(2);
  });

  it("drift: a change made in the app to an ignored field is not drift", async () => {
    project.write("transync.yaml", `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  prod: {}\n`);
    git(project.dir, "init", "-q");
    commitAll(project.dir, "A, ignoring enabled");
    git(project.dir, "update-ref", "refs/transync/applied/prod", "HEAD");
    const drift = await runCli(["drift", "--env", "prod", "--format", "json"], {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host },
      cwd: project.dir,
    });
    expect(drift.code, drift.stderr).toBe(0);
    expect((JSON.parse(drift.stdout) as { drifted: unknown[] }).drifted).toEqual([]);
  });

  it("validate: an unknown field, or `name`, in ignore is an error at its line naming the known fields", async () => {
    project.write("transformations/a.yaml", blockDoc("A", "src_web", ["ignore: [enabled, enabeld, name]"]));
    const result = await run("validate");
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /a\.yaml:\d+:\d+ .*unknown field "enabeld" in ignore; the fields are: sourceId, destinationMetadataId, enabled, if,/,
    );
    expect(result.stdout + result.stderr).toContain("`name` cannot be ignored");
  });

  it("status: a difference only in an ignored field is no lag between environments", () => {
    const at = { file: "a.yaml", line: 1, col: 1 };
    const resource = (enabled: boolean, ignore?: string[]): DesiredResource => ({
      name: "A",
      spec: { name: "A", sourceId: "src_web", enabled, if: "event = 'A'" },
      location: at,
      ...(ignore ? { ignore } : {}),
    });
    expect(documentsThatDiffer([resource(true, ["enabled"])], [resource(false, ["enabled"])])).toEqual([]);
    expect(documentsThatDiffer([resource(true)], [resource(false)])).toEqual(["A"]);
  });
});
