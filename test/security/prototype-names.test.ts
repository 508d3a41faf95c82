import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * Names and ids that are JavaScript's own property names (`__proto__`, `constructor`, `toString`,
 * ...) come from the API, transync.yaml and documents like any other string. A plain object used as a
 * map of them reads `Object.prototype`'s members for them, and drops a write to `__proto__`: each must
 * work exactly as for any other name, or be refused with a clear error.
 */
const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

let emulator: RunningEmulator;
let project: TempProject;
afterEach(async () => {
  await emulator?.close();
  project?.cleanup();
});

const liveOf = (id: string, sourceId: string) => ({ id, name: `tf ${id}`, sourceId, enabled: true, if: "event = 'A'" });

async function start(transformations: Array<Record<string, unknown>>, yaml = "apiVersion: transync/v1\n"): Promise<void> {
  emulator = await startTestEmulator({ workspaces: [testWorkspace(transformations as never)] });
  project = tempProject({ "transync.yaml": yaml });
}
const run = (...args: string[]) =>
  runCli([...args, "--api-url", emulator.url], { env: { SEGMENT_API_TOKEN: TEST_TOKEN }, cwd: project.dir });

describe("live ids that are property names", () => {
  beforeEach(async () => {
    await start(PROTO_NAMES.map((id) => liveOf(id, id)));
  });

  it("import, then plan --format json: every object is matched and fingerprinted by its id", async () => {
    const imported = await run("import");
    expect(imported.code, imported.stderr).toBe(0);
    const plan = await run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { fingerprints: Record<string, string>; summary: Record<string, number> };
    expect(Object.keys(json.fingerprints).sort()).toEqual([...PROTO_NAMES].sort());
    expect(json.summary.unchanged).toBe(PROTO_NAMES.length);
  });
});
