import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { git } from "../helpers/git.js";

/**
 * The OASIS schema, vendored (test/fixtures/sarif/README.md). It is written for JSON Schema draft-04,
 * whose only difference that it uses is `id` (draft-07's `$id`): read as draft-07 it means the same.
 */
function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/sarif/sarif-schema-2.1.0.json"), "utf8")) as Record<
    string,
    unknown
  >;
  expect([schema.$schema, JSON.stringify(schema).match(/"exclusiveM(in|ax)imum"/)]).toEqual([
    "http://json-schema.org/draft-04/schema#",
    null,
  ]);
  const { id, $schema: _draft04, ...rest } = schema as { id: string; $schema: string };
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile({ ...rest, $id: id, $schema: "http://json-schema.org/draft-07/schema#" });
}

interface SarifLog {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; rules: Array<{ id: string }> } };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } } }>;
    }>;
  }>;
}

const PROJECT = "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\ndefaultEnvironment: staging\n";
let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe("validate --format sarif: SARIF 2.1.0", () => {
  it("is valid against the OASIS schema; one result per finding, rules listed, files from the repository root as URIs", async () => {
    project = tempProject({
      "config/transync.yaml": PROJECT,
      "config/transformations/odd name #1%.yaml": docs(
        `apiVersion: transync/v1\nkind: Transformation\nbogus: 1\nname: a\nsourceId: web\nenabled: true\nif: "event = 'A'"\n`,
        doc("b", "web", { fqlDefinedProperties: [{ fql: "'x'", propertyName: "properties.p" }] }),
        doc("c", "web", { fqlDefinedProperties: [{ fql: "'y'", propertyName: "properties.p" }] }),
      ),
    });
    git(project.dir, "init", "-q");
    const run = await runCli(["validate", "--format", "sarif"], { cwd: join(project.dir, "config") });
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as SarifLog;
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const text = JSON.parse((await runCli(["validate", "--format", "json"], { cwd: join(project.dir, "config") })).stdout) as {
      diagnostics: Array<{ severity: string; rule: string; line: number }>;
    };
    const [sarifRun] = log.runs;
    expect(sarifRun!.tool.driver.name).toBe("transync");
    expect(sarifRun!.results.map((r) => [r.level, r.ruleId, r.locations[0]!.physicalLocation.region?.startLine])).toEqual(
      text.diagnostics.map((d) => [d.severity, d.rule, d.line]),
    );
    expect(sarifRun!.results.map((r) => sarifRun!.tool.driver.rules[r.ruleIndex]!.id)).toEqual(sarifRun!.results.map((r) => r.ruleId));
    expect(new Set(sarifRun!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri))).toEqual(
      new Set(["config/transformations/odd%20name%20%231%25.yaml"]),
    );
    expect(sarifRun!.results.map((r) => r.level)).toEqual(expect.arrayContaining(["error", "warning"]));
  });

  it("a valid folder is a log with no results; the schema check can fail", async () => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/ok.yaml": doc("ok", "web") });
    const log = JSON.parse((await runCli(["validate", "--format", "sarif"], { cwd: project.dir })).stdout) as SarifLog;
    const validate = sarifValidator();
    expect([validate(log), log.runs[0]!.results]).toEqual([true, []]);
    expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ message: { text: "x" }, level: "fatal" }] }] })).toBe(false);
  });
});
