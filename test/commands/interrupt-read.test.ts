import { readdirSync } from "node:fs";
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

  // --rate 0.05: after the first call, each waits about 20 s (450 objects: hours in all). The signal is
  // sent once the process says it is waiting (debug log), so its handlers are in place and it is in
  // the wait; no sleep, no wall-clock bound: a process that sat the waits out would run into the
  // test's timeout. A real process: a pending wait's timer would keep it alive after main() returned.
  it.each([
    ["plan", ["plan", "--rate", "0.05"]],
    ["import", ["import", "--rate", "0.05", "--out", "imported"]],
  ])(
    "%s exits 130 on SIGINT during a wait for the API, not after the wait, and writes nothing",
    async (_name, args) => {
      const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "debug" };
      const { child, done, stderrMatches } = spawnCli(args, env, project.dir);
      await stderrMatches(/waiting before calling the API/);
      child.kill("SIGINT");
      const { code, stdout, stderr } = await done;
      expect(code, stderr).toBe(130);
      expect(stderr).toMatch(/[Ii]nterrupted/);
      expect(stdout).toBe(""); // no partial plan
      expect(readdirSync(project.dir).sort()).toEqual(["transformations", "transync.yaml"]); // no partial import
    },
    120_000,
  );
});
