import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";
const PEPPER = "pepper-s3cret-4711";
const HASH = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };

interface ApplyJson {
  converged: boolean | null;
  verification: { checked: number; diverged: unknown[]; unreadable: unknown[] } | null;
  summary: Record<string, number>;
}

/**
 * A value that holds a secret of the run (a hash key's text in a name, a notification variable's
 * value in a condition) is shown as [redacted], but apply writes it as written and reads it back
 * as written: verification compares the real values, and converges.
 */
describe("apply with a secret's text inside a document's values", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (extra: Record<string, string>, ...args: string[]) =>
    runCli(args, {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_KEY_EMAIL: PEPPER, ...extra },
      cwd: project.dir,
    });
  const liveNames = () => emulator.transformations("ws_test").map((t) => t.name);

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_old", name: `Old ${PEPPER}`, sourceId: SRC, enabled: true, if: "event = 'O'" }])],
    });
    project = tempProject({
      "transformations/all.yaml": docs(
        doc(`Hash ${PEPPER} emails`, SRC, { if: "event = 'H'", hashPropertiesConfiguration: HASH }),
        doc(`Old ${PEPPER}`, SRC, { if: "event = 'O'", enabled: false }),
      ),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a hash key's text in a name: created and updated, read back, converged (exit 0), the key never printed", async () => {
    const res = await run({}, "apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out.summary).toMatchObject({ created: 1, updated: 1, failed: 0 });
    expect(out).toMatchObject({ converged: true, verification: { checked: 2, diverged: [], unreadable: [] } });
    expect(liveNames()).toEqual(expect.arrayContaining([`Hash ${PEPPER} emails`, `Old ${PEPPER}`]));
    expect(res.stdout + res.stderr).not.toContain(PEPPER);
    expect(res.stdout).toContain("[redacted]");
  });

  it("the text report too: exit 0, nothing said about convergence failing, the key never printed", async () => {
    const res = await run({}, "apply", "--auto-approve");
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).not.toMatch(/did not converge/i);
    expect(res.stdout + res.stderr).not.toContain(PEPPER);
  });

  it("a saved plan applied later: the same, through the plan file", async () => {
    const saved = await run({}, "plan", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    const res = await run({}, "apply", "plan.json", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as ApplyJson).converged).toBe(true);
    expect(saved.stdout + saved.stderr + res.stdout + res.stderr).not.toContain(PEPPER);
  });

  it("the API token's text in a name (the server echoes it in every read): converged, and the next plan has nothing to do", async () => {
    project.write(
      "transformations/all.yaml",
      docs(doc(`Token ${TEST_TOKEN} named`, SRC, { if: "event = 'T'" }), doc(`Old ${PEPPER}`, SRC, { id: "tfm_old", if: "event = 'O'" })),
    );
    await emulator.close();
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_old", name: `Was ${TEST_TOKEN}`, sourceId: SRC, enabled: true, if: "event = 'O'" }])],
    });
    const res = await run({}, "apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out).toMatchObject({ converged: true, verification: { checked: 2, diverged: [], unreadable: [] } });
    expect(liveNames()).toEqual(expect.arrayContaining([`Token ${TEST_TOKEN} named`, `Old ${PEPPER}`]));
    expect(res.stdout + res.stderr).not.toContain(TEST_TOKEN);
    // What was written is what is read: the live name equals the document's, so there is nothing left to do.
    const again = await run({}, "plan", "--format", "json", "--detailed-exitcode");
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { actions: unknown[] }).actions).toEqual([]);
    expect(again.stdout + again.stderr).not.toContain(TEST_TOKEN);
  });

  it("a notification variable's value in a condition: converged, the value never printed", async () => {
    const hook = "hook-value-s3cret-99";
    project.write("transformations/all.yaml", docs(doc("Notified", SRC, { if: `event = '${hook}'` })));
    const res = await run({ TRANSYNC_NOTIFY_UNUSED: hook }, "apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as ApplyJson).converged).toBe(true);
    expect(res.stdout + res.stderr).not.toContain(hook);
  });
});
