import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { blockDoc, doc, tempProject, type TempProject } from "../helpers/project.js";
import { useNamedObjects } from "../helpers/named-objects.js";

const projects: TempProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.cleanup()));

/** Two documents of one source that pin the same event: `same-scope` at the later one (b.yaml). */
function project(bLint: string[] = []): TempProject {
  const p = tempProject({
    "transync.yaml": "apiVersion: transync/v1\n",
    "transformations/a.yaml": doc("Tier A", "src_web", { newEventName: "Placed" }),
    "transformations/b.yaml": [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: Tier B",
      "sourceId: src_web",
      "enabled: true",
      "if: event = 'Order Completed'",
      "allowProperties: [total]",
      ...bLint,
      "",
    ].join("\n"),
  });
  projects.push(p);
  return p;
}

const SAME_SCOPE =
  /^transformations\/b\.yaml:6:5 warning\[same-scope\]: if: "Tier A" .* "Tier B" .* both transform event "Order Completed"/;

describe("validate: warning ids, lint.ignore and --strict", () => {
  const live = useNamedObjects();

  it("prints each warning's id; --strict makes it an error (exit 1) with the same id", async () => {
    const p = project();
    const run = await runCli(["validate"], { cwd: p.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(SAME_SCOPE),
      "Validated 2 transformations in 2 files: 0 errors, 1 warning.",
    ]);
    const strict = await runCli(["validate", "--strict"], { cwd: p.dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^transformations\/b\.yaml:6:5 error\[same-scope\]: if: /);
    expect(strict.stdout).toContain("1 error, 0 warnings.");
    const json = JSON.parse((await runCli(["validate", "--strict", "--format", "json"], { cwd: p.dir })).stdout);
    expect(json.valid).toBe(false);
    expect(json.diagnostics).toEqual([expect.objectContaining({ severity: "error", rule: "same-scope" })]);
  });

  it("a document silences a cross-document warning it owns: not printed, counted, in JSON with its reason, and --strict passes", async () => {
    const p = project(["lint:", "  ignore:", "    - rule: same-scope", "      reason: split by destination in Segment's UI"]);
    const run = await runCli(["validate"], { cwd: p.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Validated 2 transformations in 2 files: 0 errors, 1 warning (1 silenced).\n");
    const strict = await runCli(["validate", "--strict"], { cwd: p.dir });
    expect(strict.code).toBe(0);
    const json = JSON.parse((await runCli(["validate", "--format", "json"], { cwd: p.dir })).stdout);
    expect(json.summary).toMatchObject({ warnings: 1, silenced: 1 });
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ rule: "same-scope", severity: "warning", silenced: { reason: "split by destination in Segment's UI" } }),
    ]);
    const github = await runCli(["validate", "--format", "github"], { cwd: p.dir });
    expect(github.stdout).not.toContain("::warning");
    const sarif = JSON.parse((await runCli(["validate", "--format", "sarif"], { cwd: p.dir })).stdout);
    expect(sarif.runs[0].results[0].suppressions).toEqual([{ kind: "inSource", justification: "split by destination in Segment's UI" }]);
  });

  it("the other document cannot silence it (a warning belongs to the document it is positioned in), and its ignore is reported unused", async () => {
    const p = project();
    p.write(
      "transformations/a.yaml",
      blockDoc("Tier A", "src_web", ["newEventName: Placed", "lint:", "  ignore:", "    - { rule: same-scope, reason: not mine }"]).replace(
        "event = 'A'",
        "event = 'Order Completed'",
      ),
    );
    const run = await runCli(["validate", "--strict"], { cwd: p.dir });
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split("\n")).toEqual([
      "transformations/a.yaml:10:7 error[unused-lint-ignore]: lint.ignore.0: ignores same-scope, but this document has no same-scope warning; remove the entry",
      expect.stringMatching(/^transformations\/b\.yaml:6:5 error\[same-scope\]: /),
      "Validated 2 transformations in 2 files: 2 errors, 0 warnings.",
    ]);
  });

  it("an unknown id is an error at its line with the nearest ids; a blank reason is an error; unused-lint-ignore cannot be silenced", async () => {
    const p = project([
      "lint:",
      "  ignore:",
      "    - rule: same-scop",
      "      reason: typo",
      "    - rule: drop-ignores",
      '      reason: " "',
      "    - rule: unused-lint-ignore",
      "      reason: noisy",
    ]);
    const run = await runCli(["validate"], { cwd: p.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `transformations/b.yaml:10:13 lint.ignore.0.rule: unknown warning id "same-scop"; did you mean same-scope? (docs/desired-state.md, "Warnings and lint")`,
    );
    expect(run.stdout).toContain("transformations/b.yaml:13:15 lint.ignore.1.reason: a reason is required");
    expect(run.stdout).toContain("transformations/b.yaml:14:13 lint.ignore.2.rule: unused-lint-ignore cannot be silenced");
  });

  it("a missing reason is a schema error; ids and reasons from the file are printed escaped", async () => {
    const p = project(["lint:", "  ignore:", '    - rule: "same\\u001b[31m-scope"']);
    const run = await runCli(["validate"], { cwd: p.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("transformations/b.yaml:10:7 lint.ignore.0.reason: required field is missing");
    expect(run.stdout).toContain('lint.ignore.0.rule: unknown warning id "same\\u001b[31m-scope"');
    expect(run.stdout).not.toContain("\u001b");
  });

  it("plan and apply do not show a warning its document silences, and send no lint to the API", async () => {
    const lint = ["lint:", "  ignore: [{ rule: new-event-name-track, reason: identify events are renamed elsewhere }]"];
    await live.start([], {
      "transync.yaml": "apiVersion: transync/v1\n",
      "transformations/a.yaml": blockDoc("Rename", "src_web", ["newEventName: Y"]).replace("if: event = 'A'", "if: type = 'identify'"),
      "transformations/b.yaml": blockDoc("Quiet", "src_web", ["newEventName: X", ...lint]).replace(
        "if: event = 'A'",
        "if: type = 'identify'",
      ),
    });
    const plan = await live.run("plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const warnings = JSON.parse(plan.stdout).warnings.map((w: { where: string }) => w.where);
    expect(warnings).toEqual([expect.stringMatching(/^transformations\/a\.yaml:/)]);
    expect((await live.run("apply", "--auto-approve")).code).toBe(0);
    const sent = live.emulator.transformations("ws_test").find((t) => t.name === "Quiet");
    expect(sent).toBeDefined();
    expect(Object.keys(sent!)).not.toContain("lint");
  });
});
