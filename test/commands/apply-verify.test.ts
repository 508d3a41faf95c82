import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";

interface ApplyJson {
  converged: boolean | null;
  verification: { checked: number; diverged: Array<Record<string, unknown>>; unreadable: unknown[] } | null;
  api: { calls: number };
  summary: Record<string, number>;
}

describe("apply reads back what it wrote", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (url: string, ...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: url }, cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          {
            id: "tfm_change",
            name: "Change",
            sourceId: SRC,
            enabled: true,
            if: "event = 'B'",
            newEventName: "Old",
            allowProperties: ["a", "b"],
          },
        ]),
      ],
    });
    // The document drops newEventName (sent as null) and allowProperties (sent as []), and disables it.
    project = tempProject({
      "transformations/all.yaml": docs(
        doc("Change", SRC, { if: "event = 'B'", enabled: false }),
        doc("Create", SRC, { if: "event = 'C'" }),
      ),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a server that ignores null on PATCH: the field it kept is named, exit 1 (did not converge)", async () => {
    emulator.setCompat({ patchNull: "ignore" });
    emulator.resetStats();
    const res = await run(emulator.url, "apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(1);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out.summary).toMatchObject({ created: 1, updated: 1, failed: 0 });
    expect(out.converged).toBe(false);
    expect(out.verification?.checked).toBe(2);
    expect(out.verification?.diverged).toEqual([{ index: 0, name: "Change", id: "tfm_change", field: "newEventName", actual: "Old" }]);
    // Every call is counted, the reads back included: the client's count is what the server saw.
    expect(out.api.calls).toBe(emulator.stats().requests);
    // Gets: none for the plan and the stale check (an update is planned from the list, issue 25),
    // then one per object written, to read it back (two gets are fewer calls than a list).
    expect(emulator.stats().byRoute).toMatchObject({ "GET /transformations/:transformationId": 2 });
  });

  it("the text result names object and field", async () => {
    emulator.setCompat({ patchNull: "ignore" });
    const res = await run(emulator.url, "apply", "--auto-approve");
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("Did not converge: the server did not take 1 field (read back after the writes):");
    expect(res.stdout).toContain(`"Change" (tfm_change) newEventName: planned (absent), the server has "Old"`);
  });

  it("a server that takes every field converges: exit 0, every written object checked", async () => {
    const res = await run(emulator.url, "apply", "--auto-approve", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out).toMatchObject({ converged: true, verification: { checked: 2, diverged: [], unreadable: [] } });
    expect(emulator.transformations("ws_test").find((t) => t.name === "Change")?.newEventName).toBeUndefined();
  });
});
