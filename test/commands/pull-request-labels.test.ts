import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { planSchemaIssues } from "../../src/report/index.js";

const SRC = "src_web";

describe("pull-request plans label what the pull request changes apart from live drift", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" }, cwd: repo.dir });
  const byHand = async (id: string, body: Record<string, unknown>) => {
    const res = await fetch(`${emulator.url}/transformations/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };

  beforeEach(async () => {
    const seeded = (id: string, name: string) => ({ id, name, sourceId: SRC, enabled: true, if: `event = '${name}'` });
    emulator = await startTestEmulator({ workspaces: [testWorkspace([seeded("tfm_a", "A"), seeded("tfm_b", "B"), seeded("tfm_c", "C")])] });
    repo = tempProject({
      "transformations/all.yaml": docs(
        doc("A", SRC, { if: "event = 'A'" }),
        doc("B", SRC, { if: "event = 'B'" }),
        doc("C", SRC, { if: "event = 'C'" }),
      ),
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
    // Live moves by hand: B (which the PR leaves alone) and C (which the PR changes too).
    await byHand("tfm_b", { enabled: false });
    await byHand("tfm_c", { enabled: false });
    repo.write(
      "transformations/all.yaml",
      docs(doc("A", SRC, { if: "event = 'A2'" }), doc("B", SRC, { if: "event = 'B'" }), doc("C", SRC, { if: "event = 'C2'" })),
    );
    commitAll(repo.dir, "head");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("JSON: reasons say pull-request, drift, or both", async () => {
    const res = await run("plan", "--base", "base", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as {
      actions: Array<{ name: string; reasons: string[] }>;
      pullRequest: { driftOutsidePr: string[] };
    };
    expect(Object.fromEntries(plan.actions.map((a) => [a.name, a.reasons]))).toEqual({
      A: ["pull-request"],
      B: ["drift"],
      C: ["pull-request", "drift"],
    });
    expect(plan.pullRequest.driftOutsidePr).toEqual(["B"]);
    expect(planSchemaIssues(plan)).toEqual([]); // apply PLANFILE reads it
  });

  it("text and Markdown: the pull request's own update is never labelled drift", async () => {
    const text = (await run("plan", "--base", "base")).stdout;
    expect(text).toContain('~ update "A" (tfm_a) [pull-request]\n');
    expect(text).toContain('~ update "B" (tfm_b) [drift]\n');
    expect(text).toContain('~ update "C" (tfm_c) [pull-request, drift]\n');
    const markdown = (await run("plan", "--base", "base", "--format", "markdown")).stdout;
    expect(markdown).toContain("update <b>A</b> (<code>tfm_a</code>): pull-request</summary>");
    expect(markdown).toContain("update <b>C</b> (<code>tfm_c</code>): pull-request, drift</summary>");
  });
});
