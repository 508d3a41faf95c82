import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const HAND_MADE = { fql: "lowercase(properties.email)", propertyName: "properties.email_lower" };

interface JsonPlan {
  actions: Array<{
    kind: string;
    name: string;
    body?: Record<string, unknown>;
    changes: Array<{ field: string; before?: unknown; after?: unknown; from?: string }>;
  }>;
  summary: { update: number; unchanged: number };
  apiCalls: number;
  detailedIds: string[];
  options: { refresh: string };
  writeOnlyBasis?: { source: string; commit: string };
}

describe("the plan is the contract (emulator over HTTP, real git)", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const env = (extra: Record<string, string> = {}) => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, ...extra });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: repo.dir });
  const planJson = async (...args: string[]): Promise<JsonPlan> => {
    const res = await run("plan", "--format", "json", ...args);
    expect(res.code, res.stderr).toBe(0);
    return JSON.parse(res.stdout) as JsonPlan;
  };
  const liveOf = (name: string) => emulator.transformations("ws_test").find((t) => t.name === name);

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          {
            id: "tfm_a",
            name: "A",
            sourceId: SRC,
            enabled: true,
            if: "event = 'A'",
            allowProperties: ["email"],
            fqlDefinedProperties: [HAND_MADE],
          },
        ]),
      ],
    });
    repo = tempProject({ "transformations/a.yaml": docs(doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"] })) });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("no hidden clearing: an update read from the list sends only what it shows, says which field it did not read, and leaves that field as it is", async () => {
    repo.write("transformations/a.yaml", doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], enabled: false }));
    const plan = await planJson();
    const [update] = plan.actions;
    expect(update!.changes.map((c) => c.field)).toEqual(["enabled"]);
    expect(update!.body).toEqual({ enabled: false });
    expect(update).toMatchObject({ notRead: ["fqlDefinedProperties"] });
    expect(plan.detailedIds).toEqual([]);
    expect(plan.apiCalls).toBe(2); // the list page and GET /sources (every source checked): an update costs no get of its own
    const text = await run("plan");
    expect(text.stdout).toContain("not read, so neither compared nor sent: fqlDefinedProperties");
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(liveOf("A")).toMatchObject({ enabled: false, fqlDefinedProperties: [HAND_MADE] });
    // --refresh full reads it, and shows the clearing it then sends.
    const full = await planJson("--refresh", "full");
    expect(full.actions[0]!.changes).toEqual([{ field: "fqlDefinedProperties", before: [HAND_MADE], after: [] }]);
    expect(full.actions[0]!.body).toEqual({ fqlDefinedProperties: [] });
  });

  it("FQL properties the applied record set are read with get, so removing them from the document is shown and cleared", async () => {
    repo.write(
      "transformations/a.yaml",
      doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], fqlDefinedProperties: [HAND_MADE] }),
    );
    commitAll(repo.dir, "adopt the hand-made property");
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0);
    repo.write("transformations/a.yaml", doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"] }));
    commitAll(repo.dir, "remove the FQL property");
    const plan = await planJson();
    expect(plan.detailedIds).toEqual(["tfm_a"]);
    expect(plan.actions.map((a) => a.changes)).toEqual([[{ field: "fqlDefinedProperties", before: [HAND_MADE], after: [] }]]);
    expect(plan.actions[0]!.body).toEqual({ fqlDefinedProperties: [] });
    const text = await run("plan");
    expect(text.stdout).toMatch(/fqlDefinedProperties:\n\s+- \{"fql":"lowercase\(properties\.email\)"/);
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(liveOf("A")?.fqlDefinedProperties ?? []).toEqual([]);
  });

  it("a plan with no update reads no object in full and says which fields it did not compare", async () => {
    const plan = await planJson();
    expect(plan.summary.unchanged).toBe(1);
    expect(plan.apiCalls).toBe(2); // the list page and GET /sources
    const text = await runCli(["plan"], { env: env({ TRANSYNC_LOG_LEVEL: "info" }), cwd: repo.dir });
    expect(text.stdout).toContain("No changes.");
    // A plan with no changes is short: its notes are logged on stderr (info, the default level).
    expect(text.stderr).toMatch(/1 unchanged object was read from the list only.*\\"A\\".*--refresh full/);
  });

  it("--refresh full reads every object with get, finds drift in fqlDefinedProperties, and prints its call count", async () => {
    const plan = await planJson("--refresh", "full");
    expect(plan.options.refresh).toBe("full");
    expect(plan.apiCalls).toBe(3); // one list page + one get + GET /sources
    expect(plan.actions.map((a) => a.changes.map((c) => c.field))).toEqual([["fqlDefinedProperties"]]);
    const text = await run("plan", "--refresh", "full");
    expect(text.stdout).toContain("Live state read with --refresh full: 3 API calls, 1 object read in full with get.");
    const applied = await run("apply", "--refresh", "full", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(liveOf("A")?.fqlDefinedProperties ?? []).toEqual([]);
  });

  it("write-only removal: apply drop: true with --record-ref, delete the line, commit; the plan shows drop true -> false and apply clears it", async () => {
    repo.write(
      "transformations/a.yaml",
      doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], fqlDefinedProperties: [HAND_MADE] }),
    );
    commitAll(repo.dir, "adopt the hand-made property");
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0); // nothing to change: records the commit
    repo.write(
      "transformations/a.yaml",
      doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], fqlDefinedProperties: [HAND_MADE], drop: true }),
    );
    commitAll(repo.dir, "drop A");
    expect((await planJson()).actions[0]!.changes).toEqual([{ field: "drop", before: false, after: true, from: "record" }]);
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0);
    expect(liveOf("A")?.drop).toBe(true);
    repo.write(
      "transformations/a.yaml",
      doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], fqlDefinedProperties: [HAND_MADE] }),
    );
    const head = commitAll(repo.dir, "stop dropping A");
    const plan = await planJson();
    expect(plan.writeOnlyBasis).toEqual({ source: "applied", commit: git(repo.dir, "rev-parse", "refs/transync/applied/default") });
    expect(plan.actions).toHaveLength(1);
    expect(plan.actions[0]!.changes).toEqual([{ field: "drop", before: true, after: false, from: "record" }]);
    expect(plan.actions[0]!.body).toEqual({ drop: false });
    const text = await run("plan");
    expect(text.stdout).toContain("drop: true -> false (before: as applied at");
    expect(text.stderr + text.stdout).not.toContain("changes nothing");
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0);
    expect(liveOf("A")?.drop ?? false).toBe(false);
    expect(git(repo.dir, "rev-parse", "refs/transync/applied/default")).toBe(head);
    expect((await planJson()).actions).toEqual([]);
  });

  it("the issue's flow: a document with only drop: true, applied with --record-ref; deleting the line is planned, shown and applied", async () => {
    repo.write("transformations/d.yaml", doc("D", SRC, { if: "event = 'D'", drop: true }));
    commitAll(repo.dir, "drop D");
    expect((await run("apply", "--auto-approve", "--record-ref")).code).toBe(0);
    expect(liveOf("D")?.drop).toBe(true);
    repo.write("transformations/d.yaml", doc("D", SRC, { if: "event = 'D'" }));
    commitAll(repo.dir, "stop dropping D");
    const text = await run("plan", "--detailed-exitcode");
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/update "D" .*\[write-only-changed\]\n.*\n\s+~ drop: true -> false/);
    expect(text.stdout + text.stderr).not.toContain("changes nothing");
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(liveOf("D")?.drop ?? false).toBe(false);
  });

  it("without a recorded commit the plan says which write-only fields it cannot verify and how to fix it", async () => {
    repo.write(
      "transformations/a.yaml",
      doc("A", SRC, { if: "event = 'A'", allowProperties: ["email"], fqlDefinedProperties: [HAND_MADE], drop: true }),
    );
    commitAll(repo.dir, "drop A");
    const text = await runCli(["plan"], { env: env({ TRANSYNC_LOG_LEVEL: "info" }), cwd: repo.dir });
    expect(text.stdout).toMatch(/^Also: .*1 object whose write-only fields cannot be verified/m);
    expect(text.stderr).toContain('write-only, not verifiable: \\"A\\" (tfm_a): drop');
    expect(text.stderr).toMatch(
      /cannot be verified.*no applied commit is recorded for environment \\"default\\".*transync apply --record-ref/,
    );
  });

  it("the key rotation recipe (docs/plan-promises.md): a recorded apply, a new value behind the same reference, apply --resend-write-only sends it to exactly the documents that set a key", async () => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    repo.write("transformations/h.yaml", doc("H", SRC, { if: "event = 'H'", hashPropertiesConfiguration: hash }));
    commitAll(repo.dir, "hash");
    const withKey = (value: string) =>
      runCli(["apply", "--auto-approve", "--record-ref"], { env: env({ TRANSYNC_KEY_EMAIL: value }), cwd: repo.dir });
    expect((await withKey("old-pepper")).code).toBe(0);
    expect(liveOf("H")?.hashPropertiesConfiguration?.key).toBe("old-pepper");
    // The value changes where apply runs; git does not: the plan cannot see it.
    const quiet = await runCli(["plan", "--format", "json"], { env: env({ TRANSYNC_KEY_EMAIL: "new-pepper" }), cwd: repo.dir });
    expect((JSON.parse(quiet.stdout) as JsonPlan).actions).toEqual([]);
    const rotate = await runCli(["apply", "--auto-approve", "--record-ref", "--resend-write-only", "--format", "json"], {
      env: env({ TRANSYNC_KEY_EMAIL: "new-pepper" }),
      cwd: repo.dir,
    });
    expect(rotate.code, rotate.stderr).toBe(0);
    expect(liveOf("H")?.hashPropertiesConfiguration?.key).toBe("new-pepper");
    // "A" sets no write-only field: not touched.
    const result = JSON.parse(rotate.stdout) as { summary: { updated: number; created: number; deleted: number } };
    expect(result.summary).toMatchObject({ updated: 1, created: 0, deleted: 0 });
    expect(rotate.stdout + rotate.stderr).not.toContain("new-pepper");
  });

  it("a hash key from an environment variable: the plan file holds the reference, apply sends the value, nothing prints it", async () => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    repo.write("transformations/h.yaml", doc("H", SRC, { if: "event = 'H'", hashPropertiesConfiguration: hash }));
    // A pull-request job holds no hash secret: the plan shows the reference and says apply needs it.
    const withoutKey = await run("plan");
    expect(withoutKey.code, withoutKey.stderr).toBe(0);
    expect(withoutKey.stdout).toMatch(
      /transformations\/h\.yaml:1:1: "H": the hash key comes from the environment variable TRANSYNC_KEY_EMAIL, which is not set; apply needs it/,
    );
    expect(withoutKey.stdout).toContain('+ create "H"');
    const stopped = await run("apply", "--auto-approve");
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/transformations\/h\.yaml:1:1 .*environment variable TRANSYNC_KEY_EMAIL, which is not set/);
    expect(liveOf("H")).toBeUndefined();
    const withKey = { ...env(), TRANSYNC_KEY_EMAIL: "s3cret-pepper" };
    const saved = await runCli(["plan", "--out", "plan.json"], { env: withKey, cwd: repo.dir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('"key":"(sensitive)"');
    const file = readFileSync(join(repo.dir, "plan.json"), "utf8");
    expect(file).toContain('"fromEnv": "TRANSYNC_KEY_EMAIL"');
    const md = await runCli(["plan", "--format", "markdown"], { env: withKey, cwd: repo.dir });
    const refused = await runCli(["apply", "plan.json", "--auto-approve"], { env: env(), cwd: repo.dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr + refused.stdout).toMatch(/TRANSYNC_KEY_EMAIL/);
    expect(liveOf("H")).toBeUndefined();
    const applied = await runCli(["apply", "plan.json", "--auto-approve"], { env: withKey, cwd: repo.dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(liveOf("H")?.hashPropertiesConfiguration?.key).toBe("s3cret-pepper");
    for (const out of [saved.stdout, saved.stderr, file, md.stdout, applied.stdout, applied.stderr])
      expect(out).not.toContain("s3cret-pepper");
  });
});
