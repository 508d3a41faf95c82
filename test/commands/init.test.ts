import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { commitAll, git } from "../helpers/git.js";
import { transyncVersion } from "../../src/version.js";
import { openWithSchema } from "../helpers/schema-resolver.js";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PROJECT_FILES = ["tests/example.yaml", "transformations/example.yaml", "transync.yaml"];

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

function fresh(files: Record<string, string> = {}): TempProject {
  project = tempProject(files);
  return project;
}

const schemaOf = (file: string): string => /^# yaml-language-server: \$schema=(\S+)$/m.exec(readFileSync(file, "utf8"))?.[1] ?? "";

describe("transync init", () => {
  it("writes a project that validate and test pass as it is, in an empty folder", async () => {
    const { dir } = fresh();
    const result = await runCli(["init"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    for (const file of PROJECT_FILES) expect(result.stdout).toContain(file);
    const validated = await runCli(["validate"], { cwd: dir });
    expect(validated.stdout).toMatch(/Validated 1 transformation in 1 file: 0 errors, 0 warnings/);
    expect(validated.code).toBe(0);
    const tested = await runCli(["test"], { cwd: dir });
    expect(tested.stdout).toMatch(/2 passed/);
    expect(tested.code).toBe(0);
  });

  it("works in a git repository without transync files, and the project file holds one commented environment", async () => {
    const { dir } = fresh({ "README.md": "# a repository\n" });
    git(dir, "init", "-q");
    commitAll(dir, "start");
    expect((await runCli(["init"], { cwd: dir })).code).toBe(0);
    expect((await runCli(["validate"], { cwd: dir })).code).toBe(0);
    const projectFile = readFileSync(join(dir, "transync.yaml"), "utf8");
    expect(projectFile).toMatch(/^environments:\n {2}production:\n {4}# /m);
    expect(projectFile.match(/^ {2}\w+:$/gm)).toEqual(["  production:"]);
  });

  it("writes the schemas into .transync/schemas and every $schema is a path there, relative to its file", async () => {
    const { dir } = fresh();
    const result = await runCli(["init"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(schemaOf(join(dir, "transync.yaml"))).toBe(".transync/schemas/transync.schema.json");
    expect(schemaOf(join(dir, "transformations/example.yaml"))).toBe("../.transync/schemas/transformation.schema.json");
    expect(schemaOf(join(dir, "tests/example.yaml"))).toBe("../.transync/schemas/transformation-test.schema.json");
    expect(result.stdout).toContain(".transync/schemas/defs.schema.json");
  });

  it("every written file opens as an editor opens it: its schema and each $ref load from the repository, offline, and the file is valid", async () => {
    const { dir } = fresh();
    expect((await runCli(["init"], { cwd: dir })).code).toBe(0);
    for (const file of PROJECT_FILES) expect(await openWithSchema(join(dir, file)), file).toEqual([]);
  });

  it("refuses a .transync that a link takes out of the working directory before writing any file", async () => {
    const { dir } = fresh();
    const outside = tempProject();
    try {
      symlinkSync(outside.dir, join(dir, ".transync"));
      const result = await runCli(["init"], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(".transync/schemas: a symbolic link takes it outside the working directory");
      expect(existsSync(join(dir, "transync.yaml"))).toBe(false);
      expect(readdirSync(outside.dir)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it("the schemas come from this version, even where transync is installed in the repository", async () => {
    const { dir } = fresh({ "package.json": JSON.stringify({ devDependencies: { transync: transyncVersion() } }) });
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(repoRoot, join(dir, "node_modules", "transync"));
    await runCli(["init"], { cwd: dir });
    expect(schemaOf(join(dir, "transync.yaml"))).toBe(".transync/schemas/transync.schema.json");
    const copy = JSON.parse(readFileSync(join(dir, ".transync/schemas/transync.schema.json"), "utf8")) as Record<string, unknown>;
    expect(copy.$comment).toContain(`transync ${transyncVersion()}`);
    expect(copy.$id).toBeUndefined();
  });

  // One pipeline per style, never two: the scripted and the Action-based workflows together would plan
  // every pull request twice and apply every merge twice. test/ci/init-ci.test.ts runs each of them.
  it.each([
    ["github", "script", ".github/workflows", ["transync-apply.yml", "transync-drift.yml", "transync-pr.yml"]],
    ["github", "action", ".github/workflows", ["transync-action.yml", "transync-drift.yml"]],
    ["gitlab", "script", ".", [".gitlab-ci.yml"]],
  ])("--ci %s --ci-style %s writes that one pipeline as the package ships it", async (provider, style, folder, names) => {
    const { dir } = fresh();
    const result = await runCli(["init", "--ci", provider, "--ci-style", style], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const written = readdirSync(join(dir, folder)).filter((name) => /\.ya?ml$/.test(name) && name !== "transync.yaml");
    expect(written.sort()).toEqual(names);
    for (const name of names)
      expect(readFileSync(join(dir, folder, name), "utf8")).toBe(readFileSync(join(repoRoot, "examples/ci", provider, name), "utf8"));
    expect((await runCli(["validate"], { cwd: dir })).code).toBe(0);
  });

  it("--ci github without --ci-style writes the scripted pipeline, which needs no edit to run", async () => {
    const { dir } = fresh();
    expect((await runCli(["init", "--ci", "github"], { cwd: dir })).code).toBe(0);
    expect(readdirSync(join(dir, ".github/workflows")).sort()).toEqual(["transync-apply.yml", "transync-drift.yml", "transync-pr.yml"]);
  });

  it("every CI example of the package belongs to a pipeline init can write", async () => {
    const { CI_PIPELINES } = await import("../../src/init/templates.js");
    for (const provider of ["github", "gitlab"] as const) {
      const shipped = readdirSync(join(repoRoot, "examples/ci", provider)).sort();
      expect([...new Set(Object.values(CI_PIPELINES[provider]).flat())].sort()).toEqual(shipped);
    }
  });

  it("the transync.yaml it writes names the token variable its CI gives, and says so on the way out", async () => {
    const { dir } = fresh();
    const result = await runCli(["init"], { cwd: dir });
    const project = readFileSync(join(dir, "transync.yaml"), "utf8");
    expect(project).toMatch(/^ {4}tokenEnv: SEGMENT_API_TOKEN_PRODUCTION$/m);
    expect(project).toMatch(/^ {4}planTokenEnv: SEGMENT_API_TOKEN_PRODUCTION_READ$/m);
    expect(result.stdout).toMatch(
      /`transync plan` needs SEGMENT_API_TOKEN_PRODUCTION_READ \(a read-only token\), `transync apply` SEGMENT_API_TOKEN_PRODUCTION\.\n$/,
    );
  });

  it.each([
    [["--ci", "gitlab", "--ci-style", "action"], "--ci-style action is not available for --ci gitlab; its styles: script."],
    [["--ci-style", "action"], "--ci-style chooses the pipeline of --ci; pass --ci too."],
  ])("init %j is a usage error that writes nothing", async (args, message) => {
    const { dir } = fresh();
    const result = await runCli(["init", ...args], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Error: ${message}\n`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to overwrite existing files, naming every one, writing nothing (exit 1); --force overwrites", async () => {
    const { dir } = fresh({ "transync.yaml": "mine\n", "tests/example.yaml": "mine too\n" });
    const refused = await runCli(["init"], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^Error: init would overwrite existing files in .*: transync\.yaml, tests\/example\.yaml\. Move them away, or pass --force to overwrite them\.\n$/,
    );
    expect(existsSync(join(dir, "transformations"))).toBe(false);
    expect(readFileSync(join(dir, "transync.yaml"), "utf8")).toBe("mine\n");
    const forced = await runCli(["init", "--force"], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, "transync.yaml"), "utf8")).toMatch(/apiVersion: transync\/v1/);
    expect((await runCli(["test"], { cwd: dir })).code).toBe(0);
  });

  // A repository (a pull request) can commit `transformations`, `tests` or `.github` as a link to a folder
  // outside it: init, like every other writer, never writes through it, with or without --force.
  for (const [link, args] of [
    ["transformations", ["init"]],
    ["tests", ["init"]],
    [".github", ["init", "--ci", "github"]],
    [".github/workflows", ["init", "--ci", "github"]],
  ] as const) {
    it(`refuses ${link} as a link leading outside the working folder, naming it, writing nothing (exit 1), --force too`, async () => {
      const { dir } = fresh();
      const outside = tempProject();
      try {
        mkdirSync(dirname(join(dir, link)), { recursive: true });
        symlinkSync(outside.dir, join(dir, link));
        for (const force of [[], ["--force"]]) {
          const result = await runCli([...args, ...force], { cwd: dir });
          expect(result.code, result.stdout).toBe(1);
          const folder = link === ".github" ? ".github/workflows" : link;
          expect(result.stderr).toContain(
            `cannot write the project files of init ${folder}: a symbolic link takes it outside the working directory`,
          );
          expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
          expect(readdirSync(outside.dir)).toEqual([]);
          expect(existsSync(join(dir, "transync.yaml"))).toBe(false); // nothing written, not even beside the link
        }
      } finally {
        outside.cleanup();
      }
    });
  }

  it("follows a link that stays inside the working folder", async () => {
    const { dir } = fresh({ "shared/README.md": "x\n" });
    symlinkSync("shared", join(dir, "tests"));
    const result = await runCli(["init"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(dir, "shared", "example.yaml"))).toBe(true);
  });

  it("--ci with an unknown provider is a usage error listing the choices", async () => {
    const { dir } = fresh();
    const result = await runCli(["init", "--ci", "jenkins"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Allowed choices are github, gitlab/);
    writeFileSync(join(dir, "x"), "");
    expect(readdirSync(dir)).toEqual(["x"]);
  });
});
