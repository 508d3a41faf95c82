import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";

describe("plan and apply against the emulator over HTTP", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          // The workspace lists its source, as Segment's do: plan checks the documents' sources with GET /sources.
          ...testWorkspace([
            { id: "tfm_keep", name: "Keep", sourceId: SRC, enabled: true, if: "event = 'A'" },
            { id: "tfm_change", name: "Change", sourceId: SRC, enabled: true, if: "event = 'B'", newEventName: "Old" },
            { id: "tfm_orphan", name: "Orphan", sourceId: SRC, enabled: true, if: "event = 'C'" },
          ]),
          sources: [{ id: SRC, slug: "web" }],
        },
      ],
    });
    project = tempProject({
      "transformations/all.yaml": docs(
        doc("Keep", SRC, { if: "event = 'A'" }),
        doc("Change", SRC, { if: "event = 'B'", newEventName: "New" }),
        doc("Create", SRC, { if: "event = 'D'", propertyRenames: [{ oldName: "a", newName: "b" }] }),
      ),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("plans creates, updates, deletes and unmanaged objects; apply converges; the next plan is empty", async () => {
    const planned = await run("plan", "--detailed-exitcode");
    expect(planned.stderr).toBe("");
    expect(planned.code).toBe(2);
    expect(planned.stdout).toContain("Plan: 1 to create, 1 to update, 0 to delete.");
    expect(planned.stdout).toMatch(/\?.*Orphan/);

    const pruned = await run("plan", "--prune", "--format", "json");
    const plan = JSON.parse(pruned.stdout) as { summary: Record<string, number>; apiCalls: number; workspaceId: string };
    expect(plan.summary).toMatchObject({ create: 1, update: 1, delete: 1, unchanged: 1 });
    expect(plan.workspaceId).toBe("ws_test");
    expect(plan.apiCalls).toBe(2); // one list page (its items carry the workspace id) and GET /sources; an update is planned from the list, with no get of its own

    const applied = await run("apply", "--prune", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain("Apply: 1 created, 1 updated, 1 deleted, 0 failed.");
    const names = emulator
      .transformations("ws_test")
      .map((t) => t.name)
      .sort();
    expect(names).toEqual(["Change", "Create", "Keep"]);
    expect(emulator.transformations("ws_test").find((t) => t.name === "Change")?.newEventName).toBe("New");

    const again = await run("plan", "--prune", "--detailed-exitcode");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No changes");
  });

  it("clears a field removed from YAML on the server", async () => {
    project.write("transformations/all.yaml", docs(doc("Keep", SRC, { if: "event = 'A'" }), doc("Change", SRC, { if: "event = 'B'" })));
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(emulator.transformations("ws_test").find((t) => t.name === "Change")?.newEventName).toBeUndefined();
    expect((await run("plan", "--detailed-exitcode")).code).toBe(0);
  });

  it("refuses a stale plan and changes nothing", async () => {
    expect((await run("plan", "--prune", "--out", "plan.json")).code).toBe(0);
    const res = await fetch(`${emulator.url}/transformations/tfm_change`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ if: "event = 'Changed by hand'" }),
    });
    expect(res.status).toBe(200);
    const before = JSON.stringify(emulator.transformations("ws_test"));
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/stale plan/i);
    expect(applied.stderr).toContain("tfm_change");
    expect(JSON.stringify(emulator.transformations("ws_test"))).toBe(before);
  });

  it("applies a saved plan exactly", async () => {
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    const saved = JSON.parse(readFileSync(join(project.dir, "plan.json"), "utf8")) as { formatVersion: number };
    expect(saved.formatVersion).toBe(1);
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain("Apply: 1 created, 1 updated, 0 deleted, 0 failed.");
  });

  it("refuses to apply without a terminal and without --auto-approve", async () => {
    const applied = await run("apply");
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain("--auto-approve");
    expect(emulator.transformations("ws_test")).toHaveLength(3);
  });

  it("guards: --max-deletes and an empty desired folder", async () => {
    const tooMany = await run("apply", "--prune", "--auto-approve", "--max-deletes", "0");
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain("--max-deletes");
    project.remove("transformations");
    const wipe = await run("apply", "--prune", "--auto-approve");
    expect(wipe.code).toBe(1);
    expect(emulator.transformations("ws_test")).toHaveLength(3);
  });

  it("a create whose response is dropped leaves exactly one object", async () => {
    emulator.setFaults({ dropResponseAfterWrite: 1 });
    const first = await run("apply", "--auto-approve", "--concurrency", "1");
    emulator.setFaults({ dropResponseAfterWrite: 0 });
    expect(first.stdout + first.stderr).not.toContain(TEST_TOKEN);
    await run("apply", "--auto-approve");
    const creates = emulator.transformations("ws_test").filter((t) => t.name === "Create");
    expect(creates).toHaveLength(1);
    expect((await run("plan", "--detailed-exitcode")).code).toBe(0);
  });

  it("converges under 30% 429 and 10% 503 with zero failures, and logs the waits", async () => {
    const many = Array.from({ length: 20 }, (_, i) => doc(`Bulk ${i}`, SRC, { if: `event = 'E${i}'` }));
    project.write("transformations/bulk.yaml", docs(...many));
    emulator.setFaults({ seed: 7, rate429: 0.3, rate503: 0.1 });
    const applied = await runCli(["apply", "--auto-approve", "--retry-budget", "30", "--max-retries", "10"], {
      env: { ...env(), TRANSYNC_LOG_LEVEL: "info" },
      cwd: project.dir,
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/Apply: 21 created, 1 updated, 0 deleted, 0 failed\./);
    expect(applied.stderr).toMatch(/retry|wait/i);
    expect(applied.stderr).not.toContain(TEST_TOKEN);
    emulator.setFaults({ rate429: 0, rate503: 0 });
    expect((await run("plan", "--detailed-exitcode")).code).toBe(0);
  });

  it("plans right under 429 (Retry-After) and 503 bursts, over several pages and a get, and logs each wait", async () => {
    const live = Array.from({ length: 450 }, (_, i) => ({
      id: `tfm_${String(i).padStart(3, "0")}`,
      name: `Live ${i}`,
      sourceId: SRC,
      enabled: true,
      if: `event = 'L${i}'`,
    }));
    await emulator.close();
    emulator = await startTestEmulator({ workspaces: [testWorkspace(live)] });
    const fql = { if: "event = 'F'", fqlDefinedProperties: [{ fql: "lowercase(properties.c)", propertyName: "properties.c2" }] };
    project.write("transformations/fql.yaml", doc("Live 7", SRC, fql));
    const clean = await run("plan", "--format", "json");
    expect(clean.code, clean.stderr).toBe(0);
    emulator.setFaults({ seed: 11, rate429: 0.3, rate503: 0.2 });
    const faulty = await runCli(["plan", "--format", "json", "--max-retries", "10", "--retry-budget", "60"], {
      env: { ...env(), TRANSYNC_LOG_LEVEL: "info" },
      cwd: project.dir,
    });
    emulator.setFaults({ rate429: 0, rate503: 0 });
    expect(faulty.code, faulty.stderr).toBe(0);
    const strip = (text: string) => {
      const plan = JSON.parse(text) as Record<string, unknown>;
      return { actions: plan.actions, unmanaged: plan.unmanaged, summary: plan.summary, apiCalls: plan.apiCalls };
    };
    expect(strip(faulty.stdout)).toEqual(strip(clean.stdout));
    expect(strip(clean.stdout).apiCalls).toBe(5); // 3 list pages of 200 + 1 get for the FQL-defined property + GET /sources
    const waits = faulty.stderr.split("\n").filter((line) => /waiting before retrying/.test(line));
    expect(waits.length).toBeGreaterThan(0);
    expect(faulty.stderr).toMatch(/"status":429/);
    expect(faulty.stderr).not.toContain(TEST_TOKEN);
  });

  it("import, then plan, is a no-op", async () => {
    const fresh = tempProject({ "transync.yaml": "apiVersion: transync/v1\nenvironments:\n  test:\n    sources:\n      web: src_web\n" });
    try {
      const imported = await runCli(["import", "--env", "test"], { env: env(), cwd: fresh.dir });
      expect(imported.code, imported.stderr).toBe(0);
      const written = readFileSync(join(fresh.dir, "transformations", "web.yaml"), "utf8");
      expect(written).toContain("id: { test: tfm_keep }");
      const planned = await runCli(["plan", "--env", "test", "--detailed-exitcode"], { env: env(), cwd: fresh.dir });
      expect(planned.code, planned.stdout + planned.stderr).toBe(0);
      // Again: every document already pins its object in this environment, so nothing is written.
      const again = await runCli(["import", "--env", "test"], { env: env(), cwd: fresh.dir });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain("No file changed.");
      expect(readFileSync(join(fresh.dir, "transformations", "web.yaml"), "utf8")).toBe(written);
    } finally {
      fresh.cleanup();
    }
  });

  it("never prints the token, even on an auth error", async () => {
    const res = await runCli(["plan"], { env: { ...env(), SEGMENT_API_TOKEN: "secret-token-123" }, cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/401|unauthori[sz]ed|token/i);
    expect(res.stdout + res.stderr).not.toContain("secret-token-123");
  });

  it("stops before any write when the YAML is invalid (the list that overlaps validation is all it sends)", async () => {
    project.write("transformations/bad.yaml", "apiVersion: transync/v1\nkind: Transformation\nname: 5\n");
    emulator.resetStats();
    const res = await run("apply", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("bad.yaml:");
    // Reads only: the list that overlaps validation, and GET /, which names the workspace whose lock
    // apply --auto-approve takes before it reads (src/pipeline/workspace-lock.ts).
    expect(Object.keys(emulator.stats().byRoute).filter((route) => route !== "GET /transformations" && route !== "GET /")).toEqual([]);
  });
});
