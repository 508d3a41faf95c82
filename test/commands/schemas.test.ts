import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { openWithSchema } from "../helpers/schema-resolver.js";
import { transyncVersion } from "../../src/version.js";

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

const SCHEMAS = [
  "defs.schema.json",
  "destination-filter.schema.json",
  "transformation-test.schema.json",
  "transformation.schema.json",
  "transync.schema.json",
];

describe("transync schemas", () => {
  it("--write writes every schema the project's files name and each one they $ref; a second run changes nothing", async () => {
    project = tempProject();
    const first = await runCli(["schemas", "--write"], { cwd: project.dir });
    expect(first.code, first.stderr).toBe(0);
    expect(readdirSync(join(project.dir, ".transync/schemas")).sort()).toEqual(SCHEMAS);
    const before = SCHEMAS.map((name) => readFileSync(join(project!.dir, ".transync/schemas", name), "utf8"));
    expect((await runCli(["schemas", "--write"], { cwd: project.dir })).code).toBe(0);
    expect(SCHEMAS.map((name) => readFileSync(join(project!.dir, ".transync/schemas", name), "utf8"))).toEqual(before);
    const checked = await runCli(["schemas"], { cwd: project.dir });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`schemas of transync ${transyncVersion()}`);
  });

  it("without --write, names each missing or edited copy and exits 1; --write then repairs them", async () => {
    project = tempProject();
    await runCli(["schemas", "--write"], { cwd: project.dir });
    writeFileSync(join(project.dir, ".transync/schemas/defs.schema.json"), "{}\n");
    project.remove(".transync/schemas/transync.schema.json");
    const checked = await runCli(["schemas"], { cwd: project.dir });
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(".transync/schemas/defs.schema.json, .transync/schemas/transync.schema.json");
    expect(checked.stderr).toContain("transync schemas --write");
    expect((await runCli(["schemas", "--write"], { cwd: project.dir })).code).toBe(0);
    expect((await runCli(["schemas"], { cwd: project.dir })).code).toBe(0);
  });

  it("the rewritten schemas resolve for the files init wrote, and find what is wrong in a bad document", async () => {
    project = tempProject();
    expect((await runCli(["init"], { cwd: project.dir })).code).toBe(0);
    project.remove(".transync");
    expect((await runCli(["schemas", "--write"], { cwd: project.dir })).code).toBe(0);
    expect(await openWithSchema(join(project.dir, "transformations/example.yaml"))).toEqual([]);
    project.write(
      "transformations/bad.yaml",
      "# yaml-language-server: $schema=../.transync/schemas/transformation.schema.json\napiVersion: transync/v1\nkind: Transformation\nname: x\nsourceId: web\nenabled: maybe\nif: \"event = 'A'\"\n",
    );
    expect((await openWithSchema(join(project.dir, "transformations/bad.yaml"))).join("\n")).toContain("/enabled must be boolean");
  });

  it("refuses a .transync folder that a link takes out of the project, writing nothing there", async () => {
    project = tempProject();
    const outside = tempProject();
    try {
      symlinkSync(outside.dir, join(project.dir, ".transync"));
      const result = await runCli(["schemas", "--write"], { cwd: project.dir });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/link/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(outside.dir)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });

  it("refuses a schemas folder that is a link out of the project too", async () => {
    project = tempProject();
    const outside = tempProject();
    try {
      mkdirSync(join(project.dir, ".transync"));
      symlinkSync(outside.dir, join(project.dir, ".transync", "schemas"));
      const result = await runCli(["schemas", "--write"], { cwd: project.dir });
      expect(result.code).not.toBe(0);
      expect(readdirSync(outside.dir)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });
});
