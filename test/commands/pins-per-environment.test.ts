import { beforeEach, describe, expect, it } from "vitest";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

/** One document, pinned in each workspace to that workspace's own object (issue 22 item 2). */
describe("pins per environment: id: { staging: …, prod: … }", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const document = (id: string) =>
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: Renamed",
      `id: ${id}`,
      "sourceId: web",
      "enabled: true",
      "if: event = 'A'",
    ].join("\n") + "\n";

  beforeEach(async () => {
    await fixture.start({
      workspaces: [
        stagingWorkspace({ transformations: [{ id: "tfm_stg_1", name: "Old", sourceId: "src_stg", enabled: true, if: "event = 'A'" }] }),
        prodWorkspace({ transformations: [{ id: "tfm_prd_1", name: "Old", sourceId: "src_prd", enabled: true, if: "event = 'A'" }] }),
      ],
    });
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }" });
  });

  it("each environment's pin claims its own workspace's object: a rename in both, no 'pins an id the workspace lacks'", async () => {
    fixture.project.write("transformations/a.yaml", document("{ staging: tfm_stg_1, prod: tfm_prd_1 }"));
    for (const env of ["staging", "prod"]) {
      const plan = await run("plan", "--env", env, "--format", "json");
      expect(plan.code, plan.stderr).toBe(0);
      const actions = (JSON.parse(plan.stdout) as { actions: Array<{ kind: string; id: string; name: string }> }).actions;
      expect(actions).toEqual([
        expect.objectContaining({ kind: "update", id: env === "staging" ? "tfm_stg_1" : "tfm_prd_1", name: "Renamed" }),
      ]);
    }
  });

  it("an environment without an entry matches by name; a plain id still pins in every environment", async () => {
    fixture.project.write("transformations/a.yaml", document("{ staging: tfm_stg_1 }"));
    const prod = await run("plan", "--env", "prod", "--format", "json");
    expect(prod.code, prod.stderr).toBe(0);
    expect((JSON.parse(prod.stdout) as { actions: Array<{ kind: string }> }).actions.map((a) => a.kind)).toEqual(["create"]);
    fixture.project.write("transformations/a.yaml", document("tfm_stg_1"));
    const pinnedEverywhere = await run("plan", "--env", "prod");
    expect(pinnedEverywhere.code).toBe(1);
    expect(pinnedEverywhere.stderr).toContain('pins id "tfm_stg_1", but workspace ws_prd has no transformation with that id');
  });

  it("validate: an entry for an environment transync.yaml does not define is an error at its key; without --env every environment is read", async () => {
    fixture.project.write("transformations/a.yaml", document("{ staging: tfm_stg_1, prdo: tfm_prd_1 }"));
    const typo = await run("validate", "--env", "staging");
    expect(typo.code).toBe(1);
    expect(typo.stdout).toMatch(/a\.yaml:4:\d+ id\.prdo: "prdo" is not an environment of transync\.yaml \(defined: staging, prod\)/);
    // No --env and no defaultEnvironment: each environment reads the document with its own pin and aliases.
    fixture.project.write("transformations/a.yaml", document("{ staging: tfm_stg_1 }").replace("sourceId: web", "sourceId: src_x"));
    const noEnv = await run("validate");
    expect(noEnv.code, noEnv.stdout).toBe(0);
    expect(noEnv.stdout).not.toContain("pass --env");
    // An alias only staging defines breaks prod alone: found without --env, naming prod.
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg, ios: src_stg_ios }", prod: ", sources: { web: src_prd }" });
    fixture.project.write("transformations/a.yaml", document("{ staging: tfm_stg_1 }").replace("sourceId: web", "sourceId: ios"));
    const oneBroken = await run("validate");
    expect(oneBroken.code).toBe(1);
    expect(oneBroken.stdout).toContain('source alias "ios" is not defined for environment "prod"');
  });
});
