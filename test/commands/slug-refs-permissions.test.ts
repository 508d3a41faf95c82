import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * A token that may not read sources (GET /sources answers 403; the emulator's workspace without
 * `sources:` answers so): slugs cannot be resolved, but a user who writes ids keeps a working plan.
 */
describe("slug references with a token that may not read sources", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host } });
  const document = (source: string) =>
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: A",
      `sourceId: ${source}`,
      "enabled: true",
      "if: event = 'A'",
      "destinationMetadataId: meta_x",
    ].join("\n") + "\n";

  beforeEach(async () => {
    emulator = await startTestEmulator();
    project = tempProject({ "transync.yaml": `apiVersion: transync/v1\napiUrl: "${emulator.url}"\n` });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("a source written by slug is exit 1 naming the missing permission; nothing is written", async () => {
    project.write("transformations/a.yaml", document("{ slug: web }"));
    const apply = await run("apply", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      "a source is written by slug ({ slug: … }), but the token may not read the workspace's sources (GET /sources answered 403). Give the token Source Read",
    );
    expect(emulator.stats().byRoute["POST /transformations"]).toBeUndefined();
  });

  it("ids only: the plan goes on, with one warning that the source ids were not checked, and no connected-destinations call", async () => {
    project.write("transformations/a.yaml", document("src_any"));
    const plan = await run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ actions: [{ kind: "create", sourceId: "src_any" }] });
    expect(plan.stderr).toContain(
      "the token may not read the workspace's sources (GET /sources answered 403), so the documents' source ids were not checked",
    );
    expect(emulator.stats().byRoute).toMatchObject({ "GET /sources": 1 });
    expect(emulator.stats().byRoute["GET /sources/:sourceId/connected-destinations"]).toBeUndefined();
  });
});
