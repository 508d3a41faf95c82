import { beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRD, STG, useTwoEnvironments } from "../helpers/two-environments.js";
import { runCli } from "../helpers/run-cli.js";
import { commitAll, git } from "../helpers/git.js";
import { doc } from "../helpers/project.js";
import type { Plan } from "../../src/plan/types.js";

const REFUSE = "apply will refuse this plan: staging first";

/** The warnings of a JSON plan that say apply's order check will refuse. */
function orderWarnings(stdout: string): string[] {
  return (JSON.parse(stdout) as Plan).warnings.map((w) => w.message).filter((m) => m.startsWith(REFUSE));
}

/**
 * Staging first seen before the merge: `plan --env prod` says what `apply --env prod` would refuse
 * (the same decision, src/pipeline/order-gate.ts), in text, JSON and Markdown; it never refuses itself.
 */
describe("staging first: plan --env prod says apply will refuse", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  let first: string;

  beforeEach(async () => {
    await fixture.start();
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }, after: staging" });
    fixture.project.write("transformations/a.yaml", doc("A", "web"));
    git(fixture.project.dir, "init", "-q");
    first = commitAll(fixture.project.dir, "A");
  });

  it("staging never applied: exit as always (0; 2 with --detailed-exitcode), the warning in text, JSON and Markdown; apply refuses", async () => {
    // The repository holds applied records (prod's, made past the order), so staging's absent one means "never applied".
    const adopted = await run("apply", "--env", "prod", "--auto-approve", "--record-ref", "--skip-order", "adopting prod first");
    expect(adopted.code, adopted.stderr).toBe(0);
    fixture.project.write("transformations/b.yaml", doc("B", "web"));
    commitAll(fixture.project.dir, "add B");
    const text = await run("plan", "--env", "prod");
    expect(text.code, text.stderr).toBe(0);
    // Text wraps long lines (outside quoted strings): the words, not one line.
    const words = text.stdout.replace(/\s+/g, " ");
    expect(words).toContain(`${REFUSE}: environment "prod" comes after "staging" (transync.yaml)`);
    expect(words).toContain('"staging" has never been applied (no refs/transync/applied/staging');
    expect(words).toContain('--skip-order "REASON"');
    const json = await run("plan", "--env", "prod", "--format", "json", "--detailed-exitcode");
    expect(json.code, json.stderr).toBe(2);
    expect(orderWarnings(json.stdout)).toHaveLength(1);
    const markdown = await run("plan", "--env", "prod", "--format", "markdown");
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain("apply will refuse this plan");
    expect(markdown.stdout).toContain("has never been applied");
    const applied = await run("apply", "--env", "prod", "--auto-approve");
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('"staging" has never been applied');
  });

  it("a checkout without the applied records (a CI clone fetches branches only): the warning names what is missing and the fetch refspec, never that staging did not apply; gone once fetched", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    const clone = mkdtempSync(join(tmpdir(), "transync-ci-clone-"));
    try {
      git(clone, "clone", "-q", "--depth", "1", `file://${fixture.project.dir}`, ".");
      const env = {
        SEGMENT_API_TOKEN_STAGING: STG,
        SEGMENT_API_TOKEN_PROD: PRD,
        TRANSYNC_ALLOW_API_HOSTS: new URL(fixture.emulator.url).host,
      };
      const unfetched = await runCli(["plan", "--env", "prod", "--format", "json"], { env, cwd: clone });
      expect(unfetched.code, unfetched.stderr).toBe(0);
      const said = (JSON.parse(unfetched.stdout) as Plan).warnings.map((w) => w.message).join("\n");
      expect(said).toContain("staging first could not be checked");
      expect(said).toContain("no applied record (no refs/transync/applied/*)");
      expect(said).toContain("git fetch origin '+refs/transync/*:refs/transync/*'");
      expect(said).not.toMatch(/"staging" has never been applied|has not applied \d|apply will refuse this plan/);
      const text = await runCli(["plan", "--env", "prod"], { env, cwd: clone });
      expect(text.stdout.replace(/\s+/g, " ")).toContain("git fetch origin '+refs/transync/*:refs/transync/*'");
      // The command the warning gives, run as given: staging applied this commit, so nothing is said.
      git(clone, "fetch", "-q", "origin", "+refs/transync/*:refs/transync/*");
      const fetched = await runCli(["plan", "--env", "prod", "--format", "json"], { env, cwd: clone });
      expect(fetched.code, fetched.stderr).toBe(0);
      expect((JSON.parse(fetched.stdout) as Plan).warnings.filter((w) => w.message.includes("staging first"))).toEqual([]);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it("a change staging has not applied: the document and staging's commit are named; the saved plan carries the warning, and apply of it refuses", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    fixture.project.write("transformations/b.yaml", doc("B", "web"));
    commitAll(fixture.project.dir, "add B");
    const json = await run("plan", "--env", "prod", "--format", "json", "--out", "plan.json");
    expect(json.code, json.stderr).toBe(0);
    const [warning] = orderWarnings(json.stdout);
    expect(warning).toContain(
      `staging (at ${first.slice(0, 12)}, refs/transync/applied/staging) has not applied 1 document this plan changes: "B"`,
    );
    expect(warning).toContain("Apply this commit to staging first (transync apply --env staging --record-ref), then to prod");
    const saved = await run("apply", "plan.json", "--auto-approve");
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain('has not applied 1 document this plan changes: "B"');
  });

  it("once staging has applied the commit: no warning, and the JSON plan is byte for byte the one of an environment without `after:`", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    // Both plans read a tree with transync.yaml changed (origin.dirty): only `after:` differs.
    fixture.writeProjectFile(
      { staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }, after: staging" },
      "# ordered\n",
    );
    const ordered = await run("plan", "--env", "prod", "--format", "json");
    expect(ordered.code, ordered.stderr).toBe(0);
    expect(orderWarnings(ordered.stdout)).toEqual([]);
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }" });
    const unordered = await run("plan", "--env", "prod", "--format", "json");
    expect(unordered.code, unordered.stderr).toBe(0);
    expect(ordered.stdout).toBe(unordered.stdout);
  });

  it("a document name holding a secret of the run: still checked (its shown name is redacted), redacted in the warning; apply refuses it too", async () => {
    const pepper = "pepper-in-a-name-77";
    fixture.project.write("transformations/b.yaml", doc(`B ${pepper}`, "web"));
    commitAll(fixture.project.dir, "add B");
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    fixture.project.write("transformations/b.yaml", doc(`B ${pepper}`, "web", { if: "event = 'B'" }));
    commitAll(fixture.project.dir, "change B");
    const env = {
      SEGMENT_API_TOKEN_STAGING: STG,
      SEGMENT_API_TOKEN_PROD: PRD,
      TRANSYNC_ALLOW_API_HOSTS: new URL(fixture.emulator.url).host,
      TRANSYNC_KEY_PEPPER: pepper,
    };
    const res = await runCli(["plan", "--env", "prod", "--format", "json", "--out", "plan.json"], { env, cwd: fixture.project.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(orderWarnings(res.stdout)[0]).toContain('"B [redacted]"');
    expect(res.stdout + res.stderr).not.toContain(pepper);
    // The saved plan's warning too, and its bodies (apply reads the name back from TRANSYNC_KEY_PEPPER).
    const saved = readFileSync(join(fixture.project.dir, "plan.json"), "utf8");
    expect(saved).not.toContain(pepper);
    const applied = await runCli(["apply", "--env", "prod", "--auto-approve"], { env, cwd: fixture.project.dir });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('has not applied 1 document this plan changes: "B [redacted]"');
    expect(applied.stdout + applied.stderr).not.toContain(pepper);
    // The saved plan applied where that secret is not set (another job): its redacted names still match.
    const { TRANSYNC_KEY_PEPPER: _unset, ...elsewhere } = env;
    const savedApply = await runCli(["apply", "plan.json", "--auto-approve"], { env: elsewhere, cwd: fixture.project.dir });
    expect(savedApply.code, savedApply.stdout).toBe(1);
    expect(savedApply.stderr).toContain("has not applied 1 document this plan changes");
    expect(fixture.emulator.transformations("ws_prd")).toEqual([]);
  });
});
