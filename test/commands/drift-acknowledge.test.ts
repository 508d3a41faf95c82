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

interface DriftObject {
  kind: string;
  name: string;
  id?: string;
  pinnedId?: string;
  fields: string[];
  changedBy?: Record<string, string>;
  acknowledgements?: Array<Record<string, unknown>>;
}
interface DriftJson {
  drifted: DriftObject[];
  acknowledged?: DriftObject[];
  staleAcknowledgements?: Array<Record<string, unknown>>;
}

/** Token A is transync's (a plain token: `public-api-token/1`); token B is a person in the app (users/U1, a@x.io). */
const A = "token-a";
const B = "token-b";
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** Issue 38: acknowledgements, transync's own actors, an object deleted live, objects made in the app in scope, Markdown. */
describe("transync drift: acknowledgements, selfActors, deleted and unmanaged objects", () => {
  let emulator: RunningEmulator;
  let project: TempProject;

  const projectFile = (extra = "", envExtra = "") =>
    `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  prod: { workspace: prd${envExtra} }\n${extra}`;
  const run = (...args: string[]) =>
    runCli(args, {
      cwd: project.dir,
      // info: apply says the actor it writes as at info level, the CLI's default.
      env: { SEGMENT_API_TOKEN: A, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host, TRANSYNC_LOG_LEVEL: "info" },
    });
  const json = async (...args: string[]): Promise<{ code: number; report: DriftJson; stderr: string }> => {
    const result = await run("drift", "--env", "prod", "--format", "json", ...args);
    expect(result.stdout, result.stderr).not.toBe("");
    const report = JSON.parse(result.stdout) as DriftJson;
    expect(validDrift(report), JSON.stringify(validDrift.errors)).toBe(true);
    return { code: result.code, report, stderr: result.stderr };
  };
  const asToken = async (token: string, method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(reply.status).toBe(200);
    return (await reply.json()) as { data: Record<string, unknown> };
  };
  const liveId = async () => {
    const list = await asToken(B, "GET", "/transformations");
    return (list.data.transformations as Array<{ id: string }>)[0]!.id;
  };
  const applyAndRecord = async () => {
    const applied = await run("apply", "--env", "prod", "--auto-approve", "--record-ref");
    expect(applied.code, applied.stderr).toBe(0);
    return applied;
  };
  /** An acknowledgement merged after the apply: read from the checkout, never applied. */
  const acknowledge = (entries: string) => {
    project.write("transync.yaml", projectFile(`drift:\n  acknowledge:\n${entries}`));
    commitAll(project.dir, "acknowledge");
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [prodWorkspace({ tokens: [A, { value: B, actor: "users/U1", actorEmail: "a@x.io" }] })],
    });
    project = tempProject({ "transformations/a.yaml": doc("A", "src_prd_web") });
    project.write("transync.yaml", projectFile());
    git(project.dir, "init", "-q");
    commitAll(project.dir, "add A");
  });

  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
  });

  it("an acknowledgement until tomorrow makes drift exit 0; until yesterday exits 2 with `expired`; one matching nothing is stale", async () => {
    await applyAndRecord();
    const id = await liveId();
    await asToken(B, "PATCH", `/transformations/${id}`, { enabled: false });

    acknowledge(`    - { env: prod, name: A, fields: [enabled], until: "${day(1)}", reason: "incident INC-1", owner: a@x.io }\n`);
    const held = await json();
    expect(held.code, held.stderr).toBe(0);
    expect(held.report.drifted).toEqual([]);
    expect(held.report.acknowledged).toEqual([
      expect.objectContaining({
        name: "A",
        fields: ["enabled"],
        acknowledgements: [{ fields: ["enabled"], until: day(1), reason: "incident INC-1", owner: "a@x.io", where: "transync.yaml:7:7" }],
      }),
    ]);
    const text = await run("drift", "--env", "prod");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("No drift counted: every difference of prod from the compared commit is acknowledged.");
    expect(text.stdout).toContain(`acknowledged until ${day(1)} (enabled) by a@x.io: incident INC-1 [transync.yaml:7:7]`);

    acknowledge(`    - { env: prod, name: A, fields: [enabled], until: "${day(-1)}", reason: "incident INC-1", owner: a@x.io }\n`);
    const expired = await json();
    expect(expired.code).toBe(2);
    expect(expired.report.drifted[0]!.acknowledgements).toEqual([expect.objectContaining({ until: day(-1), expired: true })]);
    expect(expired.stderr).toContain(`expired after ${day(-1)}: it counts as drift again`);

    acknowledge(
      [
        `    - { env: prod, name: A, fields: [enabled], until: "${day(1)}", reason: r, owner: o }`,
        `    - { env: prod, name: A, fields: [if], until: "${day(1)}", reason: r, owner: o }`,
        "",
      ].join("\n"),
    );
    const stale = await json();
    expect(stale.code).toBe(0);
    expect(stale.report.staleAcknowledgements).toEqual([{ name: "A", fields: ["if"], until: day(1), where: "transync.yaml:8:7" }]);
    expect(stale.stderr).toContain("stale acknowledgement (transync.yaml:8:7)");
    expect(stale.stderr).toContain("if matches no drift of prod");
  });

  it("a field not acknowledged still counts: exit 2 with the acknowledgement shown on the object", async () => {
    await applyAndRecord();
    const id = await liveId();
    await asToken(B, "PATCH", `/transformations/${id}`, { enabled: false, if: "event = 'Hotfix'" });
    acknowledge(`    - { env: prod, name: A, fields: [enabled], until: "${day(3)}", reason: r, owner: o }\n`);
    const partly = await json();
    expect(partly.code).toBe(2);
    expect(partly.report.drifted).toEqual([
      expect.objectContaining({
        name: "A",
        fields: ["enabled", "if"],
        acknowledgements: [expect.objectContaining({ fields: ["enabled"] })],
      }),
    ]);
  });

  it("a bad acknowledgement stops drift with its place (file:line:col) and the known fields", async () => {
    await applyAndRecord();
    acknowledge(`    - { env: prod, name: A, fields: [enabld], until: 2026-02-30, reason: r, owner: o }\n`);
    const bad = await run("drift", "--env", "prod");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('transync.yaml:7:38 drift.acknowledge.0.fields.0: unknown field "enabld"; the fields are: name, sourceId');
    expect(bad.stderr).toContain('transync.yaml:7:54 drift.acknowledge.0.until: "until" must be a day on the calendar');
    expect(bad.stderr).not.toContain("    at ");
    // validate reads the same file and finds the same errors.
    const validated = await run("validate");
    expect(validated.code).toBe(1);
    expect(validated.stdout + validated.stderr).toContain('transync.yaml:7:38 drift.acknowledge.0.fields.0: unknown field "enabld"');
  });

  it("selfActors: the newest event not made by transync's own actor names who changed it; apply prints its actor", async () => {
    const applied = await applyAndRecord();
    expect(applied.stderr).toContain("public-api-token/1");
    expect(applied.stderr).toContain("selfActors");
    const id = await liveId();
    await asToken(B, "PATCH", `/transformations/${id}`, { enabled: false });
    // Later, transync's own token (another job) writes to the same object: its event is the newest.
    await asToken(A, "PATCH", `/transformations/${id}`, { if: "event = 'Other job'" });
    const unnamed = await json();
    expect(unnamed.report.drifted[0]!.changedBy).toMatchObject({ actor: "public-api-token/1" });

    project.write("transync.yaml", projectFile("", ", selfActors: [public-api-token/1]"));
    commitAll(project.dir, "selfActors");
    const named = await json();
    expect(named.code).toBe(2);
    expect(named.report.drifted[0]!.changedBy).toMatchObject({ actor: "users/U1", actorEmail: "a@x.io" });
    // With its actor listed, apply says nothing more of it.
    await asToken(B, "PATCH", `/transformations/${id}`, { enabled: true, if: "event = 'Order Completed'", name: "A" });
    project.write("transformations/a.yaml", doc("A", "src_prd_web", { if: "event = 'Changed'" }));
    commitAll(project.dir, "change A");
    const again = await applyAndRecord();
    expect(again.stderr).not.toContain("selfActors");
  });

  it("apply through a token that may not read the audit trail (403): the actor is not said, the apply succeeds", async () => {
    const scripted = new ScriptedApi(emulator.url);
    scripted.route("GET", "/audit-events", { status: 403, body: { errors: [{ type: "forbidden", message: "no audit" }] } });
    try {
      const url = await scripted.start();
      project.write("transync.yaml", projectFile().replace(emulator.url, url));
      const applied = await runCli(["apply", "--env", "prod", "--auto-approve"], {
        cwd: project.dir,
        env: { SEGMENT_API_TOKEN: A, TRANSYNC_ALLOW_API_HOSTS: new URL(url).host, TRANSYNC_LOG_LEVEL: "info" },
      });
      expect(applied.code, applied.stderr).toBe(0);
      expect(scripted.requests.some((r) => r.method === "GET" && r.path.startsWith("/audit-events"))).toBe(true);
      expect(applied.stderr).not.toContain("selfActors");
    } finally {
      await scripted.close();
    }
  });

  it("an object deleted live (its document pins its id) is drift, attributed by its pin", async () => {
    await applyAndRecord();
    const id = await liveId();
    project.write("transformations/a.yaml", doc("A", "src_prd_web", { id }));
    commitAll(project.dir, "pin A");
    git(project.dir, "update-ref", "refs/transync/applied/prod", "HEAD");
    await asToken(B, "DELETE", `/transformations/${id}`);
    const gone = await json();
    expect(gone.code, gone.stderr).toBe(2);
    expect(gone.report.drifted).toEqual([
      {
        kind: "create",
        name: "A",
        pinnedId: id,
        fields: ["name", "sourceId", "enabled", "if"],
        changedBy: { actor: "users/U1", actorEmail: "a@x.io", type: "Transformation Deleted", timestamp: expect.any(String) },
      },
    ]);
    const text = await run("drift", "--env", "prod");
    expect(text.stdout).toContain(`create "A" (pinned ${id}, deleted live)`);
  });

  it("an object made in the app inside the declared scope is drift (as plan --detailed-exitcode counts it); outside it is not", async () => {
    project.write("transync.yaml", projectFile("scope: { sources: [src_prd_web] }\n"));
    commitAll(project.dir, "scope");
    await applyAndRecord();
    await asToken(B, "POST", "/transformations", { name: "Outside", sourceId: "src_prd_ios", enabled: true, if: "event = 'O'" });
    expect((await json()).code).toBe(0);
    await asToken(B, "POST", "/transformations", { name: "Made in the app", sourceId: "src_prd_web", enabled: true, if: "event = 'U'" });
    const made = await json();
    expect(made.code).toBe(2);
    expect(made.report.drifted).toEqual([
      {
        kind: "unmanaged",
        name: "Made in the app",
        id: expect.any(String),
        fields: [],
        changedBy: expect.objectContaining({ actor: "users/U1", type: "Transformation Created" }),
      },
    ]);
    expect((await run("plan", "--env", "prod", "--detailed-exitcode")).code).toBe(2);
  });

  it("--format markdown: a table of the drift, acknowledged objects apart, hostile strings escaped", async () => {
    await applyAndRecord();
    const id = await liveId();
    await asToken(B, "PATCH", `/transformations/${id}`, { enabled: false });
    acknowledge(
      `    - { env: prod, name: A, fields: [enabled], until: "${day(1)}", reason: "<img src=x> [x](http://e.vil) | cell", owner: o }\n`,
    );
    const md = await run("drift", "--env", "prod", "--format", "markdown");
    expect(md.code).toBe(0);
    expect(md.stdout).toContain("## transync drift: `prod`, no drift");
    expect(md.stdout).toContain("### Acknowledged, not counted (1)");
    expect(md.stdout).toContain("changed by a&#64;x.io (users/U1), Transformation Updated");
    expect(md.stdout).not.toContain("<img");
    expect(md.stdout).not.toContain("[x](http");
    expect(md.stdout).toContain("\\| cell");
  });
});
