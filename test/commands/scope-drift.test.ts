import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/** The scheduled drift job: `plan --refresh full --detailed-exitcode`, no --prune (issue 22 item 6). */
describe("an object made in the Segment app inside a declared scope is drift", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const driftJob = () => runCli(["plan", "--refresh", "full", "--detailed-exitcode"], { env: env(), cwd: project.dir });
  const madeInTheApp = (sourceId: string) =>
    fetch(`${emulator.url}/transformations`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Made in the UI", sourceId, enabled: true, if: "event = 'U'" }),
    });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_a", name: "A", sourceId: "src_web", enabled: true, if: "event = 'A'" }])],
    });
    project = tempProject({ "transformations/a.yaml": doc("A", "src_web", { if: "event = 'A'" }) });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("with scope.sources declared: exit 2 and the object listed; an object outside the scope is not drift", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\nscope: { sources: [src_web] }\n");
    expect((await driftJob()).code).toBe(0);
    expect((await madeInTheApp("src_other")).status).toBe(200);
    expect((await driftJob()).code).toBe(0);
    expect((await madeInTheApp("src_web")).status).toBe(200);
    const job = await driftJob();
    expect(job.code).toBe(2);
    expect(job.stdout).toContain("Drift: in the declared scope, matched by no document (--prune deletes them):");
    expect(job.stdout).toContain('? "Made in the UI"');
    expect(job.stdout).toContain("Drift: 1 object in the declared scope matches no document");
    expect(job.stdout).not.toContain("No changes");
    const md = await runCli(["plan", "--format", "markdown"], { env: env(), cwd: project.dir });
    expect(md.stdout).toContain("## transync plan: Drift, 1 unmanaged in the declared scope");
    expect(md.stdout).toContain("### Drift: unmanaged in the declared scope (1)");
    expect(md.stdout).toContain("Made in the UI");
    const json = await runCli(["plan", "--format", "json", "--detailed-exitcode"], { env: env(), cwd: project.dir });
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as { unmanaged: Array<{ name: string }> }).unmanaged.map((u) => u.name)).toEqual(["Made in the UI"]);
  });

  it("without a declared scope the whole workspace is in view: such objects are counted (details on stderr), exit 0 (as before)", async () => {
    expect((await madeInTheApp("src_web")).status).toBe(200);
    const job = await runCli(["plan", "--refresh", "full", "--detailed-exitcode"], {
      env: { ...env(), TRANSYNC_LOG_LEVEL: "info" },
      cwd: project.dir,
    });
    expect(job.code).toBe(0);
    expect(job.stdout).toContain("No changes.");
    expect(job.stdout).toContain("1 unmanaged object");
    expect(job.stderr).toContain("Made in the UI");
  });
});
