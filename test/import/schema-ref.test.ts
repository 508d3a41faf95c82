import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { transyncVersion } from "../../src/version.js";
import { schemaReference } from "../../src/import/schema-ref.js";
import { openWithSchema } from "../helpers/schema-resolver.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({
    workspaces: [
      testWorkspace([
        { id: "tfm_a", name: "A", sourceId: "src_web", enabled: true, if: "event = 'A'" },
        { id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" },
      ]),
    ],
  });
});
afterAll(() => emulator.close());

async function importInto(dir: string, ...extra: string[]): Promise<void> {
  const run = await runCli(["import", "--api-url", emulator.url, "--out", "transformations", ...extra], {
    cwd: dir,
    env: { SEGMENT_API_TOKEN: TEST_TOKEN },
  });
  expect(run.code, run.stderr).toBe(0);
}

const schemaLines = (text: string): string[] => text.split("\n").filter((l) => l.includes("yaml-language-server"));

describe("import's $schema comment resolves offline, in the repository", () => {
  it("writes .transync/schemas and points each file at it, relative to the file, once per file; the files open without a schema error", async () => {
    const project = tempProject();
    await importInto(project.dir);
    const file = join(project.dir, "transformations", "src_web.yaml");
    expect(schemaLines(readFileSync(file, "utf8"))).toEqual([
      "# yaml-language-server: $schema=../.transync/schemas/transformation.schema.json",
    ]);
    expect(readdirSync(join(project.dir, ".transync", "schemas")).sort()).toEqual([
      "defs.schema.json",
      "destination-filter.schema.json",
      "transformation-test.schema.json",
      "transformation.schema.json",
      "transync.schema.json",
    ]);
    expect(await openWithSchema(file)).toEqual([]);
    project.cleanup();
  });

  it("with --split below a subfolder: the path climbs from each file's own folder to the project's schemas", async () => {
    const project = tempProject();
    mkdirSync(join(project.dir, "sub"));
    writeFileSync(join(project.dir, "sub", ".keep"), "");
    await importInto(join(project.dir, "sub"), "--split");
    const file = join(project.dir, "sub", "transformations", "src_web", "a.yaml");
    expect(schemaLines(readFileSync(file, "utf8"))).toEqual([
      "# yaml-language-server: $schema=../../.transync/schemas/transformation.schema.json",
    ]);
    expect(await openWithSchema(file)).toEqual([]);
    expect(readFileSync(join(project.dir, "sub", ".transync", "schemas", "defs.schema.json"), "utf8")).toContain(
      `transync ${transyncVersion()}`,
    );
    project.cleanup();
  });
});

describe("import refuses a .transync that leaves the project", () => {
  it("a link taking .transync out of the working directory: exit 1, nothing written on either side", async () => {
    const project = tempProject();
    const outside = tempProject();
    symlinkSync(outside.dir, join(project.dir, ".transync"));
    const run = await runCli(["import", "--api-url", emulator.url, "--out", "transformations"], {
      cwd: project.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(".transync/schemas: a symbolic link takes it outside the working directory");
    expect(existsSync(join(project.dir, "transformations"))).toBe(false);
    expect(readdirSync(outside.dir)).toEqual([]);
    project.cleanup();
    outside.cleanup();
  });
});

describe("schemaReference: the path from the file's folder to the project's copy", () => {
  it("names each schema from the root and from folders below it", () => {
    expect(schemaReference("/r", "/r", "transync.schema.json")).toBe(".transync/schemas/transync.schema.json");
    expect(schemaReference("/r/transformations", "/r", "transformation.schema.json")).toBe(
      "../.transync/schemas/transformation.schema.json",
    );
    expect(schemaReference("/r/a/tests", "/r", "transformation-test.schema.json")).toBe(
      "../../.transync/schemas/transformation-test.schema.json",
    );
  });
});
