import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { prodWorkspace } from "../helpers/two-environments.js";
import { ScriptedApi } from "../helpers/scripted-api.js";

/** schemas/drift-report.schema.json: what `drift --format json` promises. */
const validDrift = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(new URL("../../schemas/drift-report.schema.json", import.meta.url), "utf8")) as object,
);

interface DriftJson {
  basis: { commit: string; source: string; ref: string };
  drifted: Array<{ kind: string; name: string; id?: string; fields: string[]; changedBy?: Record<string, string> }>;
  attributionUnavailable?: string;
}

/** Token A applies; token B (a person in the app: users/U1, a@x.io) changes the object out of band. */
const A = "token-a";
const B = "token-b";

/** `transync drift --env E` (issue 38): live state against the applied commit, each drift attributed from the audit trail. */
describe("transync drift", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  let scripted: ScriptedApi | undefined;

  const writeProjectFile = (url: string) =>
    project.write("transync.yaml", `apiVersion: transync/v1\napiUrl: "${url}"\nenvironments:\n  prod: { workspace: prd }\n`);
  const run = (...args: string[]) =>
    runCli(args, {
      cwd: project.dir,
      env: {
        SEGMENT_API_TOKEN: A,
        TRANSYNC_ALLOW_API_HOSTS: [emulator.url, scripted?.url ?? emulator.url].map((u) => new URL(u).host).join(","),
      },
    });
  const json = async (...args: string[]): Promise<{ code: number; report: DriftJson; stderr: string }> => {
    const result = await run("drift", "--env", "prod", "--format", "json", ...args);
    const report = JSON.parse(result.stdout) as DriftJson;
    expect(validDrift(report), JSON.stringify(validDrift.errors)).toBe(true);
    return { code: result.code, report, stderr: result.stderr };
  };
  /** Token B turns `enabled` off through the API, as a person in the app would. */
  const disableInTheApp = async () => {
    const list = await fetch(`${emulator.url}/transformations`, { headers: { authorization: `Bearer ${B}` } });
    const [live] = ((await list.json()) as { data: { transformations: Array<{ id: string }> } }).data.transformations;
    const reply = await fetch(`${emulator.url}/transformations/${live!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${B}`, "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(reply.status).toBe(200);
    return live!.id;
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [prodWorkspace({ tokens: [A, { value: B, actor: "users/U1", actorEmail: "a@x.io" }] })],
    });
    project = tempProject({ "transformations/a.yaml": doc("A", "src_prd_web") });
    writeProjectFile(emulator.url);
    git(project.dir, "init", "-q");
    commitAll(project.dir, "add A");
  });

  afterEach(async () => {
    await scripted?.close();
    scripted = undefined;
    await emulator?.close();
    project?.cleanup();
  });

  it("a change made in the app is drift (exit 2), attributed to who made it; clean before it (exit 0)", async () => {
    const applied = await run("apply", "--env", "prod", "--auto-approve", "--record-ref");
    expect(applied.code, applied.stderr).toBe(0);
    const clean = await json();
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.report.basis).toMatchObject({ source: "applied", ref: "refs/transync/applied/prod" });
    expect(clean.report.drifted).toEqual([]);

    const id = await disableInTheApp();
    const drifted = await json();
    expect(drifted.code, drifted.stderr).toBe(2);
    expect(drifted.report.drifted).toEqual([
      {
        kind: "update",
        name: "A",
        id,
        fields: ["enabled"],
        changedBy: { actor: "users/U1", actorEmail: "a@x.io", type: "Transformation Updated", timestamp: expect.any(String) },
      },
    ]);
    const text = await run("drift", "--env", "prod");
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/changed by a@x\.io \(users\/U1\), Transformation Updated, \d{4}-\d\d-\d\dT/);
    expect(text.stdout).toContain(`update "A" (${id}): enabled`);
  });

  it("a merged change not yet applied is not drift: the comparison is with the applied commit", async () => {
    expect((await run("apply", "--env", "prod", "--auto-approve", "--record-ref")).code).toBe(0);
    const recorded = git(project.dir, "rev-parse", "refs/transync/applied/prod").trim();
    project.write("transformations/a.yaml", doc("A", "src_prd_web", { if: "event = 'Merged'" }));
    project.write("transformations/b.yaml", doc("B", "src_prd_web"));
    commitAll(project.dir, "merged, not applied");
    const pending = await json();
    expect(pending.code, pending.stderr).toBe(0);
    expect(pending.report.basis.commit).toBe(recorded);
    expect(pending.report.drifted).toEqual([]);
    // The plan of HEAD does see the merged change: only drift ignores it.
    expect((await run("plan", "--env", "prod", "--detailed-exitcode")).code).toBe(2);
    // A real change in the app to the same object is drift, told apart from the pending one.
    const id = await disableInTheApp();
    const both = await json();
    expect(both.code).toBe(2);
    expect(both.report.drifted).toEqual([expect.objectContaining({ kind: "update", name: "A", id, fields: ["enabled"] })]);
  });

  it("with no applied record it compares with HEAD and says so", async () => {
    const head = git(project.dir, "rev-parse", "HEAD").trim();
    const missing = await json();
    expect(missing.code).toBe(2);
    expect(missing.report.basis).toEqual({ commit: head, source: "HEAD", ref: "refs/transync/applied/prod" });
    expect(missing.report.drifted).toEqual([{ kind: "create", name: "A", fields: expect.any(Array) }]);
    const text = await run("drift", "--env", "prod");
    expect(text.stdout).toContain("no applied commit is recorded (refs/transync/applied/prod)");
  });

  it("an audit trail the token may not read (403): attribution unavailable, the exit code kept", async () => {
    expect((await run("apply", "--env", "prod", "--auto-approve", "--record-ref")).code).toBe(0);
    await disableInTheApp();
    scripted = new ScriptedApi(emulator.url);
    scripted.route("GET", "/audit-events", { status: 403, body: { errors: [{ type: "forbidden", message: "no audit" }] } });
    writeProjectFile(await scripted.start());
    commitAll(project.dir, "point at the proxy");
    git(project.dir, "update-ref", "refs/transync/applied/prod", "HEAD");
    const refused = await json();
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.report.attributionUnavailable).toContain("403");
    expect(refused.report.drifted[0]).not.toHaveProperty("changedBy");
    const text = await run("drift", "--env", "prod");
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("attribution unavailable (GET /audit-events: 403)");
  });

  it("--since is 1 to 90 days; --env is required", async () => {
    const tooLong = await run("drift", "--env", "prod", "--since", "91");
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain("--since must be a whole number of days from 1 to 90");
    const noEnv = await run("drift");
    expect(noEnv.code).toBe(1);
    expect(noEnv.stderr).toContain("--env");
    const unknown = await run("drift", "--env", "nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("nope");
    expect(unknown.stderr).not.toContain("    at ");
  });
});
