import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { git } from "../helpers/git.js";
import { parseAnnotations } from "../helpers/annotations.js";

const PROJECT = "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\ndefaultEnvironment: staging\n";
/** One error (an unknown key, line 3) and one warning (two transformations give `properties.p` a value). */
const FINDINGS = docs(
  `apiVersion: transync/v1\nkind: Transformation\nbogus: 1\nname: a\nsourceId: web\nenabled: true\nif: "event = 'A'"\n`,
  doc("b", "web", { fqlDefinedProperties: [{ fql: "'x'", propertyName: "properties.p" }] }),
  doc("c", "web", { fqlDefinedProperties: [{ fql: "'y'", propertyName: "properties.p" }] }),
);

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe("validate --format github: one annotation per finding, file from the repository root", () => {
  it("in a subfolder of a git repository, run from that subfolder: file= starts at the repository root", async () => {
    project = tempProject({ "infra/segment/transync.yaml": PROJECT, "infra/segment/transformations/orders.yaml": FINDINGS });
    git(project.dir, "init", "-q");
    const run = await runCli(["validate", "--format", "github"], { cwd: join(project.dir, "infra/segment") });
    expect(run.code).toBe(1);
    const annotations = parseAnnotations(run.stdout);
    expect(annotations.map((a) => [a.level, a.properties.file, a.properties.line, a.properties.title])).toEqual([
      ["error", "infra/segment/transformations/orders.yaml", "3", "schema"],
      ...annotations.slice(1).map((a) => ["warning", "infra/segment/transformations/orders.yaml", a.properties.line, a.properties.title]),
    ]);
    expect(annotations.length).toBeGreaterThan(1);
    expect(annotations[0]!.properties.col).toBe("1");
    expect(annotations[0]!.message).toMatch(/bogus/);
    // The summary line stays, as plain text after the annotations.
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/^Validated 3 transformations in 1 file: 1 error, \d+ warnings?\.$/);
  });

  it("outside git, file= is relative to the working directory", async () => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/orders.yaml": FINDINGS });
    const run = await runCli(["validate", "--format", "github"], { cwd: project.dir });
    expect(parseAnnotations(run.stdout)[0]!.properties.file).toBe("transformations/orders.yaml");
  });

  it("a valid folder: no annotation, exit 0", async () => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/ok.yaml": doc("ok", "web") });
    mkdirSync(join(project.dir, "tests"));
    const run = await runCli(["validate", "--format", "github"], { cwd: project.dir });
    expect([run.code, parseAnnotations(run.stdout)]).toEqual([0, []]);
  });
});
