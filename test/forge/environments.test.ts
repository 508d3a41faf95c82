import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { FakeGitHub } from "./fake-github.js";

const PROJECT = [
  "apiVersion: transync/v1",
  "environments:",
  "  production: { sources: { web: src_web } }",
  "  staging: { sources: { web: src_web_staging } }",
  "",
].join("\n");

let github: FakeGitHub;
let emulator: RunningEmulator;
let project: TempProject;

beforeEach(async () => {
  github = new FakeGitHub();
  await github.start();
  emulator = await startTestEmulator();
  project = tempProject({ "transync.yaml": PROJECT, "transformations/a.yaml": doc("A", "web") });
});
afterEach(async () => {
  await github.stop();
  await emulator.close();
  project.cleanup();
});

/** `transync plan --format markdown` for one environment, then `transync comment` with that file, as the PR workflow does. */
async function planAndComment(env: string): Promise<void> {
  const apiEnv = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url };
  const plan = await runCli(["plan", "--env", env, "--format", "markdown"], { env: apiEnv, cwd: project.dir });
  expect(plan.code, plan.stderr).toBe(0);
  const file = join(project.dir, `plan-${env}.md`);
  await writeFile(file, plan.stdout);
  const posted = await runCli(["comment", "--pr", "5", "--file", file], {
    env: { GITHUB_TOKEN: "ghs_token", GITHUB_REPOSITORY: github.slug, GITHUB_API_URL: github.url },
    cwd: project.dir,
  });
  expect(posted.code, posted.stderr).toBe(0);
}

describe("transync comment: one comment per environment", () => {
  it("the plans of two environments keep two comments, each marked once, each updated in place", async () => {
    await planAndComment("production");
    await planAndComment("staging");
    await planAndComment("production");
    await planAndComment("staging");
    const bodies = (github.comments.get(5) ?? []).map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.split("\n", 1)[0])).toEqual(["<!-- transync-plan env=production -->", "<!-- transync-plan env=staging -->"]);
    for (const body of bodies) expect(body.match(/transync-plan/g)).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === "POST")).toHaveLength(2);
    expect(github.requests.filter((r) => r.method === "PATCH")).toHaveLength(2);
  });
});
