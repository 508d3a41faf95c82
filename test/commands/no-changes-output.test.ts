import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const SRC = "src_web";

describe("a plan with no changes is short: the heading, the No changes line, at most one more", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const run = (level: string, ...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: level }, cwd: repo.dir });

  beforeEach(async () => {
    // Converged, but with everything the long form lists: write-only fields nothing records, an unmanaged object, a pull request.
    const seeded = (id: string, name: string) => ({ id, name, sourceId: SRC, enabled: true, if: `event = '${name}'` });
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([seeded("tfm_a", "A"), seeded("tfm_b", "B"), seeded("tfm_c", "C"), seeded("tfm_hand", "Hand made")])],
    });
    repo = tempProject({
      "transformations/all.yaml": docs(
        doc("A", SRC, { if: "event = 'A'", drop: true }),
        doc("B", SRC, { if: "event = 'B'", drop: true }),
        doc("C", SRC, { if: "event = 'C'", drop: true }),
      ),
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("text: three lines; the third says what was left out and where to read it", async () => {
    const res = await run("warn", "plan");
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^transync plan for workspace ws_test \(/);
    expect(lines[1]).toBe("No changes. Live state matches the desired state.");
    expect(lines[2]).toBe(
      "Also: 1 unmanaged object, 3 objects whose write-only fields cannot be verified (details on stderr at --log-level info, and in --format json).",
    );
  });

  it("the details left out are on stderr at the info level (the default), each once", async () => {
    const res = await run("info", "plan");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trimEnd().split("\n")).toHaveLength(3);
    expect(res.stderr).toContain('write-only, not verifiable: \\"A\\" (tfm_a): drop');
    expect(res.stderr).toContain('unmanaged: \\"Hand made\\" (tfm_hand, source src_web)');
    expect(res.stderr).toContain("Live state read with --refresh list");
    expect(res.stderr.match(/not verifiable: \\"B\\"/g)).toHaveLength(1);
    const pr = await run("info", "plan", "--base", "HEAD");
    expect(pr.stdout.trimEnd().split("\n")).toHaveLength(3);
    expect(pr.stderr).toContain("The pull request changes no transformation documents.");
  });

  it("Markdown: the marker, the heading and one line; warnings are counted there", async () => {
    // --base applied before any apply is recorded: a warning, in a plan that changes nothing.
    const res = await run("warn", "plan", "--base", "applied", "--format", "markdown");
    const lines = res.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(res.code, res.stderr).toBe(0);
    expect(lines.length, res.stdout).toBeLessThanOrEqual(4);
    expect(lines[0]).toBe("<!-- transync-plan env=default -->");
    expect(lines[1]).toBe("## transync plan: No changes");
    expect(lines[3]).toMatch(/^Also: 1 warning, /);
    expect(res.stderr).toContain("no applied commit is recorded"); // the warning itself, on stderr at the warn level
  });
});
