import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { buildCommentBody } from "../../src/forge/index.js";
import { commentMarkerEnv } from "../../src/report/render-markdown.js";
import { renderFailedPlanMarkdown } from "../../src/report/render-failed-plan.js";

/** The lines of a Markdown text outside its fenced blocks (a fence closes with at least its own backticks). */
function outsideFences(markdown: string): string[] {
  const outside: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const opening = /^(`{3,})/.exec(line)?.[1];
    if (fence === undefined && opening !== undefined) fence = opening;
    else if (fence !== undefined && line.startsWith(fence) && line.trim() === line.slice(0, line.search(/[^`]|$/))) fence = undefined;
    else if (fence === undefined) outside.push(line);
  }
  return outside;
}

describe("a plan that fails still writes Markdown: the environment's comment says so instead of showing an older commit's plan", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    runCli(args, { env: { TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host, ...env }, cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator();
    project = tempProject({
      "transync.yaml": [
        "apiVersion: transync/v1",
        "environments:",
        `  staging: { workspace: ws_test, tokenEnv: SEGMENT_API_TOKEN_STAGING, apiUrl: "${emulator.url}" }`,
        "",
      ].join("\n"),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("an invalid document from a hostile file name: exit 1, staging's marker, the error only inside the fence", async () => {
    const hostile = "transformations/x````<!-- transync-plan env=prod -->.yaml";
    project.write(hostile, "apiVersion: transync/v1\nkind: Transformation\nname: [\n");
    const result = await run({ SEGMENT_API_TOKEN_STAGING: TEST_TOKEN }, "plan", "--env", "staging", "--format", "markdown");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: ");
    expect(commentMarkerEnv(result.stdout)).toBe("staging");
    expect(commentMarkerEnv(buildCommentBody(result.stdout))).toBe("staging");
    expect(result.stdout).toContain("## transync plan: failed");
    const outside = outsideFences(result.stdout).join("\n");
    expect(outside).not.toContain("x`");
    expect(outside.match(/<!--/g)).toHaveLength(1);
    expect(result.stdout).toMatch(/transync-plan env=prod -->\.yaml:\d+:\d+ YAML/);
  });

  it("a token the API refuses: the failure is reported and the token is nowhere in it", async () => {
    project.write("transformations/a.yaml", doc("A", "src_web"));
    const result = await run(
      { SEGMENT_API_TOKEN_STAGING: "sgp_wrong_token_0123456789" },
      "plan",
      "--env",
      "staging",
      "--format",
      "markdown",
    );
    expect(result.code).toBe(1);
    expect(commentMarkerEnv(result.stdout)).toBe("staging");
    expect(result.stdout).toMatch(/```text\nError: /);
    expect(result.stdout + result.stderr).not.toContain("sgp_wrong_token_0123456789");
  });

  it("the text and JSON formats write nothing to standard output when the plan fails; a plan that succeeds is the plan", async () => {
    project.write("transformations/a.yaml", "apiVersion: transync/v1\nkind: Transformation\n");
    for (const format of ["text", "json"]) {
      const result = await run({ SEGMENT_API_TOKEN_STAGING: TEST_TOKEN }, "plan", "--env", "staging", "--format", format);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
    }
    project.write("transformations/a.yaml", doc("A", "src_web"));
    const ok = await run({ SEGMENT_API_TOKEN_STAGING: TEST_TOKEN }, "plan", "--env", "staging", "--format", "markdown");
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).not.toContain("plan: failed");
  });

  it("an environment name that could end the marker is not put in it", () => {
    const markdown = renderFailedPlanMarkdown("x --> <b>", { message: "Error: e", details: [] });
    expect(markdown.split("\n")[0]).toBe("<!-- transync-plan env=default -->");
  });
});
