import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeImportFiles } from "../../src/import/write-import.js";
import { writeUserFile } from "../../src/desired/read-user-file.js";
import { tempProject, type TempProject } from "../helpers/project.js";

/**
 * Files are written to a temporary name and renamed into place. A repository (a pull request) can
 * hold a symbolic link at that temporary name: with a guessable name (`<file>.<pid>.tmp`, and a CI
 * container's pids are small) writing followed the link and overwrote a file outside the repository
 * (`~/.bashrc`) with content the pull request partly chose. The temporary file must be new.
 */
let project: TempProject;
let outside: TempProject;
beforeEach(() => {
  project = tempProject();
  outside = tempProject({ "victim.txt": "precious\n" });
});
afterEach(() => {
  project.cleanup();
  outside.cleanup();
});

/** Links at every temporary name a few likely pids would give, to the victim outside. */
function plantLinks(path: string): void {
  for (const pid of new Set([process.pid, 1, 7, 42])) symlinkSync(join(outside.dir, "victim.txt"), `${path}.${pid}.tmp`);
}

describe("a link at the temporary name is never followed", () => {
  it("writeUserFile (plan --out)", async () => {
    plantLinks(join(project.dir, "plan.json"));
    await writeUserFile(project.dir, "plan.json", "{}\n", "the plan (--out)");
    expect(readFileSync(join(project.dir, "plan.json"), "utf8")).toBe("{}\n");
    expect(readFileSync(join(outside.dir, "victim.txt"), "utf8")).toBe("precious\n");
  });

  it("writeImportFiles (import)", async () => {
    writeFileSync(join(project.dir, ".keep"), "");
    plantLinks(join(project.dir, "web.yaml"));
    await writeImportFiles(project.dir, [{ path: "web.yaml", content: "name: a\n" }], { force: false });
    expect(readFileSync(join(project.dir, "web.yaml"), "utf8")).toBe("name: a\n");
    expect(readFileSync(join(outside.dir, "victim.txt"), "utf8")).toBe("precious\n");
  });
});
