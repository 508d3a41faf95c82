import { beforeEach, describe, expect, it } from "vitest";
import { useTwoEnvironments } from "../helpers/two-environments.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/** schemas/status.schema.json: what `status --format json` promises. */
const validStatus = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(new URL("../../schemas/status.schema.json", import.meta.url), "utf8")) as object,
);

interface StatusJson {
  environments: Array<{
    name: string;
    workspace: string | null;
    ref: string;
    after: string | null;
    applied: null | Record<string, unknown>;
    state: "applied" | "never-applied" | "unknown";
  }>;
  records: { inCheckout: boolean; fetch: string | null };
  lags: Array<{ environment: string; after: string; afterApplied: boolean | null; changes: number; documents: string[] }>;
}

/** `transync status` (issue 34): applied records and how far prod lags staging; git only, no token. */
describe("transync status", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  let first: string;

  beforeEach(async () => {
    await fixture.start();
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }, after: staging" });
    fixture.project.write("transformations/a.yaml", doc("A", "web"));
    git(fixture.project.dir, "init", "-q");
    first = commitAll(fixture.project.dir, "add A");
  });

  it("no applied record in the checkout at all (a CI clone): each environment unknown, with the fetch to run; no API call", async () => {
    const text = await run("status");
    expect(text.code, text.stderr).toBe(0);
    const unknown = "applied state unknown: this checkout has no applied record (no refs/transync/applied/*)";
    expect(text.stdout).toBe(
      [
        `staging  workspace stg  ${unknown}`,
        `prod     workspace prd  ${unknown}`,
        "prod comes after staging, whose applied record is not in this checkout: how far it lags is unknown",
        "The records were not fetched (a CI checkout fetches branches only), or no environment was ever applied with --record-ref: git fetch origin '+refs/transync/*:refs/transync/*'",
        "",
      ].join("\n"),
    );
    expect(text.stdout).not.toContain("never applied");
    expect(fixture.emulator.stats().requests).toBe(0);
    const json = JSON.parse((await run("status", "--format", "json")).stdout) as StatusJson;
    expect(validStatus(json), JSON.stringify(validStatus.errors)).toBe(true);
    expect(json.records).toEqual({ inCheckout: false, fetch: "git fetch origin '+refs/transync/*:refs/transync/*'" });
    expect(json.environments.map((e) => [e.name, e.state, e.applied])).toEqual([
      ["staging", "unknown", null],
      ["prod", "unknown", null],
    ]);
    expect(json.lags).toEqual([{ environment: "prod", after: "staging", afterApplied: null, changes: 0, documents: [] }]);
  });

  it("records of other environments in the checkout: one without its record was never applied (text and JSON)", async () => {
    git(fixture.project.dir, "update-ref", "refs/transync/applied/prod", first);
    const text = await run("status");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split("\n")[0]).toBe("staging  workspace stg  never applied (no refs/transync/applied/staging)");
    expect(text.stdout).toContain("prod comes after staging, which has never been applied");
    expect(text.stdout).not.toContain("unknown");
    const json = JSON.parse((await run("status", "--format", "json")).stdout) as StatusJson;
    expect(validStatus(json), JSON.stringify(validStatus.errors)).toBe(true);
    expect(json.records).toEqual({ inCheckout: true, fetch: null });
    expect(json.environments.map((e) => [e.name, e.state])).toEqual([
      ["staging", "never-applied"],
      ["prod", "applied"],
    ]);
    expect(json.lags).toEqual([{ environment: "prod", after: "staging", afterApplied: false, changes: 0, documents: [] }]);
  });

  it("prod lags staging by what staging applied and prod did not; level once prod applies it (text and JSON)", async () => {
    expect((await run("apply", "--env", "staging", "--auto-approve", "--record-ref")).code).toBe(0);
    expect((await run("apply", "--env", "prod", "--auto-approve", "--record-ref")).code).toBe(0);
    fixture.project.write("transformations/a.yaml", doc("A", "web", { if: "event = 'B'" }));
    fixture.project.write("transformations/b.yaml", doc("B", "web"));
    const second = commitAll(fixture.project.dir, "change A, add B");
    fixture.project.write("transformations/c.yaml", doc("C", "web"));
    commitAll(fixture.project.dir, "add C (not applied anywhere)");
    git(fixture.project.dir, "update-ref", "refs/transync/applied/staging", second);

    const text = await run("status");
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^staging  workspace stg  ${second.slice(0, 12)} "change A, add B" \\(applied \\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(lines[1]).toMatch(new RegExp(`^prod     workspace prd  ${first.slice(0, 12)} "add A" \\(applied `));
    expect(lines[2]).toBe('prod lags staging by 2 changes: "A", "B"');

    const json = JSON.parse((await run("status", "--format", "json")).stdout) as StatusJson;
    expect(validStatus(json), JSON.stringify(validStatus.errors)).toBe(true);
    expect(json.environments.map((e) => [e.name, e.workspace, e.after, e.applied?.commit])).toEqual([
      ["staging", "stg", null, second],
      ["prod", "prd", "staging", first],
    ]);
    expect(json.environments[0]!.applied).toMatchObject({ subject: "change A, add B", committedAt: expect.stringMatching(/Z$/) });
    expect(json.lags).toEqual([{ environment: "prod", after: "staging", afterApplied: true, changes: 2, documents: ["A", "B"] }]);

    expect((await run("apply", "--env", "prod", "--auto-approve", "--ref", second, "--record-ref")).code).toBe(0);
    const level = await run("status", "--env", "prod");
    expect(level.stdout.split("\n").slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^prod  workspace prd  ${second.slice(0, 12)} `)),
      "prod is level with staging: no change of staging's applied commit is missing",
    ]);
  });

  it("outside git: a usage error saying what to do", async () => {
    const plain = tempProject({ "transync.yaml": "apiVersion: transync/v1\nenvironments: { staging: {} }\n" });
    try {
      const r = await runCli(["status"], { cwd: plain.dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("is not a git checkout; run it in the project's checkout or pass --repo");
    } finally {
      plain.cleanup();
    }
  });
});
