import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { HEADER, PASSING, PROJECT, TRANSFORMATIONS } from "./test-fixtures.js";

describe("transync test on hostile input", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/all.yaml": TRANSFORMATIONS });
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) => runCli(["test", ...args], { cwd: project.dir });
  const cases = (n: number): string =>
    HEADER +
    Array.from(
      { length: n },
      (_, i) =>
        `  - { name: c${i}, source: web, event: { type: track, event: Order Completed, properties: { total: ${i} } }, expect: { contains: { properties: { revenue: ${i} } } } }\n`,
    ).join("");

  it("a file over 5 MiB and nesting past 64 levels are errors at file:line; nothing runs", async () => {
    project.write("tests/huge.yaml", `${HEADER}# ${"x".repeat(6 * 1024 * 1024)}\n`);
    project.write(
      "tests/deep.yaml",
      `${HEADER}  - name: deep\n    source: web\n    event: ${"{ a: ".repeat(100)}1${" }".repeat(100)}\n    expect: { dropped: false }\n`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("tests/huge.yaml:1:1 file is 6.0 MiB, over the 5 MiB limit");
    expect(res.stderr).toMatch(/tests\/deep\.yaml:\d+:\d+ the document is nested more than 64 levels deep/);
    expect(res.stdout).toBe("");
  });

  it("links follow the desired state's rule: one leaving the project is an error naming it", async () => {
    project.write("tests/a.yaml", PASSING);
    symlinkSync("/etc/hostname", join(project.dir, "tests", "outside.yaml"));
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('tests/outside.yaml:1:1 symbolic link to an absolute path ("/etc/hostname") leaves the project');
  });

  // The time of 5,000 cases is a figure of bench/hostile-inputs.ts.
  it("thousands of cases run; over 10,000 in one file is an error", async () => {
    project.write("tests/many.yaml", cases(5_000));
    const res = await run();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("5000 passed, 0 failed");
    project.write("tests/many.yaml", cases(10_001));
    const over = await run();
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("tests/many.yaml:4:3 cases: at most 10000 items (got 10001)");
  });
});
