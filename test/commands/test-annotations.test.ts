import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { git } from "../helpers/git.js";
import { parseAnnotations } from "../helpers/annotations.js";
import { FAILING, PASSING, PROJECT, TRANSFORMATIONS } from "./test-fixtures.js";

describe("transync test --format github", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "segment/transync.yaml": PROJECT, "segment/transformations/all.yaml": TRANSFORMATIONS });
    git(project.dir, "init", "-q");
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) => runCli(["test", "--format", "github", ...args], { cwd: join(project.dir, "segment") });

  it("an error annotation per failing case at its line, file from the repository root, its details as a multi-line message; exit 1", async () => {
    project.write("segment/tests/a.yaml", PASSING);
    project.write("segment/tests/fail.yaml", FAILING);
    const res = await run();
    expect(res.code).toBe(1);
    const annotations = parseAnnotations(res.stdout);
    expect(annotations.map((a) => [a.level, a.properties.file, a.properties.line, a.properties.title])).toEqual([
      ["error", "segment/tests/fail.yaml", "4", "test failed: expects the old name"],
    ]);
    expect(annotations[0]!.message.split("\n")).toContain(`  ~ event: expected "Order Completed", got "Order Placed"`);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 1 failed");
  });

  it("the test files' errors are annotations too, then the error; no case runs", async () => {
    project.write(
      "segment/tests/bad.yaml",
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: x\n    source: web\n    bogus: 1\n    event: { type: track, event: A }\n    expect: { dropped: false }\n",
    );
    const res = await run();
    expect(res.code).toBe(1);
    const annotations = parseAnnotations(res.stdout);
    expect(annotations.map((a) => [a.level, a.properties.file, a.properties.line])).toEqual([["error", "segment/tests/bad.yaml", "6"]]);
    expect(res.stderr).toMatch(/the test files have 1 error/);
  });
});
