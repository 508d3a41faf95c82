import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { transyncVersion } from "../../src/version.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ workspaces: [testWorkspace([{ id: "tfm_a", name: "A", sourceId: "src_web", enabled: true, if: "event = 'A'" }, { id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" }])] });
});
afterAll(() => emulator.close());

async function importInto(dir: string, ...extra: string[]): Promise<void> {
  const run = await runCli(["import", "--api-url", emulator.url, "--out", "transformations", ...extra], { cwd: dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN } });
  expect(run.code, run.stderr).toBe(0);
}

const schemaLines = (text: string): string[] => text.split("\n").filter((l) => l.includes("yaml-language-server"));

describe("import's $schema comment resolves in the user's repository", () => {
  it("points at transync installed in the project (node_modules), relative to each file, once per file", async () => {
    const project = tempProject({ "node_modules/transync/schemas/transformation.schema.json": "{}" });
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
    expect(schemaLines(text)).toEqual([`# yaml-language-server: $schema=https://unpkg.com/transync@${transyncVersion()}/schemas/transformation.schema.json`]);
    project.cleanup();
  });
});
