import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { FAILING, HEADER, PASSING, PROJECT, TRANSFORMATIONS } from "./test-fixtures.js";
import { packageRoot } from "../../src/version.js";
import { fsSource } from "../../src/desired/fs-source.js";
import { loadDesired } from "../../src/desired/load-desired.js";
import { checkXml, xmlAttributeValues } from "../simulate/xml-check.js";

describe("transync test", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/all.yaml": TRANSFORMATIONS });
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) => runCli(["test", ...args], { cwd: project.dir });

  it("runs every *.yaml/*.yml under tests/ beside the documents folder; last line `N passed, N failed`, exit 0", async () => {
    project.write("tests/a.yaml", PASSING);
    project.write("tests/sub/b.yml", PASSING.replace(/name: (\w+)/g, "name: $1 again"));
    project.write("tests/.hidden.yaml", "not: [valid");
    const res = await run();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("PASS tests/a.yaml:4 renamed\n");
    expect(res.stdout).toContain("PASS tests/sub/b.yml:10 dropped again\n");
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("4 passed, 0 failed");
  });

  it("a failing case shows file:line, input, expected, output, a structural diff and what applied in order; exit 1", async () => {
    project.write("tests/a.yaml", PASSING);
    project.write("tests/fail.yaml", FAILING);
    const res = await run();
    expect(res.code).toBe(1);
    const out = res.stdout;
    expect(out).toContain("FAIL tests/fail.yaml:4 expects the old name\n");
    expect(out).toContain('input:    {"type":"track","event":"Order Completed","properties":{"total":10,"id":7}}');
    expect(out).toContain('contains: {"event":"Order Completed","properties":{"revenue":11}}');
    expect(out).toContain('output:   {"type":"track","event":"Order Placed","properties":{"id":7,"revenue":10}}');
    expect(out).toContain('~ event: expected "Order Completed", got "Order Placed"');
    expect(out).toContain("~ properties.revenue: expected 11, got 10");
    expect(out).toContain("applied:  1. Rename");
    expect(out).toContain('matched: expected these transformations to apply, in this order: "Drop debug"; applied: "Rename"');
    expect(out.trimEnd().split("\n").at(-1)).toBe("2 passed, 1 failed");
  });

  it("a hash key from an unset variable: its cases run with the test key (issue 35 saw them fail), the note names the variable", async () => {
    project.write(
      "transformations/hash.yaml",
      doc("Hash email", "web", {
        if: "type = 'identify'",
        hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.email"], key: { fromEnv: "TRANSYNC_KEY_TEST" } },
      }),
    );
    project.write(
      "tests/a.yaml",
      `${PASSING}  - name: hashed
    source: web
    event: { type: identify, traits: { email: a@b.c } }
    expect: { absent: [traits.phone] }
`,
    );
    const res = await run();
    expect(res.code, res.stdout).toBe(0);
    expect(res.stdout).toContain("PASS tests/a.yaml:14 hashed");
    expect(res.stderr.replace(/\s+/g, " ")).toContain('TRANSYNC_KEY_TEST ("Hash email")');
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("3 passed, 0 failed");
    const withKey = await runCli(["test"], { cwd: project.dir, env: { TRANSYNC_KEY_TEST: "pepper-1234" } });
    expect(withKey.code, withKey.stdout).toBe(0);
    expect(withKey.stdout + withKey.stderr).not.toContain("pepper-1234");
    expect(withKey.stderr).not.toContain("test key");
  });

  it("a whole-event mismatch is diffed path by path: missing, extra and changed fields", async () => {
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: whole
    source: web
    event: { type: track, event: Order Completed, properties: { total: 10, extra: true } }
    expect:
      event: { type: track, event: Order Placed, properties: { revenue: 12, coupon: x } }
`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("~ properties.revenue: expected 12, got 10");
    expect(res.stdout).toContain('- properties.coupon: expected "x", missing in the output');
    expect(res.stdout).toContain("+ properties.extra: true, in the output but not expected");
  });

  it("destination-scoped transformations run after the source's when a case names the destination", async () => {
    project.write(
      "tests/a.yaml",
      `${HEADER}  - name: with destination
    source: web
    destination: dest_blueshift
    event: { type: track, event: Signed Up, properties: { plan: pro } }
    expect: { contains: { properties: { plan_name: pro } }, absent: [properties.plan], matched: [Blueshift plan] }
  - name: without
    source: web
    event: { type: track, event: Signed Up, properties: { plan: pro } }
    expect: { event: { type: track, event: Signed Up, properties: { plan: pro } }, matched: [] }
`,
    );
    const res = await run();
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 0 failed");
  });

  it("an unknown key anywhere (inside expect too) is an error at file:line, no case counted; exit 1", async () => {
    project.write("tests/a.yaml", PASSING);
    project.write(
      "tests/typo.yaml",
      `${HEADER}  - name: typo
    source: web
    event: { type: track, event: Order Completed }
    expect:
      containz: { event: Order Placed }
`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('tests/typo.yaml:8:7 cases.0.expect.containz: unknown field "containz"; did you mean "contains"?');
    expect(res.stderr).toMatch(/no case was run/);
    expect(res.stdout).not.toMatch(/passed/);
    project.write(
      "tests/typo.yaml",
      `${HEADER}  - name: typo\n    source: web\n    sourse: web\n    event: {}\n    expect: { dropped: false }\n`,
    );
    expect((await run()).stderr).toContain('tests/typo.yaml:6:5 cases.0.sourse: unknown field "sourse"; did you mean "source"?');
  });

  it("bad YAML, an empty expect, an event that is not a mapping, dropped with an output expectation: errors at file:line", async () => {
    project.write("tests/a.yaml", `${HEADER}  - name: x\n    source: web\n    event: [1, 2]\n    expect: {}\n`);
    project.write(
      "tests/c.yaml",
      `${HEADER}  - name: y\n    source: web\n    event: {}\n    expect: { dropped: true, contains: { a: 1 } }\n`,
    );
    project.write("tests/b.yaml", "apiVersion: transync/v1\nkind: TransformationTest\ncases: [\n");
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("tests/a.yaml:6:12 cases.0.event: expected a mapping, got a list");
    expect(res.stderr).toContain(
      "tests/a.yaml:7:13 cases.0.expect: must not be empty; give at least one of event, contains, absent, dropped, matched",
    );
    expect(res.stderr).toContain(
      'tests/c.yaml:7:30 cases.0.expect.contains: "contains" describes an output event, but dropped: true expects none',
    );
    expect(res.stderr).toMatch(/tests\/b\.yaml:\d+:\d+ YAML: /);
  });

  it("sources resolve like simulate --source (aliases of --env); an unknown alias, source or destination is an error", async () => {
    project.write("tests/a.yaml", PASSING.replace("source: src_stg_web", "source: web"));
    expect((await run("--env", "prod")).code).toBe(0);
    project.write("tests/a.yaml", PASSING);
    project.write("tests/b.yaml", `${HEADER}  - name: alias\n    source: wbe\n    event: {}\n    expect: { matched: [] }\n`);
    const alias = await run();
    expect(alias.code).toBe(1);
    expect(alias.stderr).toContain(
      'tests/b.yaml:5:13 cases.0.source: unknown source alias "wbe" for environment "staging"; did you mean "web"?',
    );
    project.write(
      "tests/b.yaml",
      `${HEADER}  - name: nothing\n    source: src_nowhere\n    event: {}\n    expect: { matched: [] }\n  - name: dest\n    source: web\n    destination: dest_other\n    event: {}\n    expect: { matched: [] }\n`,
    );
    const res = await run();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('tests/b.yaml:5:13 cases.0.source: no desired transformation has source "src_nowhere"');
    expect(res.stderr).toContain(
      'tests/b.yaml:10:18 cases.1.destination: no desired transformation of source "web" is scoped to destination "dest_other"; those of source "web": dest_blueshift',
    );
  });

  it("no test files: says where it looked, exit 1; --tests and tests: in transync.yaml choose the folder", async () => {
    const none = await run();
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      'no test files found: looked for *.yaml and *.yml under "tests" (beside the documents folder "transformations")',
    );
    project.write("checks/a.yaml", PASSING);
    const flag = await run("--tests", "checks");
    expect(flag.stdout).toContain("PASS checks/a.yaml:4 renamed");
    project.write("transync.yaml", `${PROJECT}tests: checks\n`);
    expect((await run()).stdout).toContain("2 passed, 0 failed");
    project.write("transync.yaml", `${PROJECT}tests: nowhere\n`);
    expect((await run()).stderr).toContain('under "nowhere" (tests: in transync.yaml)');
  });

  it("--format json: totals and, per case, file, line, name, status, failures, output, matched", async () => {
    project.write("tests/a.yaml", PASSING);
    project.write("tests/fail.yaml", FAILING);
    const res = await run("--format", "json");
    expect(res.code).toBe(1);
    const report = JSON.parse(res.stdout) as { totals: unknown; cases: Array<Record<string, unknown>> };
    expect(report.totals).toEqual({ cases: 3, passed: 2, failed: 1, skipped: 0 });
    expect(report.cases[1]).toEqual({
      file: "tests/a.yaml",
      line: 10,
      name: "dropped",
      source: "src_stg_web",
      status: "passed",
      failures: [],
      dropped: true,
      output: null,
      matched: ["Drop debug"],
      warnings: [],
    });
    const failed = report.cases[2]!;
    expect(failed).toMatchObject({
      file: "tests/fail.yaml",
      line: 4,
      status: "failed",
      matched: ["Rename"],
      output: { event: "Order Placed" },
    });
    expect(failed.failures).toContainEqual({
      expectation: "absent",
      message: "expected absent, but present: properties.id",
      diff: [{ sign: "+", path: "properties.id", actual: 7 }],
    });
    expect((failed.failures as Array<{ expectation: string }>).map((f) => f.expectation)).toEqual(["contains", "absent", "matched"]);
    expect(failed.failures).toContainEqual({
      expectation: "contains",
      message: "the output event does not contain what was expected",
      diff: [
        { sign: "~", path: "event", expected: "Order Completed", actual: "Order Placed" },
        { sign: "~", path: "properties.revenue", expected: 11, actual: 10 },
      ],
    });
  });

  it("--format junit: well-formed XML, one testsuite per file, a failure per failing case, names escaped", async () => {
    project.write("tests/a.yaml", PASSING.replace("name: renamed", 'name: "renamed <&> \\"quoted\\" \\x01"'));
    project.write("tests/fail.yaml", FAILING);
    const res = await run("--format", "junit");
    expect(res.code).toBe(1);
    checkXml(res.stdout);
    expect(res.stdout).toContain('<testsuites name="transync test" tests="3" failures="1" errors="0">');
    expect(res.stdout).toContain('<testsuite name="tests/fail.yaml" tests="1" failures="1" errors="0" skipped="0">');
    expect(res.stdout).toContain('name="renamed &lt;&amp;&gt; &quot;quoted&quot; \uFFFD"');
    expect(res.stdout).toMatch(
      /<failure message="tests\/fail\.yaml:4: contains: the output event does not contain what was expected" type="contains">[^<]*~ event: expected "Order Completed", got "Order Placed"[^<]*<\/failure>/,
    );
  });

  it("--format junit: a parser reads each name back as written ([ ] ##[ :: < & quotes, tab, CR, LF, DEL, C1, separators, bidi), not as \\uXXXX", async () => {
    const names = [
      "tags [a] ##[add-mask]x ]]> ##[error]",
      `<&> "double" 'single' ::error::not a command`,
      "tab\tcr\rlf\nend",
      "del\u007f nel\u0085 ls\u2028 rlo\u202e pdi\u2069",
    ];
    const [first, second, third, fourth] = names.map((name) => JSON.stringify(name));
    const cases = PASSING.replace("name: renamed", `name: ${first}`).replace("name: dropped", `name: ${second}`);
    project.write("tests/a.yaml", cases);
    project.write("tests/b.yaml", PASSING.replace("name: renamed", `name: ${third}`).replace("name: dropped", `name: ${fourth}`));
    const res = await run("--format", "junit");
    expect(res.code, res.stderr).toBe(0);
    checkXml(res.stdout);
    expect(xmlAttributeValues(res.stdout, "testcase", "name")).toEqual(names);
    // Nothing a GitHub runner would read as a workflow command.
    expect(res.stdout).not.toMatch(/##\[|(?:^|\n)\s*::/);
  });

  it("--format junit: a character XML 1.0 cannot hold even escaped (a C0 control but tab, LF, CR) reads as U+FFFD", async () => {
    project.write("tests/a.yaml", PASSING.replace("name: renamed", 'name: "bell\\a esc\\e"'));
    const res = await run("--format", "junit");
    checkXml(res.stdout);
    expect(xmlAttributeValues(res.stdout, "testcase", "name")).toContain("bell\uFFFD esc\uFFFD");
  });

  it("the examples: every enabled transformation is covered by a passing case, all pass, with no TRANSYNC_KEY_* set", async () => {
    const examples = join(packageRoot(), "examples");
    // runCli passes only the environment it is given: no TRANSYNC_KEY_* variable here.
    const res = await runCli(["test", "--format", "json"], { cwd: examples, env: {} });
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { totals: { skipped: number } }).totals.skipped).toBe(0);
    // The email's hash is keyed (examples/transformations/identity.yaml): the test key stood in, and said so.
    expect(res.stderr.replace(/\s+/g, " ")).toContain(
      'test key "transync-test-key" in this run: TRANSYNC_KEY_EMAIL ("Hash email on identify")',
    );
    const withKey = await runCli(["test"], { cwd: examples, env: { TRANSYNC_KEY_EMAIL: "pepper-examples-91c2" } });
    expect(withKey.code, withKey.stdout + withKey.stderr).toBe(0);
    expect(withKey.stdout + withKey.stderr).not.toContain("pepper-examples-91c2");
    const report = JSON.parse(res.stdout) as {
      totals: { failed: number; passed: number };
      cases: Array<{ status: string; matched: string[] }>;
    };
    expect(report.totals.failed).toBe(0);
    const covered = new Set(report.cases.filter((c) => c.status === "passed").flatMap((c) => c.matched));
    const { state } = await loadDesired(fsSource(examples));
    const enabled = state.resources.filter((r) => r.spec.enabled).map((r) => r.name);
    expect(enabled.filter((name) => !covered.has(name))).toEqual([]);
    const text = await runCli(["test"], { cwd: examples });
    expect(text.stdout.trimEnd().split("\n").at(-1)).toBe(`${report.totals.passed} passed, 0 failed`);
  });
});

describe("transync validate checks the test files", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/all.yaml": TRANSFORMATIONS });
  });
  afterEach(() => project.cleanup());

  it("schema, unknown keys and sources: errors at file:line, exit 1; valid or absent tests change nothing", async () => {
    const before = await runCli(["validate"], { cwd: project.dir });
    expect(before.code).toBe(0);
    project.write("tests/a.yaml", PASSING);
    const valid = await runCli(["validate"], { cwd: project.dir });
    expect(valid.code).toBe(0);
    expect(valid.stdout).toBe(before.stdout);
    project.write("tests/b.yaml", `${HEADER}  - name: t\n    source: wbe\n    event: {}\n    expect: { matchd: [] }\n`);
    const res = await runCli(["validate"], { cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('tests/b.yaml:7:15 cases.0.expect.matchd: unknown field "matchd"; did you mean "matched"?');
    project.write("tests/b.yaml", `${HEADER}  - name: t\n    source: wbe\n    event: {}\n    expect: { matched: [] }\n`);
    expect((await runCli(["validate"], { cwd: project.dir })).stdout).toContain(
      'tests/b.yaml:5:13 cases.0.source: unknown source alias "wbe"',
    );
    project.write("transync.yaml", `${PROJECT}tests: missing\n`);
    project.remove("tests");
    expect((await runCli(["validate"], { cwd: project.dir })).stdout).toContain(
      'missing:1:1 test folder "missing" (tests: in transync.yaml) does not exist',
    );
  });

  it("--tests DIR: validate checks the folder `transync test --tests DIR` runs", async () => {
    project.write("qa/cases/b.yaml", `${HEADER}  - name: t\n    source: web\n    event: {}\n    expect: { matchd: [] }\n`);
    const res = await runCli(["validate", "--tests", "qa/cases"], { cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('qa/cases/b.yaml:7:15 cases.0.expect.matchd: unknown field "matchd"; did you mean "matched"?');
    const missing = await runCli(["validate", "--tests", "nope"], { cwd: project.dir });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('nope:1:1 test folder "nope" (--tests) does not exist');
  });
});
