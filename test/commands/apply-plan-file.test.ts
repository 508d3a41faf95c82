import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import { planDigest } from "../../src/plan/digest.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const LIVE = [
  { id: "tfm_keep", name: "Keep", sourceId: SRC, enabled: true, if: "event = 'A'" },
  { id: "tfm_other", name: "Other", sourceId: SRC, enabled: true, if: "event = 'B'" },
];

describe("apply PLANFILE: the plan file is checked before anything is written", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });
  const readPlan = () =>
    JSON.parse(readFileSync(join(project.dir, "plan.json"), "utf8")) as Record<string, unknown> & {
      actions: Array<Record<string, unknown>>;
      digest?: string;
    };
  const writePlan = (plan: object) => writeFileSync(join(project.dir, "plan.json"), JSON.stringify(plan));
  /** Requests the emulator saw since the plan was written, and the workspace unchanged. */
  const expectUntouched = () => {
    expect(emulator.stats().requests).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => t.id)).toEqual(["tfm_keep", "tfm_other"]);
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace(LIVE), { id: "ws_two", slug: "two", name: "Two", tokens: ["token-two"] }],
    });
    project = tempProject({
      "transformations/all.yaml": docs(doc("Keep", SRC, { if: "event = 'A'" }), doc("New", SRC, { if: "event = 'N'" })),
    });
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    emulator.resetStats();
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  // A careful edit: schema-valid, with the fingerprint the plan itself read for the object.
  const injectDelete = (plan: ReturnType<typeof readPlan>) => {
    const fingerprint = (plan.fingerprints as Record<string, string>).tfm_other;
    plan.actions.unshift({
      kind: "delete",
      name: "Other",
      id: "tfm_other",
      sourceId: SRC,
      patch: [],
      changes: [],
      fingerprint,
      pruneReason: "all",
    });
    return plan;
  };

  it("a delete injected with the summary left at 0 is refused (the digest no longer matches), with no request", async () => {
    writePlan(injectDelete(readPlan()));
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("plan.json was edited since it was written");
    expectUntouched();
  });

  it("with the digest recomputed too, the inconsistency itself is refused: summary, prune mode", async () => {
    const plan = injectDelete(readPlan());
    plan.digest = planDigest(plan);
    writePlan(plan);
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("plan.json is not consistent");
    expect(res.stderr).toContain("/summary/delete the summary says 0, but the plan lists 1");
    expect(res.stderr).toContain("the plan does not prune (options.prune is false), so it deletes nothing");
    expectUntouched();
  });

  it("a delete of an object the plan never read is refused", async () => {
    const plan = readPlan() as ReturnType<typeof readPlan> & {
      options: { prune: unknown };
      summary: { delete: number };
      fingerprints: Record<string, string>;
    };
    plan.options.prune = "all";
    plan.actions.unshift({
      kind: "delete",
      name: "Ghost",
      id: "tfm_ghost",
      sourceId: SRC,
      patch: [],
      changes: [],
      fingerprint: `sha256:${"a".repeat(64)}`,
      pruneReason: "all",
    });
    plan.summary.delete = 1;
    plan.digest = planDigest(plan);
    writePlan(plan);
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("object tfm_ghost is not among the live objects the plan read");
    expectUntouched();
  });

  /** The saved plan after `edit`, its digest recomputed: only the plan's own consistency can refuse it. */
  const resealed = (edit: (plan: ReturnType<typeof readPlan>) => void) => {
    const plan = readPlan();
    edit(plan);
    plan.digest = planDigest(plan);
    writePlan(plan);
  };

  it("an update body holding a key its changes do not list is refused before any write, whatever its digest", async () => {
    project.write("transformations/all.yaml", docs(doc("Keep", SRC, { if: "event = 'A2'" }), doc("New", SRC, { if: "event = 'N'" })));
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    emulator.resetStats();
    resealed((plan) => {
      const update = plan.actions.find((a) => a.kind === "update")!;
      (update.body as Record<string, unknown>).enabled = false; // `changes` still lists only `if`
    });
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("plan.json is not consistent");
    expect(res.stderr).toMatch(/update of "Keep": its body sends enabled = false, which neither its changes nor writeOnlyResent list/);
    expectUntouched();
    expect(emulator.transformations("ws_test").find((t) => t.id === "tfm_keep")?.enabled).toBe(true);
  });

  it("an update whose body value differs from the value its changes show is refused", async () => {
    project.write("transformations/all.yaml", docs(doc("Keep", SRC, { if: "event = 'A2'" }), doc("New", SRC, { if: "event = 'N'" })));
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    emulator.resetStats();
    resealed((plan) => {
      const update = plan.actions.find((a) => a.kind === "update")!;
      (update.body as Record<string, unknown>).if = "event = 'anything'";
    });
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/update of "Keep": its body sends if = "event = 'anything'", but its changes show "event = 'A2'"/);
    expectUntouched();
  });

  it("a create body that differs from its changes is refused: a key added, a value changed", async () => {
    resealed((plan) => {
      const create = plan.actions.find((a) => a.kind === "create")!;
      Object.assign(create.body as Record<string, unknown>, { drop: true, if: "true" });
    });
    const res = await run("apply", "plan.json", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/create of "New": its body sends drop = true, which its changes do not list/);
    expect(res.stderr).toMatch(/create of "New": its body sends if = "true", but its changes show "event = 'N'"/);
    expectUntouched();
    expect(emulator.stats().byRoute).not.toHaveProperty("POST /transformations");
  });

  it("a plan without a digest, or with an edited body, is refused", async () => {
    const plan = readPlan();
    delete plan.digest;
    writePlan(plan);
    const noDigest = await run("apply", "plan.json", "--auto-approve");
    expect(noDigest.code).toBe(1);
    expect(noDigest.stderr).toContain("plan.json has no digest");
    const edited = readPlan();
    edited.digest = "sha256:" + "0".repeat(64);
    writePlan(edited);
    expect((await run("apply", "plan.json", "--auto-approve")).stderr).toContain("edited since it was written");
    expectUntouched();
  });

  it("a plan for another workspace gets its own message, not 'stale ... deleted'", async () => {
    const res = await runCli(["apply", "plan.json", "--auto-approve"], {
      env: { ...env(), SEGMENT_API_TOKEN: "token-two" },
      cwd: project.dir,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      "the plan was made for workspace ws_test, but SEGMENT_API_TOKEN (and the API URL) reach workspace ws_two; nothing was changed",
    );
    expect(res.stderr).not.toMatch(/stale|deleted/);
    expect(emulator.stats().byRoute).not.toHaveProperty("POST /transformations");
  });

  it("desired-state flags with a plan file are a usage error, before any request", async () => {
    const pruning = tempProject({ "transformations/all.yaml": doc("Keep", SRC, { if: "event = 'A'" }) });
    try {
      expect((await runCli(["plan", "--prune", "--out", "plan.json"], { env: env(), cwd: pruning.dir })).code).toBe(0);
      emulator.resetStats();
      const res = await runCli(["apply", "plan.json", "--no-prune", "--env", "prod", "--dir", "nowhere", "--auto-approve"], {
        env: env(),
        cwd: pruning.dir,
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("--dir, --env, --prune/--no-prune cannot be used with a plan file");
      expectUntouched();
      for (const flags of [
        ["--ref", "HEAD"],
        ["--repo", "."],
        ["--base", "main"],
        ["--prune"],
        ["--exclude", "Keep"],
        ["--resend-write-only"],
      ]) {
        const other = await runCli(["apply", "plan.json", ...flags, "--auto-approve"], { env: env(), cwd: pruning.dir });
        expect(other.code, flags.join(" ")).toBe(1);
        expect(other.stderr).toContain("cannot be used with a plan file");
      }
      expectUntouched();
    } finally {
      pruning.cleanup();
    }
  });

  it("--record-ref outside git fails before anything is applied", async () => {
    const res = await run("apply", "plan.json", "--auto-approve", "--record-ref");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("--record-ref needs the desired state from a git repository");
    expectUntouched();
    const fresh = await run("apply", "--auto-approve", "--record-ref");
    expect(fresh.code).toBe(1);
    expect(fresh.stderr).toContain("nothing was applied");
    expect(emulator.transformations("ws_test")).toHaveLength(2);
  });
});

describe("apply --record-ref refuses uncommitted desired state, and records the plan's environment", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator();
    project = tempProject({
      "transync.yaml":
        "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\n  prod: { sources: { web: src_web } }\n",
      "transformations/a.yaml": doc("A", "web"),
    });
    git(project.dir, "init", "-q");
    commitAll(project.dir, "first");
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("an uncommitted or untracked document is refused before any write; plan.json beside it is fine", async () => {
    project.write("transformations/a.yaml", doc("A", "web", { enabled: false }));
    const edited = await run("apply", "--env", "staging", "--auto-approve", "--record-ref");
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(
      /--record-ref: the desired state has changes that are not in commit \w+ \(transformations\/a.yaml\); nothing was applied/,
    );
    git(project.dir, "checkout", "--", "transformations/a.yaml");
    project.write("transformations/b.yaml", doc("B", "web"));
    expect((await run("plan", "--env", "staging", "--out", "plan.json")).code).toBe(0);
    const untracked = await run("apply", "plan.json", "--auto-approve", "--record-ref");
    expect(untracked.code).toBe(1);
    expect(untracked.stderr).toContain("transformations/b.yaml");
    expect(emulator.transformations("ws_test")).toHaveLength(0);
  });

  it("a saved plan records its own environment", async () => {
    expect((await run("plan", "--env", "prod", "--out", "plan.json")).code).toBe(0);
    const applied = await run("apply", "plan.json", "--auto-approve", "--record-ref");
    expect(applied.code, applied.stderr).toBe(0);
    expect(git(project.dir, "rev-parse", "refs/transync/applied/prod")).toBe(git(project.dir, "rev-parse", "HEAD"));
    expect(() => git(project.dir, "rev-parse", "--verify", "-q", "refs/transync/applied/staging")).toThrow();
  });
});
