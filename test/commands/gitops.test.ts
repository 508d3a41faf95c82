import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";

describe("plans from git: --ref, --base, --prune=removed, the applied ref", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: repo.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_hand", name: "Hand made", sourceId: SRC, enabled: true, if: "event = 'H'" }])],
    });
    repo = tempProject({ "transformations/a.yaml": docs(doc("A", SRC, { if: "event = 'A'" }), doc("B", SRC, { if: "event = 'B'" })) });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("--ref ignores uncommitted edits; the working tree plan records the commit and dirtiness", async () => {
    const head = git(repo.dir, "rev-parse", "HEAD");
    repo.write("transformations/c.yaml", doc("C", SRC));
    const atRef = JSON.parse((await run("plan", "--ref", "HEAD", "--format", "json")).stdout) as {
      summary: { create: number };
      origin: { commit: string; dirty?: boolean };
    };
    expect(atRef.summary.create).toBe(2);
    expect(atRef.origin.commit).toBe(head);
    const worktree = JSON.parse((await run("plan", "--format", "json")).stdout) as {
      summary: { create: number };
      origin: { dirty?: boolean };
    };
    expect(worktree.summary.create).toBe(3);
    expect(worktree.origin.dirty).toBe(true);
  });

  it("validate and import read from a commit with --ref, ignoring the working tree", async () => {
    repo.write("transformations/broken.yaml", "apiVersion: transync/v1\nkind: Transformation\nname: [oops\n");
    expect((await run("validate")).code).toBe(1);
    const atRef = await run("validate", "--ref", "HEAD");
    expect(atRef.code, atRef.stdout).toBe(0);
    repo.remove("transformations/broken.yaml");
    repo.write("transync.yaml", "apiVersion: transync/v1\nenvironments:\n  staging:\n    sources: { web: src_web }\n");
    commitAll(repo.dir, "project file");
    repo.remove("transync.yaml");
    const imported = await run("import", "--ref", "HEAD", "--env", "staging", "--out", "imported");
    expect(imported.code, imported.stderr).toBe(0);
    const text = readFileSync(join(repo.dir, "imported", "web.yaml"), "utf8");
    expect(text).toMatch(/sourceId: web/); // the alias of the committed transync.yaml, absent from the working tree
  });

  it("--base reports the changed documents and --prune=removed deletes only what the change removed", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    repo.write("transformations/a.yaml", docs(doc("A", SRC, { if: "event = 'A2'" })));
    repo.write("transformations/c.yaml", doc("C", SRC));
    commitAll(repo.dir, "head");
    const res = await run("plan", "--base", "base", "--prune=removed", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as {
      actions: Array<{ kind: string; name: string }>;
      unmanaged: Array<{ name: string }>;
      pullRequest: { files: Array<{ path: string; status: string }>; transformations: Array<{ name: string; status: string }> };
    };
    expect(plan.actions.map((a) => `${a.kind} ${a.name}`).sort()).toEqual(["create C", "delete B", "update A"]);
    expect(plan.unmanaged.map((u) => u.name)).toEqual(["Hand made"]);
    expect(plan.pullRequest.files).toEqual(
      expect.arrayContaining([
        { path: "transformations/a.yaml", status: "modified" },
        { path: "transformations/c.yaml", status: "added" },
      ]),
    );
    expect(plan.pullRequest.transformations.map((t) => `${t.status} ${t.name}`).sort()).toEqual(["added C", "modified A", "removed B"]);
    const md = await run("plan", "--base", "base", "--prune=removed", "--format", "markdown");
    expect(md.stdout.startsWith("<!-- transync-plan env=default -->\n")).toBe(true);
  });

  it("a write-only change between base and head is applied", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    repo.write("transformations/a.yaml", docs(doc("A", SRC, { if: "event = 'A'", drop: true }), doc("B", SRC, { if: "event = 'B'" })));
    commitAll(repo.dir, "drop A");
    const plain = JSON.parse((await run("plan", "--format", "json")).stdout) as { summary: { update: number } };
    expect(plain.summary.update).toBe(0); // drop cannot be read back and no applied commit is recorded: a plain plan cannot see it
    const withBase = JSON.parse((await run("plan", "--base", "base", "--format", "json")).stdout) as {
      writeOnlyBasis: { source: string };
      actions: Array<{ changes: unknown[] }>;
    };
    expect(withBase.writeOnlyBasis.source).toBe("base"); // no applied commit: the PR's base is what the write-only fields are compared with
    expect(withBase.actions[0]!.changes).toEqual([{ field: "drop", before: false, after: true, from: "record" }]);
    const text = await run("plan", "--base", "base");
    expect(text.stdout).toContain("Pull request (base ");
    const pr = await run("apply", "--base", "base", "--auto-approve");
    expect(pr.code, pr.stderr).toBe(0);
    expect(emulator.transformations("ws_test").find((t) => t.name === "A")?.drop).toBe(true);
  });

  it("a tag or branch named like the applied ref is not the applied record: a pull request's write-only change still shows", async () => {
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    repo.write("transformations/a.yaml", docs(doc("A", SRC, { if: "event = 'A'", drop: true }), doc("B", SRC, { if: "event = 'B'" })));
    commitAll(repo.dir, "drop A");
    const head = git(repo.dir, "rev-parse", "HEAD");
    // What the pull request's author pushed alongside, as a checkout (or a cache clone) holds it.
    for (const forged of ["refs/tags/refs/transync/applied/default", "refs/remotes/origin/refs/transync/applied/default"]) {
      git(repo.dir, "update-ref", forged, head);
      const res = await run("plan", "--base", "base", "--format", "json");
      expect(res.code, res.stderr).toBe(0);
      const plan = JSON.parse(res.stdout) as {
        writeOnlyBasis: { source: string; commit: string };
        actions: Array<{ name: string; changes: unknown[] }>;
      };
      expect(plan.writeOnlyBasis).toEqual({ source: "base", commit: git(repo.dir, "rev-parse", "base") });
      expect(plan.actions.map((a) => [a.name, a.changes])).toEqual([
        ["A", [{ field: "drop", before: false, after: true, from: "record" }]],
      ]);
    }
  });

  it("the API URL of a pull request's head is never used: the token goes where the base says", async () => {
    const thief = new ScriptedApi().route("*", /.*/, { status: 500, body: "" });
    const thiefUrl = await thief.start();
    const stolen = thief.requests;
    try {
      repo.write("transync.yaml", `apiVersion: transync/v1\napiUrl: ${emulator.url}\n`);
      commitAll(repo.dir, "project file");
      git(repo.dir, "branch", "-f", "base");
      repo.write(
        "transync.yaml",
        `apiVersion: transync/v1\napiUrl: ${thiefUrl}\nenvironments:\n  x:\n    apiUrl: ${thiefUrl}\n    sources: {}\ndefaultEnvironment: x\n`,
      );
      commitAll(repo.dir, "hostile");
      // The emulator's host is allowed from outside the repository, as CI would do; the thief's is not.
      const noEnvUrl = { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host };
      const res = await runCli(["plan", "--base", "base", "--format", "json"], { env: noEnvUrl, cwd: repo.dir });
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).apiCalls).toBeGreaterThan(0); // went to the base's URL: the emulator
      expect(stolen).toEqual([]);
      // Without --base, the working tree's project file names a host nobody allowed: refused before any request.
      expect((await runCli(["plan", "--max-retries", "0"], { env: noEnvUrl, cwd: repo.dir })).code).toBe(1);
      expect(stolen).toEqual([]);
    } finally {
      await thief.close();
    }
  });

  it("apply --record-ref records the applied commit and --base applied uses it", async () => {
    repo.write("transync.yaml", "apiVersion: transync/v1\nenvironments:\n  staging:\n    sources: { web: src_web }\n");
    commitAll(repo.dir, "staging environment");
    // Before the first recorded apply, the plan compares with nothing and says so.
    const first = await run("plan", "--base", "applied", "--env", "staging", "--prune=removed", "--format", "json");
    expect(first.code, first.stderr).toBe(0);
    const firstPlan = JSON.parse(first.stdout) as { warnings: Array<{ message: string }>; origin: { base?: string } };
    expect(firstPlan.warnings.map((w) => w.message).join("\n")).toMatch(
      /no applied commit is recorded for environment "staging" .*compares with nothing/,
    );
    expect(firstPlan.origin.base).toBe("none");
    const head = git(repo.dir, "rev-parse", "HEAD");
    expect((await run("apply", "--auto-approve", "--record-ref", "--env", "staging")).code).toBe(0);
    expect(git(repo.dir, "rev-parse", "refs/transync/applied/staging")).toBe(head);
    repo.write("transformations/a.yaml", docs(doc("A", SRC, { if: "event = 'A'" })));
    commitAll(repo.dir, "remove B");
    const res = await run("plan", "--base", "applied", "--env", "staging", "--prune=removed", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as { actions: Array<{ kind: string; name: string }> };
    expect(plan.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(["delete B"]);
  });
});
