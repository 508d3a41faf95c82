import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { WorkspaceConfig } from "../../src/emulator/index.js";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

// `import --env E --kinds DestinationFilter` writes E's values as `overrides.E` (as it does for
// Transformations, src/import/environment-values.ts), not only E's pin: then `plan --env E` has no
// changes and the other environment's plan is what it was.
type Filter = Record<string, unknown>;

function workspace(prefix: "stg" | "prd", filters: Filter[]): Partial<WorkspaceConfig> {
  return {
    sources: [
      {
        id: `src_${prefix}_web`,
        slug: "web",
        destinations: [{ id: `dst_${prefix}_amp`, name: "Amplitude", metadataId: "meta_amp", filters }],
      },
    ],
  };
}

const DROP = { title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: true };
const DOCUMENT = [
  "# the team's filters",
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  "id: { staging: df_s1 }",
  "name: Drop internal # ours",
  "destination: amplitude",
  "if: properties.internal = true",
  "actions: [{ type: DROP }]",
  "",
].join("\n");

describe("import --env E --kinds DestinationFilter writes E's differing values as overrides.E", () => {
  const two = useTwoEnvironments();

  async function start(prod: Filter): Promise<void> {
    await two.start({
      workspaces: [
        stagingWorkspace(workspace("stg", [{ id: "df_s1", ...DROP }])),
        prodWorkspace(workspace("prd", [{ id: "df_p1", ...DROP, ...prod }])),
      ],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    two.writeProjectFile(
      { staging: ", sources: { web: src_stg_web }", prod: ", sources: { web: src_prd_web }" },
      "connections:\n  amplitude: { source: web, destination: { slug: amplitude, name: Amplitude } }\n",
    );
  }

  it("writes overrides.prod for the fields that differ in prod: plan --env prod has no changes, staging's plan is unchanged", async () => {
    await start({ enabled: false, description: "prod only", actions: [{ type: "SAMPLE", percent: 0.5, path: "userId" }] });
    two.project.write("transformations/filters.yaml", DOCUMENT);
    expect((await two.run("plan", "--env", "staging")).stdout).toContain("No changes");

    const imported = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'pinned    "Drop internal" (df_p1) transformations/filters.yaml; overrides.prod: actions, enabled, description',
    );
    const text = readFileSync(join(two.project.dir, "transformations/filters.yaml"), "utf8");
    expect(text).toContain("# the team's filters\n");
    expect(text).toContain("name: Drop internal # ours\n");
    expect(text).toMatch(/overrides:\n {2}prod:\n/);

    const prod = await two.run("plan", "--env", "prod");
    expect(prod.code, prod.stderr).toBe(0);
    expect(prod.stdout).toContain("No changes");
    const staging = await two.run("plan", "--env", "staging");
    expect(staging.stdout).toContain("No changes");
    const again = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(again.stdout).toContain('unchanged "Drop internal" (df_p1) transformations/filters.yaml\n');
    expect(readFileSync(join(two.project.dir, "transformations/filters.yaml"), "utf8")).toBe(text);
  });

  it("removes an override prod no longer needs (prod has the document's own value again)", async () => {
    await start({});
    two.project.write("transformations/filters.yaml", DOCUMENT + "overrides:\n  prod: { enabled: false }\n");
    const imported = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("overrides.prod removed");
    expect(readFileSync(join(two.project.dir, "transformations/filters.yaml"), "utf8")).not.toContain("overrides");
    expect((await two.run("plan", "--env", "prod")).stdout).toContain("No changes");
    expect((await two.run("plan", "--env", "staging")).stdout).toContain("No changes");
  });
});
