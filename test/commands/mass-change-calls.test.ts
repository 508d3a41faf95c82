import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { acquireWorkspaceLock, workspaceLockPath } from "../../src/lock/lock.js";
import { runCli } from "../helpers/run-cli.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const N = 450; // three list pages of 200
const PAGES = Math.ceil(N / 200);
const FQL = [{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }];

const readLock = (path: string): { pid: number } | undefined =>
  existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as { pid: number }) : undefined;
const id = (i: number) => `tfm_${String(i).padStart(4, "0")}`;
/** A third changed; every ninth object (and its document) has FQL properties. */
const changed = (i: number) => i % 3 === 0;
const withFql = (i: number) => i % 9 === 1;
const updates = Array.from({ length: N }, (_, i) => i).filter(changed).length;
const fqlObjects = Array.from({ length: N }, (_, i) => i).filter(withFql).length;

/**
 * The formulas (issue 25): every HTTP request a command makes, counted by the emulator per
 * route. A planned update costs no read of its own: the list shows every field but the FQL
 * properties, and those are read only where a document (or the applied record) sets them.
 */
describe("mass changes: the calls a plan and an apply of U updates of N objects make", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });
  const calls = () => {
    const byRoute = emulator.stats().byRoute;
    return {
      lists: byRoute["GET /transformations"] ?? 0,
      gets: byRoute["GET /transformations/:transformationId"] ?? 0,
      patches: byRoute["PATCH /transformations/:transformationId"] ?? 0,
      workspace: byRoute["GET /"] ?? 0,
      sources: byRoute["GET /sources"] ?? 0,
      total: Object.values(byRoute).reduce((a, b) => a + b, 0),
    };
  };

  beforeEach(async () => {
    const live = Array.from({ length: N }, (_, i) => ({
      id: id(i),
      name: `T ${i}`,
      sourceId: SRC,
      enabled: true,
      if: `event = 'E${i}'`,
      ...(withFql(i) ? { fqlDefinedProperties: FQL } : {}),
    }));
    emulator = await startTestEmulator({ workspaces: [testWorkspace(live)] });
    const documents = Array.from({ length: N }, (_, i) =>
      doc(`T ${i}`, SRC, {
        if: changed(i) ? `event = 'Changed ${i}'` : `event = 'E${i}'`,
        ...(withFql(i) ? { fqlDefinedProperties: FQL } : {}),
      }),
    );
    project = tempProject({ "transformations/all.yaml": docs(...documents) });
    emulator.resetStats();
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("plan: the list pages and a get only of the objects whose documents set FQL properties, whatever the number of updates", async () => {
    const res = await run("plan", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as { summary: { update: number }; apiCalls: number };
    expect(plan.summary.update).toBe(updates);
    // One read of the workspace's sources checks every document's source exists (issue 22).
    expect(calls()).toEqual({ lists: PAGES, gets: fqlObjects, patches: 0, workspace: 0, sources: 1, total: PAGES + fqlObjects + 1 });
    expect(plan.apiCalls).toBe(PAGES + fqlObjects + 1);
  });

  it("apply --auto-approve: U PATCHes, one read (the plan's, under the lock: no re-read), the read-back, GET / for the lock's key, and the end state is the desired one", async () => {
    const res = await run("apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const c = calls();
    expect(c.patches).toBe(updates);
    // The plan's read is the stale check (the lock is taken before it); the read-back lists once more.
    expect(c.lists).toBe(2 * PAGES);
    expect(c.gets).toBe(fqlObjects);
    expect(c.workspace).toBe(1);
    expect(c.sources).toBe(1);
    expect(c.total).toBe(updates + 2 * PAGES + fqlObjects + 2);
    // Lower than the bound: U PATCHes + U gets + 3 x ceil(N/200) + 1.
    expect(c.total).toBeLessThan(updates + updates + 3 * PAGES + 1);
    emulator.resetStats();
    const again = await run("plan", "--format", "json", "--detailed-exitcode");
    expect(again.code, again.stderr).toBe(0);
    expect(emulator.transformations("ws_test").find((t) => t.id === id(3))?.if).toBe("event = 'Changed 3'");
    expect(emulator.transformations("ws_test").find((t) => t.id === id(1))?.fqlDefinedProperties).toEqual(FQL);
  });

  it("apply --auto-approve holds the workspace lock all through the plan's read", async () => {
    const lockDir = join(project.dir, "locks");
    // A relay in front of the emulator looks at the lock as each read arrives: an event per request, no sampling.
    const holders: Array<{ read: string; holder?: number }> = [];
    const relay = new ScriptedApi(emulator.url).route("GET", /^\/transformations/, (req) => {
      holders.push({ read: req.path, holder: readLock(workspaceLockPath(lockDir, "ws_test"))?.pid });
      return undefined; // the emulator answers
    });
    await relay.start();
    try {
      const res = await runCli(["apply", "--auto-approve", "--lock-dir", lockDir], {
        env: { ...env(), SEGMENT_API_URL: relay.url },
        cwd: project.dir,
      });
      expect(res.code, res.stderr).toBe(0);
    } finally {
      await relay.close();
    }
    expect(holders.filter((h) => h.read === "/transformations")).toHaveLength(PAGES + PAGES); // the plan's read and the read-back
    expect(holders.filter((h) => h.holder !== process.pid)).toEqual([]);
    expect(existsSync(workspaceLockPath(lockDir, "ws_test"))).toBe(false);
  });

  it("a lock that cannot be taken stops apply --auto-approve before it reads the workspace's transformations", async () => {
    const lockDir = join(project.dir, "locks");
    const held = await acquireWorkspaceLock({ dir: lockDir, workspaceId: "ws_test", command: "reconcile" });
    try {
      const res = await run("apply", "--auto-approve", "--lock-dir", lockDir);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/workspace ws_test is locked by reconcile/);
      expect(calls()).toMatchObject({ lists: 0, gets: 0, patches: 0 });
    } finally {
      await held.release();
    }
  });

  it("reconcile: one read per cycle, made under the lock (no re-read), and a held lock skips the cycle before it reads", async () => {
    const lockDir = join(project.dir, "locks");
    const held = await acquireWorkspaceLock({ dir: lockDir, workspaceId: "ws_test", command: "apply" });
    try {
      const skipped = await run("reconcile", "--once", "--lock-dir", lockDir, "--log-level", "info");
      expect(skipped.stderr).toMatch(/holds the lock of this workspace; skipping this cycle/);
      expect(calls()).toMatchObject({ lists: 0, gets: 0, patches: 0 });
    } finally {
      await held.release();
    }
    emulator.resetStats();
    const cycle = await run("reconcile", "--once", "--lock-dir", lockDir);
    expect(cycle.code, cycle.stderr).toBe(0);
    expect(calls()).toEqual({
      lists: PAGES,
      gets: fqlObjects,
      patches: updates,
      workspace: 1,
      sources: 1,
      total: updates + PAGES + fqlObjects + 2,
    });
  });

  it("a saved plan's apply: U PATCHes, the list pages of the stale check and the read-back, and gets only of the objects with FQL properties", async () => {
    const planned = await run("plan", "--out", "plan.json");
    expect(planned.code, planned.stderr).toBe(0);
    emulator.resetStats();
    const res = await run("apply", join(project.dir, "plan.json"), "--auto-approve");
    expect(res.code, res.stderr).toBe(0);
    const c = calls();
    expect(c.patches).toBe(updates);
    expect(c.lists).toBeLessThanOrEqual(2 * PAGES);
    expect(c.gets).toBeLessThanOrEqual(fqlObjects);
    expect(c.total).toBeLessThanOrEqual(updates + 2 * PAGES + fqlObjects);
  });
});
