import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import { planSchemaIssues } from "../../src/report/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * Issue 33, finding 5: a pull request that only swaps the values of two source aliases moves objects
 * between sources, and the plan said `ios (src_web) -> web (src_ios)` (the head's names): the reviewer
 * read the opposite of what happens. The plan now says the swap first, and labels each id with the
 * alias that names it in the base: `web (src_web) -> ios (src_ios)`.
 */
describe("a pull request that swaps two source aliases", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const projectFile = (web: string, ios: string) =>
    ["apiVersion: transync/v1", "environments:", `  prod: { sources: { web: ${web}, ios: ${ios} } }`, "defaultEnvironment: prod", ""].join(
      "\n",
    );
  const run = (...args: string[]) =>
    runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" }, cwd: repo.dir });

  beforeEach(async () => {
    const seeded = (id: string, name: string, sourceId: string) => ({ id, name, sourceId, enabled: true, if: `event = '${name}'` });
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([seeded("tfm_a", "A", "src_web"), seeded("tfm_b", "B", "src_ios")]),
          sources: [
            { id: "src_web", slug: "web-site", name: "Web" },
            { id: "src_ios", slug: "ios-app", name: "iOS" },
          ],
        },
      ],
    });
    repo = tempProject({
      "transync.yaml": projectFile("src_web", "src_ios"),
      "transformations/all.yaml": docs(doc("A", "web", { if: "event = 'A'" }), doc("B", "ios", { if: "event = 'B'" })),
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
    repo.write("transync.yaml", projectFile("src_ios", "src_web"));
    commitAll(repo.dir, "head swaps the aliases, no document changes");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("text: the swap first, then each move as the base names its sources", async () => {
    const res = await run("plan", "--base", "base");
    expect(res.code, res.stderr).toBe(0);
    const out = res.stdout;
    expect(out).toContain("source alias `ios` now names src_web, was src_ios.");
    expect(out).toContain("source alias `web` now names src_ios, was src_web.");
    expect(out.indexOf("source alias `web` now names")).toBeLessThan(out.indexOf('update "A"'));
    expect(out).toMatch(/update "A" \(tfm_a\)[^\n]*\n(?:.*\n)*?.*sourceId: web \(src_web\) -> ios \(src_ios\)/);
    expect(out).toMatch(/update "B" \(tfm_b\)[^\n]*\n(?:.*\n)*?.*sourceId: ios \(src_ios\) -> web \(src_web\)/);
    expect(out).not.toContain("ios (src_web)");
    expect(out).not.toContain("web (src_ios)");
  });

  it("Markdown: the swap at the top, the moves labelled by the base's aliases", async () => {
    const res = await run("plan", "--base", "base", "--format", "markdown");
    expect(res.code, res.stderr).toBe(0);
    const out = res.stdout;
    expect(out).toContain("> - source alias `web` now names `src_ios`, was `src_web`.");
    expect(out.indexOf("source alias `web` now names")).toBeLessThan(out.indexOf("### Actions"));
    expect(out).toContain("- sourceId: web (src_web)\n+ sourceId: ios (src_ios)");
    expect(out).toContain("- sourceId: ios (src_ios)\n+ sourceId: web (src_web)");
  });

  it("JSON: the changes as ids, the ids named as the base names them; the plan fits its schema", async () => {
    const res = await run("plan", "--base", "base", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as Plan;
    expect(planSchemaIssues(plan)).toEqual([]);
    expect(plan.pullRequest?.settingChanges).toEqual([
      { setting: "source alias", env: "prod", name: "ios", base: "src_ios", head: "src_web", inThisPlan: true },
      { setting: "source alias", env: "prod", name: "web", base: "src_web", head: "src_ios", inThisPlan: true },
    ]);
    expect(plan.idNames?.sources).toEqual({ src_ios: "ios", src_web: "web" });
    const moves = plan.actions.map((a) => [a.name, a.kind === "update" ? a.changes.find((c) => c.field === "sourceId") : undefined]);
    expect(moves).toEqual([
      ["A", expect.objectContaining({ before: "src_web", after: "src_ios" })],
      ["B", expect.objectContaining({ before: "src_ios", after: "src_web" })],
    ]);
  });
});
