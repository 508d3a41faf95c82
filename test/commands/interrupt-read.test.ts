import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * Ctrl-C or SIGTERM (the run's signal) during a read-only command ends a wait for the API at once,
 * with exit 130: a pod being stopped, or a user, must not wait out a pacing or rate-limit hold.
 */
describe("an interrupt during a read ends the waits (plan, import)", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  beforeEach(async () => {
    const live = Array.from({ length: 450 }, (_, i) => ({
      id: `tfm_${i}`,
      name: `T${i}`,
      sourceId: "src_web",
      enabled: true,
      if: `event = 'E${i}'`,
      newEventName: `N${i}`,
    }));
    emulator = await startTestEmulator({ workspaces: [testWorkspace(live)] });
    project = tempProject({
      "transync.yaml": "apiVersion: transync/v1\n",
      "transformations/a.yaml": doc("T0", "src_web", { if: "event = 'E0'", newEventName: "N0" }),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  // --rate 0.05: after the first call, each waits about 20 s; SIGINT comes while the process waits.
  // A real process: a pending wait's timer would keep it alive after main() returned.
  it.each([
    ["plan", ["plan", "--rate", "0.05"]],
    ["import", ["import", "--rate", "0.05", "--out", "imported"]],
  ])(
    "%s exits 130 within seconds of SIGINT, not after the wait",
    async (_name, args) => {
      const { child, done } = spawnCli(args, { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url }, project.dir);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const signalled = Date.now();
      child.kill("SIGINT");
      const { code, stderr } = await done;
      expect(code, stderr).toBe(130);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(stderr).toMatch(/[Ii]nterrupted/);
    },
    30_000,
  );
});
