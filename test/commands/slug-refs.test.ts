import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { blockDoc } from "../helpers/project.js";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

const CATALOG = {
  destinations: [
    { id: "meta_amp", slug: "amplitude", name: "Amplitude", previousNames: ["Amplitude Classic"] },
    { id: "meta_mix", slug: "mixpanel", name: "Mixpanel" },
  ],
};

/** Sources and destinations written by slug, resolved per workspace through the Public API (issue 22). */
describe("live references by slug: plan and apply", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const document = (name: string, extra: string[] = [], source = "{ slug: web }") => blockDoc(name, source, extra);
  const routes = () => fixture.emulator.stats().byRoute;

  beforeEach(async () => {
    await fixture.start({
      workspaces: [
        stagingWorkspace({
          sources: [
            { id: "src_stg_web", slug: "web", destinations: [{ id: "dst_s1", metadataId: "meta_amp" }] },
            { id: "src_stg_ios", slug: "ios" },
          ],
        }),
        prodWorkspace({
          sources: [
            { id: "src_prd_web", slug: "web" },
            { id: "src_prd_ios", slug: "ios" },
          ],
        }),
      ],
      catalog: CATALOG,
    });
    fixture.writeProjectFile(", sources: { app: { slug: ios } }");
  });

  it("{ slug: web } plans and applies onto each workspace's own source; the plan shows the slug beside the id", async () => {
    fixture.project.write("transformations/a.yaml", document("By slug"));
    fixture.project.write("transformations/b.yaml", document("By alias", [], "app"));
    for (const [env, web, ios] of [
      ["staging", "src_stg_web", "src_stg_ios"],
      ["prod", "src_prd_web", "src_prd_ios"],
    ] as const) {
      const plan = await run("plan", "--env", env, "--format", "json");
      expect(plan.code, plan.stderr).toBe(0);
      const actions = (JSON.parse(plan.stdout) as { actions: Array<{ kind: string; name: string; body: { sourceId: string } }> }).actions;
      expect(actions.map((a) => [a.name, a.body.sourceId])).toEqual([
        ["By alias", ios],
        ["By slug", web],
      ]);
      const text = await run("plan", "--env", env);
      expect(text.stdout).toContain(`web (${web})`);
      expect(text.stdout).toContain(`app (${ios})`);
      const apply = await run("apply", "--env", env, "--auto-approve");
      expect(apply.code, apply.stderr).toBe(0);
      const again = await run("plan", "--env", env, "--detailed-exitcode");
      expect(again.code, again.stdout).toBe(0);
    }
    const live = (workspace: string) =>
      fixture.emulator
        .transformations(workspace)
        .map((t) => [t.name, t.sourceId])
        .sort();
    expect(live("ws_stg")).toEqual([
      ["By alias", "src_stg_ios"],
      ["By slug", "src_stg_web"],
    ]);
    expect(live("ws_prd")).toEqual([
      ["By alias", "src_prd_ios"],
      ["By slug", "src_prd_web"],
    ]);
  });

  it("one GET /sources walk per plan, no catalog call without a destination slug, no connected-destinations call without a destination-scoped document", async () => {
    fixture.project.write("transformations/a.yaml", document("By slug"));
    fixture.project.write("transformations/b.yaml", document("By alias", [], "app"));
    const plan = await run("plan", "--env", "staging");
    expect(plan.code, plan.stderr).toBe(0);
    expect(routes()["GET /sources"]).toBe(1);
    expect(routes()["GET /catalog/destinations"]).toBeUndefined();
    expect(routes()["GET /sources/:sourceId/connected-destinations"]).toBeUndefined();
  });

  it("a typo'd slug is exit 1 naming the document and the nearest slugs; nothing is written", async () => {
    fixture.project.write("transformations/a.yaml", document("Typo", [], "{ slug: wbe }"));
    const apply = await run("apply", "--env", "staging", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('a.yaml:1:1 "Typo": sourceId: no source of the workspace has the slug "wbe"; did you mean "web"');
    expect(Object.keys(routes()).filter((r) => !r.startsWith("GET "))).toEqual([]);
  });

  it("a raw sourceId typo fails at plan (was: a 404 at apply), naming the document and the nearest slug", async () => {
    fixture.project.write("transformations/a.yaml", document("Raw typo", [], "src_stg_wbe"));
    const plan = await run("plan", "--env", "staging");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'a.yaml:1:1 "Raw typo": sourceId: "src_stg_wbe" is not the id of a source of the workspace; did you mean web (src_stg_web)',
    );
    const apply = await run("apply", "--env", "staging", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(routes()["POST /transformations"]).toBeUndefined();
  });

  it("a destination-scoped document whose destination type is not connected to its source: a warning 'never runs'; one connected-destinations call per source", async () => {
    fixture.project.write("transformations/a.yaml", document("Amplitude on web", ["destinationMetadataId: { slug: amplitude }"]));
    fixture.project.write("transformations/b.yaml", document("Mixpanel on web", ["destinationMetadataId: { slug: mixpanel }"]));
    fixture.project.write("transformations/c.yaml", document("Mixpanel on ios", ["destinationMetadataId: meta_mix"], "app"));
    const plan = await run("plan", "--env", "staging", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const parsed = JSON.parse(plan.stdout) as {
      warnings: Array<{ message: string }>;
      actions: Array<{ name: string; body: { destinationMetadataId?: string } }>;
    };
    expect(parsed.actions.map((a) => [a.name, a.body.destinationMetadataId])).toEqual([
      ["Amplitude on web", "meta_amp"],
      ["Mixpanel on ios", "meta_mix"],
      ["Mixpanel on web", "meta_mix"],
    ]);
    const neverRuns = parsed.warnings.map((w) => w.message).filter((m) => m.includes("never runs"));
    expect(neverRuns).toEqual([
      expect.stringContaining(
        '"Mixpanel on web": no destination of type mixpanel (meta_mix) is connected to source web (src_stg_web), so this transformation never runs',
      ),
      expect.stringContaining(
        '"Mixpanel on ios": no destination of type mixpanel (meta_mix) is connected to source app (src_stg_ios), so this transformation never runs',
      ),
    ]);
    expect(routes()["GET /sources/:sourceId/connected-destinations"]).toBe(2);
    expect(routes()["GET /catalog/destinations"]).toBe(1);
    expect(routes()["GET /sources"]).toBe(1);
    const text = await run("plan", "--env", "staging");
    expect(text.stdout).toContain("amplitude (meta_amp)");
  });

  it("a destination slug that is an entry's previous name is accepted, with a warning naming the current slug; an unknown one is exit 1 with did-you-mean", async () => {
    fixture.project.write("transformations/a.yaml", document("Old name", ["destinationMetadataId: { slug: amplitude-classic }"]));
    const plan = await run("plan", "--env", "staging", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const parsed = JSON.parse(plan.stdout) as {
      warnings: Array<{ message: string }>;
      actions: Array<{ body: { destinationMetadataId?: string } }>;
    };
    expect(parsed.actions[0]!.body.destinationMetadataId).toBe("meta_amp");
    expect(parsed.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('destination slug "amplitude-classic" is a previous name of "amplitude" (meta_amp)'),
    );
    fixture.project.write("transformations/a.yaml", document("Typo", ["destinationMetadataId: { slug: mixpanl }"]));
    const typo = await run("plan", "--env", "staging");
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(`no destination of Segment's catalog has the slug "mixpanl"; did you mean "mixpanel"`);
  });

  it("a saved plan holds the ids (and their slugs for display); apply PLANFILE sends the ids", async () => {
    fixture.project.write("transformations/a.yaml", document("By slug"));
    const saved = await run("plan", "--env", "prod", "--out", "plan.json");
    expect(saved.code, saved.stderr).toBe(0);
    const plan = JSON.parse(readFileSync(join(fixture.project.dir, "plan.json"), "utf8")) as {
      actions: Array<{ sourceId: string; body: { sourceId: string } }>;
      idNames: unknown;
    };
    expect(plan.actions.map((a) => [a.sourceId, a.body.sourceId])).toEqual([["src_prd_web", "src_prd_web"]]);
    expect(plan.idNames).toEqual({ sources: { src_prd_web: "web" }, destinations: {} });
    const apply = await run("apply", "plan.json", "--auto-approve");
    expect(apply.code, apply.stderr).toBe(0);
    expect(fixture.emulator.transformations("ws_prd").map((t) => t.sourceId)).toEqual(["src_prd_web"]);
  });

  it("scope.sources by slug: each workspace's own source is the scope", async () => {
    fixture.project.write(
      "transync.yaml",
      readFileSync(join(fixture.project.dir, "transync.yaml"), "utf8") + "scope: { sources: [{ slug: web }] }\n",
    );
    fixture.project.write("transformations/a.yaml", document("By slug"));
    const plan = await run("plan", "--env", "prod", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(plan.stdout) as { options: { scopeSources: string[] } }).options.scopeSources).toEqual(["src_prd_web"]);
  });
});
