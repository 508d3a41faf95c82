import { beforeEach, describe, expect, it } from "vitest";
import { PRD, useTwoEnvironments } from "../helpers/two-environments.js";
import { commitAll, git } from "../helpers/git.js";
import { doc } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/** Every POST, PATCH and DELETE the emulator has answered, with its count: the writes so far. */
function writes(emulator: RunningEmulator): Record<string, number> {
  return Object.fromEntries(Object.entries(emulator.stats().byRoute).filter(([route]) => /^(POST|PATCH|DELETE) /.test(route)));
}

/** Staging first (issue 34): `environments.prod.after: staging`, apply --env prod against staging's applied record. */
describe("staging first: apply --env prod refuses what staging has not applied", () => {
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

  it("no applied record in the repository: refused before any write, naming what is missing and the fetch; after staging applies (recording), prod applies", async () => {
    const refused = await run("apply", "--env", "prod", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('staging first: environment "prod" comes after "staging"');
    // Not fetched or never written: this checkout cannot tell, so it claims neither.
    expect(refused.stderr).toContain("this checkout has no applied record (no refs/transync/applied/*)");
    expect(refused.stderr).toContain("git fetch origin '+refs/transync/*:refs/transync/*'");
    expect(refused.stderr).toContain("apply refuses while refs/transync/applied/staging is missing");
    expect(refused.stderr).toContain('--skip-order "REASON"');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(writes(fixture.emulator)).toEqual({});

    const staging = await run("apply", "--env", "staging", "--auto-approve", "--record-ref");
    expect(staging.code, staging.stderr).toBe(0);
    const prod = await run("apply", "--env", "prod", "--auto-approve");
    expect(prod.code, prod.stderr).toBe(0);
    expect(fixture.emulator.transformations("ws_prd").map((t) => t.name)).toEqual(["A"]);
  });

  it("a change staging has not applied is refused, naming the document and staging's commit; --skip-order applies and says so", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    expect((await run("apply", "--env", "prod", "--auto-approve")).code).toBe(0);
    fixture.project.write("transformations/a.yaml", doc("A", "web", { if: "event = 'B'" }));
    fixture.project.write("transformations/b.yaml", doc("B", "web"));
    commitAll(fixture.project.dir, "change A, add B");
    const before = writes(fixture.emulator);

    const refused = await run("apply", "--env", "prod", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`staging (at ${first.slice(0, 12)}, refs/transync/applied/staging) has not applied 2 documents`);
    expect(refused.stderr).toContain('"A", "B"');
    expect(refused.stderr).toContain("transync apply --env staging --record-ref");
    expect(writes(fixture.emulator)).toEqual(before);

    const planned = await run("plan", "--env", "prod", "--out", "plan.json");
    expect(planned.code, planned.stderr).toBe(0);
    const saved = await run("apply", "plan.json", "--auto-approve");
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain("has not applied 2 documents");
    expect(writes(fixture.emulator)).toEqual(before);

    const skipped = await run("apply", "--env", "prod", "--auto-approve", "--skip-order", "INC-7 hotfix");
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stdout).toContain(
      `Staging first skipped (--skip-order): staging (at ${first.slice(0, 12)}) had not applied "A", "B"; reason: INC-7 hotfix`,
    );
    expect(fixture.emulator.transformations("ws_prd").map((t) => t.if)).toEqual(["event = 'B'", "event = 'Order Completed'"]);
  });

  it("--format json records the override (only what staging lacks); --skip-order without a reason is a usage error", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    fixture.project.write("transformations/b.yaml", doc("B", "web"));
    commitAll(fixture.project.dir, "add B");
    const json = await run("apply", "--env", "prod", "--auto-approve", "--format", "json", "--skip-order", "launch day");
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { orderSkipped: unknown }).orderSkipped).toEqual({
      after: "staging",
      documents: ["B"],
      afterCommit: first,
      reason: "launch day",
    });
    const empty = await run("apply", "--env", "prod", "--auto-approve", "--skip-order", " ");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("--skip-order needs a reason");
  });

  it("once staging has applied the commit, prod applies it, and a drift in prod alone is no change staging must take first", async () => {
    fixture.project.write("transformations/a.yaml", doc("A", "web", { if: "event = 'B'" }));
    commitAll(fixture.project.dir, "change A");
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    expect((await run("apply", "--env", "prod", "--auto-approve")).code).toBe(0);
    const [live] = fixture.emulator.transformations("ws_prd");
    const byHand = await fetch(`${fixture.emulator.url}/transformations/${live!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${PRD}`, "content-type": "application/json" },
      body: JSON.stringify({ if: "event = 'drifted'" }),
    });
    expect(byHand.status).toBe(200);
    const drift = await run("apply", "--env", "prod", "--auto-approve");
    expect(drift.code, drift.stderr).toBe(0);
    expect(fixture.emulator.transformations("ws_prd").map((t) => t.if)).toEqual(["event = 'B'"]);
  });

  it("reconcile --env prod skips a cycle whose plan staging has not applied, writing nothing; --skip-order lets it apply", async () => {
    const cycle = await run("reconcile", "--env", "prod", "--once", "--log-level", "warn");
    expect(cycle.code, cycle.stderr).toBe(0);
    expect(cycle.stderr).toContain("staging first: skipping the apply of this cycle");
    expect(writes(fixture.emulator)).toEqual({});
    const skipped = await run("reconcile", "--env", "prod", "--once", "--skip-order", "bootstrap prod", "--log-level", "warn");
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain("staging first skipped with --skip-order");
    expect(fixture.emulator.transformations("ws_prd").map((t) => t.name)).toEqual(["A"]);
  });
});
