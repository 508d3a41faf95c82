import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { WorkspaceConfig } from "../../src/emulator/index.js";

/** `import` never writes files that `validate` rejects. */
describe("import with live objects sharing a name", () => {
  let emulator: RunningEmulator | undefined;
  let project: TempProject;
  const live = (id: string, name: string, sourceId = "src_web"): NonNullable<WorkspaceConfig["transformations"]>[number] => ({
    id,
    name,
    sourceId,
    enabled: true,
    if: `event = '${id}'`,
    newEventName: "X",
  });
  const start = async (transformations: NonNullable<WorkspaceConfig["transformations"]>): Promise<RunningEmulator> => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace(transformations)] });
    return emulator;
  };
  const run = (url: string, ...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: url }, cwd: project.dir });

  beforeEach(() => {
    project = tempProject({
      "transync.yaml": "apiVersion: transync/v1\nenvironments:\n  test: { sources: { web: src_web, app: src_app } }\n",
    });
  });
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
    project.cleanup();
  });

  for (const split of [false, true]) {
    it(`refuses, naming every id and what to do, and writes nothing (split: ${split})`, async () => {
      const { url } = await start([
        live("tfm_1", "Same"),
        live("tfm_2", "Same"),
        live("tfm_3", "Same", "src_app"),
        live("tfm_4", "Other", "src_app"),
        live("tfm_5", "Twice", "src_app"),
        live("tfm_6", "Twice", "src_app"),
      ]);
      const result = await run(url, "import", "--env", "test", ...(split ? ["--split"] : []));
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain('"Same": tfm_1, tfm_2, tfm_3');
      expect(result.stderr).toContain('"Twice": tfm_5, tfm_6');
      expect(result.stderr).not.toContain("tfm_4");
      expect(result.stderr).toMatch(/rename all but one/i);
      expect(result.stderr).toMatch(/nothing was written/i);
      expect(existsSync(join(project.dir, "transformations"))).toBe(false);
    });
  }

  it("refuses names that only collide with documents of another source already in the folder, writing nothing", async () => {
    const { url } = await start([live("tfm_1", "Taken")]);
    // Same name, other source: not this object's document (import --env matches by name and source), and names are unique.
    project.write("transformations/mine.yaml", doc("Taken", "app", { newEventName: "Y" }));
    const result = await run(url, "import", "--env", "test", "--split");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/duplicate name "Taken"/);
    expect(result.stderr).toMatch(/nothing was written/i);
    expect(readdirSync(join(project.dir, "transformations"))).toEqual(["mine.yaml"]);
  });

  it("writes files that validate and plan accept when the names are unique", async () => {
    const { url } = await start([live("tfm_1", "One"), live("tfm_2", "Two", "src_app")]);
    expect((await run(url, "import", "--env", "test")).code).toBe(0);
    const validated = await run(url, "validate", "--env", "test");
    expect(validated.code, validated.stdout).toBe(0);
    const planned = await run(url, "plan", "--env", "test", "--detailed-exitcode");
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
  });
});
