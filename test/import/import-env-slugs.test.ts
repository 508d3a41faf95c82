import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { prodWorkspace, sameTransformations, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";
import type { LiveTransformation as Live } from "../helpers/two-environments.js";

const sources = (prefix: "stg" | "prd") => [
  { id: `src_${prefix}_web`, slug: "web" },
  { id: `src_${prefix}_ios`, slug: "ios" },
];

/** Documents written `{ slug: web }` (or an alias whose value is one) meet `import --env E` (issue 22). */
describe("import --env E resolves sources written by slug before matching the documents", () => {
  const fixture = useTwoEnvironments();
  const { run } = fixture;
  const read = (path: string) => readFileSync(join(fixture.project.dir, "transformations", path), "utf8");
  const documents = (path: string) =>
    parseAllDocuments(read(path)).map((d) => d.toJS() as { name: string; id: unknown; sourceId: unknown });
  const handWritten = (source: string) =>
    [
      ["Rename Order Completed", "web", "event = 'Order Completed'", "newEventName: Order Placed"],
      ["Mask IP", "web", "type = 'track'", "propertyValueTransformations: [{ propertyPaths: [context.ip], propertyValue: 0.0.0.0 }]"],
    ]
      .map(([name, slug, condition, extra]) =>
        [
          "apiVersion: transync/v1",
          "kind: Transformation",
          `name: ${name}`,
          `sourceId: ${source.replace("SLUG", slug!)}`,
          "enabled: true",
          `if: "${condition}"`,
          extra,
          "",
        ].join("\n"),
      )
      .join("---\n");
  const importBoth = async (source: string) => {
    for (const env of ["staging", "prod"]) {
      const res = await run("import", "--env", env, "--source", source);
      expect(res.code, res.stdout + res.stderr).toBe(0);
      expect(res.stdout).not.toContain("new document");
      expect(res.stdout.match(/pin added/g)).toHaveLength(2);
    }
  };
  const plansNoChanges = async () => {
    for (const env of ["staging", "prod"]) {
      const plan = await run("plan", "--env", env, "--detailed-exitcode");
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toContain("No changes");
    }
  };

  beforeEach(async () => {
    await fixture.start({
      workspaces: [
        stagingWorkspace({ sources: sources("stg"), transformations: sameTransformations("stg") }),
        prodWorkspace({ sources: sources("prd"), transformations: sameTransformations("prd") }),
      ],
    });
  });

  it("documents written { slug: web }: staging then prod add each environment's pin, no new document, and both plan No changes", async () => {
    fixture.writeProjectFile("");
    fixture.project.write("transformations/web.yaml", handWritten("{ slug: SLUG }"));
    await importBoth("slug:web");
    expect(readdirSync(join(fixture.project.dir, "transformations"))).toEqual(["web.yaml"]);
    expect(documents("web.yaml").map((d) => [d.name, d.sourceId, d.id])).toEqual([
      ["Rename Order Completed", { slug: "web" }, { staging: "tfm_stg_1", prod: "tfm_prd_1" }],
      ["Mask IP", { slug: "web" }, { staging: "tfm_stg_2", prod: "tfm_prd_2" }],
    ]);
    await plansNoChanges();
  });

  it("documents written with an alias whose value is { slug: web }: the same", async () => {
    fixture.writeProjectFile(", sources: { site: { slug: web }, app: { slug: ios } }");
    fixture.project.write("transformations/web.yaml", handWritten("site"));
    await importBoth("site");
    expect(documents("web.yaml").map((d) => d.id)).toEqual([
      { staging: "tfm_stg_1", prod: "tfm_prd_1" },
      { staging: "tfm_stg_2", prod: "tfm_prd_2" },
    ]);
    await plansNoChanges();
  });

  it("new documents are written with the slug alias (not the workspace's id), so the second environment's import pins them", async () => {
    fixture.writeProjectFile(", sources: { web: { slug: web }, ios: { slug: ios } }", "scope: { sources: [web, { slug: ios }] }\n");
    const staging = await run("import", "--env", "staging");
    expect(staging.code, staging.stderr).toBe(0);
    expect(staging.stdout.match(/new document/g)).toHaveLength(3);
    expect(readdirSync(join(fixture.project.dir, "transformations")).sort()).toEqual(["ios.yaml", "web.yaml"]);
    expect(documents("web.yaml").map((d) => d.sourceId)).toEqual(["web", "web"]);
    const prod = await run("import", "--env", "prod");
    expect(prod.code, prod.stderr).toBe(0);
    expect(prod.stdout).not.toContain("new document");
    expect(prod.stdout.match(/pin added/g)).toHaveLength(3);
    expect(documents("ios.yaml").map((d) => [d.sourceId, d.id])).toEqual([["ios", { staging: "tfm_stg_3", prod: "tfm_prd_3" }]]);
    await plansNoChanges();
  });

  it("without an alias for a source, new documents keep its id (docs/environments.md); one GET /sources walk per import", async () => {
    fixture.writeProjectFile("");
    const staging = await run("import", "--env", "staging", "--source", "src_stg_ios");
    expect(staging.code, staging.stderr).toBe(0);
    expect(documents("src_stg_ios.yaml").map((d) => d.sourceId)).toEqual(["src_stg_ios"]);
    fixture.project.write("transformations/web.yaml", handWritten("{ slug: SLUG }"));
    fixture.emulator.resetStats();
    const again = await run("import", "--env", "staging", "--source", "src_stg_web");
    expect(again.code, again.stderr).toBe(0);
    expect(fixture.emulator.stats().byRoute["GET /sources"]).toBe(1);
  });

  it("a destination alias written { slug: amplitude } is resolved in Segment's catalog and written for the new document's destination", async () => {
    await fixture.emulator.close();
    const scoped: Live = {
      id: "tfm_stg_9",
      name: "Amplitude only",
      sourceId: "src_stg_ios",
      destinationMetadataId: "meta_amp",
      enabled: true,
      if: "event = 'A'",
      newEventName: "B",
    };
    await fixture.start({
      workspaces: [stagingWorkspace({ sources: sources("stg"), transformations: [scoped] })],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    fixture.writeProjectFile(", sources: { ios: { slug: ios } }", "destinations: { amp: { slug: amplitude } }\n");
    const res = await run("import", "--env", "staging");
    expect(res.code, res.stderr).toBe(0);
    expect(documents("ios.yaml").map((d) => [d.sourceId, (d as { destinationMetadataId?: unknown }).destinationMetadataId])).toEqual([
      ["ios", "amp"],
    ]);
  });

  it("a document's unknown slug is refused, naming the file and the nearest slug; nothing is written", async () => {
    fixture.writeProjectFile("");
    fixture.project.write("transformations/web.yaml", handWritten("{ slug: wbe }"));
    const before = read("web.yaml");
    const res = await run("import", "--env", "staging", "--source", "src_stg_web");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("transformations/web.yaml");
    expect(res.stderr).toContain('no source of the workspace has the slug "wbe"; did you mean "web"');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(read("web.yaml")).toBe(before);
  });

  it("an alias whose slug is unknown is refused once, as transync.yaml's; the documents that use it are not named (issue 33)", async () => {
    fixture.writeProjectFile(", sources: { site: { slug: wbe } }");
    fixture.project.write("transformations/web.yaml", handWritten("site"));
    const res = await run("import", "--env", "staging", "--source", "src_stg_web");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      'transync.yaml environments.staging.sources.site (used by 2 documents): no source of the workspace has the slug "wbe"; did you mean "web"?',
    );
    expect(res.stderr).not.toContain("transformations/web.yaml");
  });
});
