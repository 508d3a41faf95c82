import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { HEADER, PROJECT } from "./test-fixtures.js";
import { checkXml } from "../simulate/xml-check.js";
import { TEST_HASH_KEY } from "../../src/model/hash-key-variable.js";

/** The production key of these tests: set only where a test says so. */
const REAL_KEY = "pepper-real-7f3a9c";
const EMAIL = "jane@example.com";
const REAL_DIGEST = createHmac("sha256", REAL_KEY).update(EMAIL).digest("hex");

const HASHING = doc("Hash email", "web", {
  if: "type = 'identify'",
  hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.email"], encoding: "HEX", key: { fromEnv: "TRANSYNC_KEY_EMAIL" } },
});

const identify = `{ type: identify, traits: { email: ${EMAIL}, plan: pro } }`;
/** Line 4: a shape; line 8: an exact digest (the production key's); line 12: an event the hash never reaches. */
const CASES = `${HEADER}  - name: email is hashed
    source: web
    event: ${identify}
    expect: { contains: { traits: { email: { hashed: sha256-hex }, plan: pro } }, matched: [Hash email] }
  - name: exact digest
    source: web
    event: ${identify}
    expect: { event: { type: identify, traits: { email: ${REAL_DIGEST}, plan: pro } } }
  - name: track is not hashed
    source: web
    event: { type: track, event: Order Completed, traits: { email: ${EMAIL} } }
    expect: { contains: { traits: { email: { hashed: sha256-hex } } } }
`;

describe("transync test without the hash key's variable (the test key)", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/hash.yaml": HASHING });
  });
  afterEach(() => project.cleanup());
  const run = (env: Record<string, string>, ...args: string[]) => runCli(["test", ...args], { cwd: project.dir, env });
  const passingCases = () => CASES.split("  - name: track")[0]!;

  it("shapes are checked, an exact digest is skipped (needs TRANSYNC_KEY_EMAIL), exit 0; the test key is said once", async () => {
    project.write("tests/a.yaml", passingCases());
    const res = await run({});
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain("PASS tests/a.yaml:4 email is hashed\n");
    expect(res.stdout).toContain("SKIP tests/a.yaml:8 exact digest (skipped: needs TRANSYNC_KEY_EMAIL)\n");
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("1 passed, 0 failed, 1 skipped");
    const note = res.stderr.replace(/\s+/g, " ");
    expect(note).toContain(`hash with the test key "${TEST_HASH_KEY}" in this run: TRANSYNC_KEY_EMAIL ("Hash email")`);
    expect(res.stderr.match(/test key/g)).toHaveLength(1);
  });

  it("a shape the output does not have fails, saying what was expected; other failures beside a digest still fail", async () => {
    project.write("tests/a.yaml", CASES);
    const res = await run({});
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("FAIL tests/a.yaml:12 track is not hashed\n");
    expect(res.stdout).toContain(`~ traits.email: expected a sha256-hex digest that differs from the input, got "${EMAIL}"`);
    project.write("tests/a.yaml", CASES.replace("plan: pro } } }\n  - name: track", "plan: free } } }\n  - name: track"));
    const both = await run({});
    expect(both.stdout).toContain("FAIL tests/a.yaml:8 exact digest\n");
    expect(both.stdout).toContain('~ traits.plan: expected "free", got "pro"');
    expect(both.stdout).not.toMatch(/~ traits\.email: expected "[0-9a-f]{64}"/);
  });

  it("json, junit and github show the skipped status and count it", async () => {
    project.write("tests/a.yaml", passingCases());
    const json = await run({}, "--format", "json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { totals: unknown; cases: Array<Record<string, unknown>> };
    expect(report.totals).toEqual({ cases: 2, passed: 1, failed: 0, skipped: 1 });
    expect(report.cases[1]).toMatchObject({ line: 8, status: "skipped", needs: ["TRANSYNC_KEY_EMAIL"], failures: [] });
    expect(report.cases[0]).not.toHaveProperty("needs");
    const junit = await run({}, "--format", "junit");
    expect(junit.code).toBe(0);
    checkXml(junit.stdout);
    expect(junit.stdout).toContain('<testsuite name="tests/a.yaml" tests="2" failures="0" errors="0" skipped="1">');
    expect(junit.stdout).toMatch(/<testcase name="exact digest"[^>]*>\s*<skipped message="needs TRANSYNC_KEY_EMAIL"\/>\s*<\/testcase>/);
    const github = await run({}, "--format", "github");
    expect(github.code).toBe(0);
    expect(github.stdout).toMatch(/::notice file=tests\/a\.yaml,line=8,title=test skipped%3A exact digest::needs TRANSYNC_KEY_EMAIL/);
    expect(github.stdout.trimEnd().split("\n").at(-1)).toBe("1 passed, 0 failed, 1 skipped");
  });

  it("the note shows a hostile transformation name escaped, on the note's own lines", async () => {
    const hash = { algorithm: "SHA256", paths: ["traits.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    project.write(
      "transformations/hash.yaml",
      doc("Evil\u001b[2J\nPASS forged", "web", { if: "type = 'identify'", hashPropertiesConfiguration: hash }),
    );
    project.write("tests/a.yaml", CASES.split("  - name: exact")[0]!.replace("matched: [Hash email]", "dropped: false"));
    const res = await run({});
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stderr).not.toContain("\u001b");
    expect(res.stderr).not.toMatch(/^PASS forged/m);
    expect(res.stderr.replace(/\s+/g, " ")).toContain('TRANSYNC_KEY_EMAIL ("Evil\\u001b[2J\\nPASS forged")');
  });

  it("with the key set: the exact digest is compared, shapes still hold, no note; the key's value is in no output format", async () => {
    project.write("tests/a.yaml", passingCases());
    const withKey = { TRANSYNC_KEY_EMAIL: REAL_KEY };
    const res = await run(withKey);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 0 failed");
    expect(res.stderr).not.toContain("test key");
    // A failing case prints its input, expectations and output: still never the key.
    project.write(
      "tests/b.yaml",
      CASES.replace(
        REAL_DIGEST,
        REAL_DIGEST.replace(/^./, (c) => (c === "0" ? "1" : "0")),
      ),
    );
    for (const format of ["text", "json", "junit", "github"]) {
      const out = await run(withKey, "--format", format);
      expect(out.code, format).toBe(1);
      expect(out.stdout + out.stderr, format).not.toContain(REAL_KEY);
    }
  });
});

