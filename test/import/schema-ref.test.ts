import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { transyncVersion } from "../../src/version.js";
import { schemaReference, type SchemaRefDisk } from "../../src/import/schema-ref.js";
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

describe("import's $schema comment resolves in the user's repository", () => {
  it("points at transync installed in the project (node_modules), relative to each file, once per file", async () => {
    const project = tempProject({
      "package.json": JSON.stringify({ devDependencies: { transync: "0.1.0" } }),
      "node_modules/transync/schemas/transformation.schema.json": "{}",
    });
    await importInto(project.dir);
    const text = readFileSync(join(project.dir, "transformations", "src_web.yaml"), "utf8");
    expect(schemaLines(text)).toEqual(["# yaml-language-server: $schema=../node_modules/transync/schemas/transformation.schema.json"]);
    project.cleanup();
  });

  it("without transync in the project, uses the published schema of this version, never a path into the install folder", async () => {
    const project = tempProject();
    mkdirSync(join(project.dir, "sub"));
    writeFileSync(join(project.dir, "sub", ".keep"), "");
    await importInto(join(project.dir, "sub"), "--split");
    const text = readFileSync(join(project.dir, "sub", "transformations", "src_web", "a.yaml"), "utf8");
    expect(schemaLines(text)).toEqual([
      `# yaml-language-server: $schema=https://unpkg.com/transync@${transyncVersion()}/schemas/transformation.schema.json`,
    ]);
    project.cleanup();
  });
});

/** A disk of the given files (a folder exists when a file is below it). */
function disk(files: Record<string, string>): SchemaRefDisk {
  return {
    exists: (path) => Object.keys(files).some((f) => f === path || f.startsWith(`${path}/`)),
    readText: (path) => files[path],
  };
}
const URL = (schema: string): string => `https://unpkg.com/transync@9.9.9/schemas/${schema}`;

describe("schemaReference: a path only when transync is a dependency of the repository", () => {
  it("a package.json listing transync: the path to its node_modules, from the file's folder, for each schema", () => {
    const d = disk({ "/r/.git/HEAD": "", "/r/package.json": '{"devDependencies":{"transync":"^0.1.0"}}' });
    expect(schemaReference("/r/transformations", "9.9.9", "transformation.schema.json", d)).toBe(
      "../node_modules/transync/schemas/transformation.schema.json",
    );
    expect(schemaReference("/r", "9.9.9", "transync.schema.json", d)).toBe("node_modules/transync/schemas/transync.schema.json");
    expect(schemaReference("/r/tests", "9.9.9", "transformation-test.schema.json", d)).toBe(
      "../node_modules/transync/schemas/transformation-test.schema.json",
    );
  });

  it("a workspace package declaring it, installed hoisted at the root: the hoisted install", () => {
    const d = disk({
      "/r/.git/HEAD": "",
      "/r/package.json": "{}",
      "/r/pkg/package.json": '{"dependencies":{"transync":"1"}}',
      "/r/node_modules/transync/schemas/transformation.schema.json": "{}",
    });
    expect(schemaReference("/r/pkg/transformations", "9.9.9", "transformation.schema.json", d)).toBe(
      "../../node_modules/transync/schemas/transformation.schema.json",
    );
  });

  it("an install no package.json of the repository declares (a stray node_modules), or one above the repository: the published URL", () => {
    expect(
      schemaReference(
        "/r/t",
        "9.9.9",
        "transformation.schema.json",
        disk({ "/r/.git/HEAD": "", "/r/node_modules/transync/schemas/transformation.schema.json": "{}" }),
      ),
    ).toBe(URL("transformation.schema.json"));
    const above = disk({
      "/home/u/r/.git/HEAD": "",
      "/home/u/package.json": '{"dependencies":{"transync":"1"}}',
      "/home/u/node_modules/transync/schemas/transync.schema.json": "{}",
    });
    expect(schemaReference("/home/u/r", "9.9.9", "transync.schema.json", above)).toBe(URL("transync.schema.json"));
  });

  it("a package.json that is not JSON, or lists other packages only: the published URL", () => {
    expect(schemaReference("/r", "9.9.9", "transync.schema.json", disk({ "/r/.git/HEAD": "", "/r/package.json": "{nope" }))).toBe(
      URL("transync.schema.json"),
    );
    expect(
      schemaReference(
        "/r",
        "9.9.9",
        "transync.schema.json",
        disk({ "/r/.git/HEAD": "", "/r/package.json": '{"dependencies":{"transync-x":"1"}}' }),
      ),
    ).toBe(URL("transync.schema.json"));
  });
});
