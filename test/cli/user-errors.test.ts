import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "../../src/cli.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";

let emulator: RunningEmulator;
let project: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator({
    workspaces: [testWorkspace([{ id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" }])],
  });
  project = tempProject({ "transformations/a.yaml": doc("A", "src_web") });
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
});

const run = (args: string[]): Promise<CliRun> =>
  runCli([...args, "--api-url", emulator.url], { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN } });

/** A user's mistake: exit 1, one clear line naming the file, never "a bug in transync" nor a stack. */
function expectUserError(result: CliRun, message: RegExp): void {
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/internal error|a bug in transync/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(1);
}

describe("file-system and usage errors are clear errors, exit 1", () => {
  it("plan --out into a folder that does not exist", async () => {
    const result = await run(["plan", "--out", join(project.dir, "missing", "plan.json")]);
    expectUserError(result, /cannot write the plan \(--out\) .*missing\/plan\.json: the folder .*missing does not exist/);
  });

  it("plan --out where permission is denied, and onto a folder", async () => {
    expectUserError(await run(["plan", "--out", "/sys/plan.json"]), /cannot write the plan \(--out\) \/sys\/plan\.json: permission denied/);
    mkdirSync(join(project.dir, "adir"), { recursive: true });
    expectUserError(await run(["plan", "--out", "adir"]), /cannot write the plan \(--out\) adir: .*is a folder/);
  });

  it("import --out where permission is denied, or below a file", async () => {
    expectUserError(
      await run(["import", "--out", "/sys/transync-import"]),
      /cannot write the imported documents \(--out\) .*\/sys\/transync-import.*: (permission denied|operation not permitted)/,
    );
    writeFileSync(join(project.dir, "afile"), "x");
    expectUserError(
      await run(["import", "--out", "afile/sub"]),
      /cannot write the imported documents \(--out\) .*afile.*: .*is a file, not a folder/,
    );
  });

  it("emulator --port out of range", async () => {
    const result = await runCli(["emulator", "--port", "99999"]);
    expectUserError(result, /--port must be a port number from 0 to 65535, got "99999"/);
  });

  it("a bare repository without --ref", async () => {
    const bare = join(project.dir, "bare.git");
    git(project.dir, "init", "-q", "--bare", bare);
    const result = await runCli(["validate", "--repo", bare]);
    expectUserError(result, /bare\.git is a bare repository: it has no working tree to read; pass --ref/);
  });

  it("maps any file-system error that reaches the top to a clear message, not a bug report", () => {
    let stderr = "";
    const error = Object.assign(new Error("EACCES: permission denied, open '/x/y'"), {
      code: "EACCES",
      errno: -13,
      syscall: "open",
      path: "/x/y",
    });
    const code = handleError(error, { stderr: { write: (s: string) => (stderr += s) } });
    expect(code).toBe(1);
    expect(stderr).toBe("Error: cannot open /x/y: permission denied.\n");
  });
});