describe("shape expectations are checked against the documents (validate and test)", () => {
  let project: TempProject;
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT, "transformations/hash.yaml": HASHING });
  });
  afterEach(() => project.cleanup());
  const shapeCase = (shape: string) =>
    `${HEADER}  - name: shaped\n    source: web\n    event: ${identify}\n    expect:\n      contains: { traits: { email: { hashed: ${shape} } } }\n`;

  it("a shape naming another algorithm or encoding than the document's is an error at file:line:col; no case runs", async () => {
    project.write("tests/a.yaml", shapeCase("sha1-base64"));
    const validate = await runCli(["validate"], { cwd: project.dir });
    expect(validate.code).toBe(1);
    expect(validate.stdout.replace(/\s+/g, " ")).toContain(
      'tests/a.yaml:8:46 cases.0.expect.contains.traits.email.hashed: { hashed: sha1-base64 } is not how the document hashing traits.email hashes: "Hash email" hashes with SHA256, encoding HEX; write { hashed: sha256-hex }',
    );
    const test = await runCli(["test"], { cwd: project.dir });
    expect(test.code).toBe(1);
    expect(test.stderr).toMatch(/tests\/a\.yaml:8:46 .*\{ hashed: sha1-base64 \}/);
    expect(test.stderr).toMatch(/no case was run/);
  });

  it("a misspelt shape is an error naming the spelling; BASE16 and HEX are one encoding; a shape where nothing hashes is an error", async () => {
    project.write("tests/a.yaml", shapeCase("sha256-hax"));
    const misspelt = await runCli(["validate"], { cwd: project.dir });
    expect(misspelt.code).toBe(1);
    expect(misspelt.stdout.replace(/\s+/g, " ")).toContain('"sha256-hax" is no hash shape; write <algorithm>-<encoding>, e.g. sha256-hex');
    project.write("tests/a.yaml", shapeCase("SHA256-base16"));
    expect((await runCli(["validate"], { cwd: project.dir })).code).toBe(0);
    expect((await runCli(["test"], { cwd: project.dir })).code).toBe(0);
    project.write("transformations/hash.yaml", doc("Rename", "web", { newEventName: "X" }));
    const nothing = await runCli(["validate"], { cwd: project.dir });
    expect(nothing.code).toBe(1);
    expect(nothing.stdout.replace(/\s+/g, " ")).toContain(
      'but no enabled transformation of source "web" this case reaches hashes anything',
    );
  });

  it("the document's shape passes with the test key, with no key and with a key written in the document", async () => {
    for (const key of [{ fromEnv: "TRANSYNC_KEY_EMAIL" }, undefined, "written-in-git"]) {
      const hash = { algorithm: "SHA512", paths: ["traits.email"], encoding: "BASE64URL", ...(key === undefined ? {} : { key }) };
      project.write("transformations/hash.yaml", doc("Hash email", "web", { if: "type = 'identify'", hashPropertiesConfiguration: hash }));
      project.write("tests/a.yaml", shapeCase("sha512-base64url"));
      const res = await runCli(["test"], { cwd: project.dir });
      expect(res.code, `${JSON.stringify(key)}: ${res.stdout}${res.stderr}`).toBe(0);
    }
  });
});
