import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { WorkspaceConfig } from "../../src/emulator/index.js";
import { prodWorkspace, stagingWorkspace, useTwoEnvironments } from "../helpers/two-environments.js";

// `import --env E --kinds DestinationFilter` edits a hand-written file in place: E's pin and any
// `overrides.E` are the only bytes it adds; flow collections, comments, quoting, blank lines, several
// documents and CRLF line endings are kept as written (src/import/edit-pins.ts, edit-keys.ts).
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
const SAMPLE = {
  title: "Sample users",
  if: "type = 'track'",
  actions: [{ type: "SAMPLE", percent: 0.5, path: "userId" }],
  enabled: true,
};
const BOTS = { title: "Block bots", if: "context.userAgent = 'bot'", actions: [{ type: "DROP" }], enabled: true };
const PROD_ONLY = { title: "Prod only", if: "type = 'page'", actions: [{ type: "DROP" }], enabled: true };

/** Two documents, LF endings: a flow `id` with a comment after it, a document with no `id` at all. */
const FILTERS = [
  "# the team's filters",
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  "id: { staging: df_s1 }   # pinned by hand",
  "name: 'Drop internal'",
  "destination: amplitude",
  'if: "properties.internal = true"',
  "actions: [{ type: DROP }]",
  "",
  "---",
  "# no pin yet",
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  'name: "Sample users"  # by name',
  "source: web",
  "destination: {slug: amplitude,   name: Amplitude}",
  "if: >-",
  "  type = 'track'",
  "actions:",
  "  - { type: SAMPLE, percent: 0.5, path: userId }",
  "enabled: true",
  "",
].join("\n");

/** One document, CRLF endings, a block `id`; at the path import gives the instance's new documents. */
const BOTS_FILE = [
  "# bots",
  "apiVersion: transync/v1",
  "kind: DestinationFilter",
  "id:",
  "  staging: df_s3",
  "name: Block bots",
  "destination: amplitude",
  "if: context.userAgent = 'bot'",
  "actions: [ {type: DROP} ]",
  "",
].join("\r\n");

const BOTS_PATH = "transformations/destination-filters/dst_prd_amp.yaml";

describe("import --env E --kinds DestinationFilter keeps every byte of a hand-written file but E's pin and overrides", () => {
  const two = useTwoEnvironments();

  it("adds only E's pins and overrides.E, in each file's own style; a second import changes nothing", async () => {
    await two.start({
      workspaces: [
        stagingWorkspace(
          workspace("stg", [
            { id: "df_s1", ...DROP },
            { id: "df_s2", ...SAMPLE },
            { id: "df_s3", ...BOTS },
          ]),
        ),
        prodWorkspace(
          workspace("prd", [
            { id: "df_p1", ...DROP },
            { id: "df_p2", ...SAMPLE },
            { id: "df_p3", ...BOTS, enabled: false },
            { id: "df_p4", ...PROD_ONLY },
          ]),
        ),
      ],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    two.writeProjectFile(
      { staging: ", sources: { web: src_stg_web }", prod: ", sources: { web: src_prd_web }" },
      "connections:\n  amplitude: { source: web, destination: { slug: amplitude, name: Amplitude } }\n",
    );
    two.project.write("transformations/filters.yaml", FILTERS);
    two.project.write(BOTS_PATH, BOTS_FILE);
    const staging = await two.run("plan", "--env", "staging");
    expect(staging.stdout, staging.stderr).toContain("No changes");

    const imported = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`pinned    "Block bots" (df_p3) ${BOTS_PATH}; overrides.prod: enabled`);
    expect(imported.stdout).toContain(`new       "Prod only" (df_p4) ${BOTS_PATH}`);

    const filters = readFileSync(join(two.project.dir, "transformations/filters.yaml"), "utf8");
    expect(filters).toBe(
      FILTERS.replace("id: { staging: df_s1 }   #", "id: { staging: df_s1, prod: df_p1 }   #").replace(
        'name: "Sample users"  # by name\n',
        'name: "Sample users"  # by name\nid: { prod: df_p2 }\n',
      ),
    );
    const bots = readFileSync(join(two.project.dir, BOTS_PATH), "utf8");
    const pinned =
      BOTS_FILE.replace("  staging: df_s3\r\n", "  staging: df_s3\r\n  prod: df_p3\r\n") + "overrides:\r\n  prod: { enabled: false }\r\n";
    // prod's new filter appended as a document of its own, its lines CRLF too.
    expect(bots.slice(0, pinned.length)).toBe(pinned);
    expect(bots.slice(pinned.length)).toMatch(/^---\r\napiVersion: transync\/v1\r\nkind: DestinationFilter\r\nid:\r\n {2}prod: df_p4\r\n/);
    expect(bots.slice(pinned.length)).toContain("only:\r\n  - prod\r\n");
    expect(bots.replace(/\r\n/g, "")).not.toContain("\n");

    expect((await two.run("plan", "--env", "prod")).stdout).toContain("No changes");
    expect((await two.run("plan", "--env", "staging")).stdout).toContain("No changes");
    const again = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(two.project.dir, "transformations/filters.yaml"), "utf8")).toBe(filters);
    expect(readFileSync(join(two.project.dir, BOTS_PATH), "utf8")).toBe(bots);
  });

  it("a document whose values it cannot write in place (one flow map) is refused by its path in the project, and nothing is written", async () => {
    await two.start({
      workspaces: [
        stagingWorkspace(workspace("stg", [{ id: "df_s3", ...BOTS }])),
        prodWorkspace(workspace("prd", [{ id: "df_p3", ...BOTS, enabled: false }])),
      ],
      catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
    });
    two.writeProjectFile(
      { staging: ", sources: { web: src_stg_web }", prod: ", sources: { web: src_prd_web }" },
      "connections:\n  amplitude: { source: web, destination: { slug: amplitude, name: Amplitude } }\n",
    );
    const flow =
      "{ apiVersion: transync/v1, kind: DestinationFilter, name: Block bots, destination: amplitude, if: \"context.userAgent = 'bot'\", actions: [{ type: DROP }] }\n";
    two.project.write("transformations/flow.yaml", flow);
    const imported = await two.run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain("import cannot write the environment's values into transformations/flow.yaml safely");
    expect(imported.stderr).toContain("Nothing was written");
    expect(imported.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(two.project.dir, "transformations/flow.yaml"), "utf8")).toBe(flow);
  });
});
