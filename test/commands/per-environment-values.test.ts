import { beforeEach, describe, expect, it } from "vitest";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

interface JsonPlan {
  actions: Array<{
    kind: string;
    name: string;
    body?: Record<string, unknown>;
    changes: Array<{ field: string; after?: unknown; override?: string }>;
  }>;
}

/** Per-environment values in a document (issue 34): overrides, only, except, planned against two workspaces. */
describe("per-environment values: overrides, only and except", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const document = (...lines: string[]) =>
    [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: Amplitude product fields",
      "sourceId: web",
      "enabled: true",
      "if: event = 'Product Viewed'",
      "allowProperties: [product_id, price]",
      ...lines,
    ].join("\n") + "\n";
  const plan = async (env: string): Promise<JsonPlan> => {
    const result = await run("plan", "--env", env, "--format", "json");
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as JsonPlan;
  };

  beforeEach(async () => {
    await fixture.start({ workspaces: [stagingWorkspace(), prodWorkspace()] });
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }" });
  });

  it("a staging-only rule plans a create in staging and nothing in prod", async () => {
    fixture.project.write("transformations/debug.yaml", document("only: [staging]"));
    expect((await plan("staging")).actions.map((a) => [a.kind, a.name])).toEqual([["create", "Amplitude product fields"]]);
    expect((await plan("prod")).actions).toEqual([]);
    const prodText = await run("plan", "--env", "prod", "--detailed-exitcode");
    expect(prodText.code, prodText.stderr).toBe(0);
    fixture.project.write("transformations/debug.yaml", document("except: [prod]"));
    expect((await plan("prod")).actions).toEqual([]);
  });

  it("an override plans its value in prod and the base in staging, and the plan says where the value comes from", async () => {
    fixture.project.write("transformations/a.yaml", document("overrides:", "  prod: { allowProperties: [product_id, price, currency] }"));
    const staging = (await plan("staging")).actions[0]!;
    expect(staging.body?.allowProperties).toEqual(["product_id", "price"]);
    expect(staging.changes.find((c) => c.field === "allowProperties")).toEqual({
      field: "allowProperties",
      after: ["price", "product_id"],
    });
    const prod = (await plan("prod")).actions[0]!;
    expect(prod.body?.allowProperties).toEqual(["product_id", "price", "currency"]);
    expect(prod.changes.find((c) => c.field === "allowProperties")?.override).toBe("prod");
    const text = await run("plan", "--env", "prod");
    expect(text.stdout).toContain('+ allowProperties (prod override): ["product_id","price","currency"]');
    const markdown = await run("plan", "--env", "prod", "--format", "markdown");
    expect(markdown.stdout).toContain('+ allowProperties (prod override): ["product_id","price","currency"]');
    expect((await run("plan", "--env", "staging")).stdout).not.toContain("override");
    // Applied in prod, the override's value is what prod holds: the next plan has nothing to do.
    expect((await run("apply", "--env", "prod", "--auto-approve")).code).toBe(0);
    expect((await run("plan", "--env", "prod", "--detailed-exitcode")).code).toBe(0);
  });

  it("a document left out of prod is undescribed there: listed as unmanaged, deleted only when prune says so", async () => {
    await fixture.emulator.close();
    const live = { id: "tfm_prd_1", name: "Amplitude product fields", sourceId: "src_prd", enabled: true, if: "event = 'Product Viewed'" };
    await fixture.start({ workspaces: [stagingWorkspace(), prodWorkspace({ transformations: [live] })] });
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }" });
    fixture.project.write("transformations/a.yaml", document("except: [prod]"));
    const kept = JSON.parse((await run("plan", "--env", "prod", "--format", "json")).stdout) as JsonPlan & { unmanaged: unknown[] };
    expect(kept.actions).toEqual([]);
    expect(kept.unmanaged).toEqual([expect.objectContaining({ id: "tfm_prd_1" })]);
    fixture.writeProjectFile({ staging: ", sources: { web: src_stg }", prod: ", sources: { web: src_prd }" }, "prune: all\n");
    expect((await plan("prod")).actions.map((a) => [a.kind, a.name])).toEqual([["delete", "Amplitude product fields"]]);
  });

  it("validate without --env: an unknown environment, name in an override and a bad override value, each at file:line:col", async () => {
    fixture.project.write(
      "transformations/a.yaml",
      document("only: [staging, prdo]", "overrides:", "  prod:", "    name: Other", "    enabled: maybe", "  stagin: { enabled: false }"),
    );
    const result = await run("validate");
    expect(result.code).toBe(1);
    const out = result.stdout;
    expect(out).toMatch(/a\.yaml:8:17 only\.1: "prdo" is not an environment of transync\.yaml \(defined: staging, prod\)/);
    expect(out).toMatch(/a\.yaml:11:5 overrides\.prod\.name: name cannot be set per environment/);
    expect(out).toMatch(/a\.yaml:12:14 overrides\.prod\.enabled: expected true or false, got "maybe"/);
    expect(out).toMatch(/a\.yaml:13:3 overrides\.stagin: "stagin" is not an environment of transync\.yaml/);
  });
});
