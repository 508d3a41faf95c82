import { existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { TOKEN, startScriptedApi } from "../live/helpers.js";

/**
 * `import` writes where transync.yaml's `dir` says, and a repository's transync.yaml (or a link in
 * it) is a pull request's to edit: it must not make import write outside the project, which
 * validate and plan would refuse to read anyway. `--out` is the user's own choice.
 */
let server: ScriptedApi;
let baseUrl: string;
let project: TempProject;
let outside: TempProject;
beforeEach(async () => {
  ({ server, baseUrl } = await startScriptedApi(1));
  project = tempProject();
  outside = tempProject();
});
afterEach(async () => {
  await server.close();
  project.cleanup();
  outside.cleanup();
});

const run = (...args: string[]) =>
  runCli(["import", "--api-url", baseUrl, ...args], { env: { SEGMENT_API_TOKEN: TOKEN }, cwd: project.dir });

describe("import writes inside the project unless told otherwise", () => {
  it("dir: ../elsewhere in transync.yaml is refused before anything is written", async () => {
    mkdirSync(join(outside.dir, "docs"));
    project.write("transync.yaml", `apiVersion: transync/v1\ndir: ../${join(outside.dir, "docs").split("/").slice(-2).join("/")}\n`);
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/leaves the project/);
    expect(readdirSync(join(outside.dir, "docs"))).toEqual([]);
  });

  it("a documents folder that is a link out of the project is refused, with or without --out naming it", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\ndir: transformations\n");
    symlinkSync(outside.dir, join(project.dir, "transformations"));
    for (const args of [[], ["--out", "transformations"], ["--out", "transformations/sub"]]) {
      const res = await run(...args);
      expect(res.code, args.join(" ")).toBe(1);
      expect(res.stderr).toMatch(/symbolic link takes it outside the working directory/);
    }
    expect(readdirSync(outside.dir)).toEqual([]);
  });

  it("--out naming a folder outside the project is the user's choice: written there", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\ndir: transformations\n");
    const res = await run("--out", join(outside.dir, "imported"));
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(outside.dir, "imported", "src_1.yaml"))).toBe(true);
  });
});
