import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";

// Destination Filters (issue 37) through the real commands, over HTTP to the emulator's filter routes,
// every request logged by a relay: create, toggle enabled (one PATCH of { enabled }), clear a
// description (PATCH { description: null }), prune, import round trip, the 11th filter refused at plan.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
`;

const CONFIG = (filters: Array<Record<string, unknown>> = []): EmulatorConfig => ({
  workspaces: [
    {
      ...testWorkspace(),
      sources: [
        {
          id: "src_web",
          slug: "web",
          destinations: [
            { id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp", filters },
            { id: "dst_ads", name: "Ads", metadataId: "meta_ads" },
          ],
        },
      ],
    },
  ],
  catalog: {
    destinations: [
      { id: "meta_amp", slug: "amplitude", name: "Amplitude" },
      { id: "meta_ads", slug: "google-ads", name: "Google Ads" },
    ],
  },
});

const filterDoc = (name: string, extra: string[] = []): string =>
  [
    "apiVersion: transync/v1",
    "kind: DestinationFilter",
    `name: ${name}`,
    "destination: amplitude-prod",
    `if: "properties.internal = true"`,
    "actions: [{ type: DROP }]",
    ...extra,
  ].join("\n") + "\n";

describe("DestinationFilter through validate, plan, apply, import (emulator over HTTP)", () => {
  let emulator: RunningEmulator;
  let relay: ScriptedApi;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: relay.url, TRANSYNC_LOG_LEVEL: "warn" } });
  const writes = () => relay.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path} ${r.body}`);
  const live = () => emulator.destinationFilters(TEST_WORKSPACE);

  async function start(filters: Array<Record<string, unknown>> = [], config = CONFIG(filters)): Promise<void> {
    emulator = await startTestEmulator(config);
    relay = new ScriptedApi(emulator.url);
    await relay.start();
  }
  beforeEach(() => {
    project = tempProject({ "transync.yaml": PROJECT });
  });
  afterEach(async () => {
    await relay?.close();
    await emulator?.close();
    project.cleanup();
  });

  it("creates a filter, then toggles enabled with one PATCH of { enabled } and clears description with { description: null }", async () => {
    await start();
    project.write("transformations/filters.yaml", filterDoc("Drop internal", ["description: internal traffic"]));
    const validated = await run("validate");
    expect(validated.code, validated.stderr).toBe(0);
    expect(validated.stdout).toContain("Validated 0 transformations and 1 destination filter in 1 file");
    const planned = await run("plan");
    expect(planned.stdout).toContain('create DestinationFilter "Drop internal" (web → Amplitude prod)');
    const created = await run("apply", "--auto-approve");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/created +create DestinationFilter "Drop internal" \(web → Amplitude prod\) \(/);
    expect(writes()).toEqual([
      `POST /destination/dst_amp/filters ${JSON.stringify({ sourceId: "src_web", title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: true, description: "internal traffic" })}`,
    ]);
    expect(live()).toMatchObject([{ title: "Drop internal", destinationId: "dst_amp", sourceId: "src_web", enabled: true }]);
    expect((await run("plan")).stdout).toContain("No changes");

    relay.requests.length = 0;
    project.write("transformations/filters.yaml", filterDoc("Drop internal", ["description: internal traffic", "enabled: false"]));
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    const id = live()[0]!.id;
    expect(writes()).toEqual([`PATCH /destination/dst_amp/filters/${id} {"enabled":false}`]);

    relay.requests.length = 0;
    project.write("transformations/filters.yaml", filterDoc("Drop internal", ["enabled: false"]));
    const json = JSON.parse((await run("plan", "--format", "json")).stdout) as { actions: Array<Record<string, unknown>> };
    expect(json.actions).toMatchObject([
      { resource: "DestinationFilter", kind: "update", place: "web → Amplitude prod", body: { description: null } },
    ]);
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(writes()).toEqual([`PATCH /destination/dst_amp/filters/${id} {"description":null}`]);
    expect(live()[0]).not.toHaveProperty("description");
    expect((await run("plan")).stdout).toContain("No changes");
  });

  it("applies a saved plan file, and refuses it once the filter it updates changed (the stale check)", async () => {
    await start([{ id: "df_1", title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: true }]);
    project.write("transformations/filters.yaml", filterDoc("Drop internal", ["enabled: false"]));
    expect((await run("plan", "--out", "stale.json")).code).toBe(0);
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    const applied = await run("apply", "plan.json", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(writes()).toEqual(['PATCH /destination/dst_amp/filters/df_1 {"enabled":false}']);
    relay.requests.length = 0;
    const stale = await run("apply", "stale.json", "--auto-approve");
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toContain("changed since the plan was made");
    expect(writes()).toEqual([]);
  });

  it("lists a filter no document names, without prune, by its source and instance", async () => {
    await start([{ id: "df_old", title: "Old", if: "type = 'page'", actions: [{ type: "DROP" }], enabled: true }]);
    project.write("transformations/filters.yaml", filterDoc("Drop internal"));
    const planned = await run("plan");
    expect(planned.stdout).toContain('DestinationFilter "Old" (web → Amplitude prod) (df_old)');
    expect((await run("plan", "--format", "markdown")).stdout).toContain("DestinationFilter `Old` (web → Amplitude prod) (`df_old`)");
  });

  it("prune: all deletes a filter no document names, on a connected destination of a source in scope", async () => {
    await start([{ id: "df_old", title: "Old", if: "type = 'page'", actions: [{ type: "DROP" }], enabled: true }]);
    project.write("transync.yaml", PROJECT + "prune: all\n");
    project.write("transformations/filters.yaml", filterDoc("Drop internal"));
    const planned = await run("plan");
    expect(planned.stdout).toContain('delete DestinationFilter "Old" (web → Amplitude prod) (df_old)');
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(live().map((f) => f.title)).toEqual(["Drop internal"]);
    expect(writes()).toContain("DELETE /destination/dst_amp/filters/df_old ");
  });

  it("prune: all never deletes a filter on an instance of a source outside scope.sources, though a document is placed there", async () => {
    const config = CONFIG([{ id: "df_old", title: "Old", if: "type = 'page'", actions: [{ type: "DROP" }], enabled: true }]);
    config.workspaces[0]!.sources!.push({ id: "src_app", slug: "app", destinations: [] });
    await start([], config);
    const outside = PROJECT.replace("prod: { sources: { web: src_web } }", "prod: { sources: { web: src_web, app: src_app } }");
    project.write("transync.yaml", outside + "scope: { sources: [app] }\nprune: all\n");
    project.write("transformations/filters.yaml", filterDoc("Drop internal"));
    const planned = await run("plan");
    expect(planned.stderr).toBe("");
    expect(planned.stdout).not.toContain('delete DestinationFilter "Old"');
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    expect(writes().filter((w) => w.startsWith("DELETE"))).toEqual([]);
    expect(
      live()
        .map((f) => f.title)
        .sort(),
    ).toEqual(["Drop internal", "Old"]);
    // Applied, the document's own filter is matched there by its name: the next plan has nothing to do.
    expect((await run("plan")).stdout).toContain("No changes");
  });

  it("import --kinds DestinationFilter writes documents that plan No changes", async () => {
    await start([
      {
        id: "df_1",
        title: "Strip email",
        if: "type = 'track'",
        actions: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }],
        enabled: true,
        description: "PII",
      },
      { id: "df_2", title: "Sample", if: "type = 'page'", actions: [{ type: "SAMPLE", percent: 0.5, path: "userId" }], enabled: false },
    ]);
    const imported = await run("import", "--kinds", "DestinationFilter");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 0 transformations and 2 destination filters");
    expect(readFileSync(join(project.dir, "transformations/destination-filters/dst_amp.yaml"), "utf8")).toContain(
      "kind: DestinationFilter",
    );
    const planned = await run("plan");
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain("No changes");
    const withSource = await run("import", "--kinds", "DestinationFilter", "--source", "src_web", "--out", "again");
    // --source narrows the filters to those on the named sources' connected destinations (both are on web's).
    expect(withSource.code, withSource.stderr).toBe(0);
    expect(withSource.stdout).toContain("Imported 0 transformations and 2 destination filters");
    expect((await run("import", "--kinds", "Filter", "--out", "again")).stderr).toContain(
      'unknown kind "Filter"; known kinds: Transformation, DestinationFilter',
    );
  });

  it("import --env pins each filter of the environment into its document in place, writes the others as new documents, and plans No changes", async () => {
    await start([
      { id: "df_1", title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: true },
      { id: "df_2", title: "Sample", if: "type = 'page'", actions: [{ type: "SAMPLE", percent: 0.5, path: "userId" }], enabled: false },
    ]);
    project.write(
      "transformations/filters.yaml",
      "# the team's filters\n" + filterDoc("Drop internal").replace("name: Drop internal", "name: Drop internal # ours"),
    );
    const imported = await run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('pinned    "Drop internal" (df_1) transformations/filters.yaml');
    expect(imported.stdout).toContain('new       "Sample" (df_2) transformations/destination-filters/dst_amp.yaml');
    const text = readFileSync(join(project.dir, "transformations/filters.yaml"), "utf8");
    expect(text).toContain("# the team's filters\n");
    // The pin in the document's own style, after its name (as the Transformations' editor writes it, src/import/edit-pins.ts).
    expect(text).toContain("name: Drop internal # ours\nid: { prod: df_1 }\n");
    expect(readFileSync(join(project.dir, "transformations/destination-filters/dst_amp.yaml"), "utf8")).toContain(
      "id:\n  prod: df_2\nname: Sample\n",
    );
    const planned = await run("plan", "--env", "prod");
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain("No changes");
    const again = await run("import", "--env", "prod", "--kinds", "DestinationFilter");
    expect(again.stdout).toContain('unchanged "Drop internal" (df_1)');
    // The Transformations' import of the environment reads the same folder and leaves the filters' documents alone.
    const transformations = await run("import", "--env", "prod");
    expect(transformations.code, transformations.stderr).toBe(0);
    expect(readFileSync(join(project.dir, "transformations/filters.yaml"), "utf8")).toBe(text);
  });

  it("refuses the 11th filter of an instance at plan, naming the instance, and writes nothing", async () => {
    const existing = Array.from({ length: 9 }, (_, i) => ({
      id: `df_${i}`,
      title: `Live ${i}`,
      if: "type = 'page'",
      actions: [{ type: "DROP" }],
      enabled: true,
    }));
    await start(existing);
    project.write("transformations/filters.yaml", filterDoc("A") + "---\n" + filterDoc("B"));
    const planned = await run("plan");
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain("at most 10 destination filters per destination instance");
    expect(planned.stderr).toContain(
      'instance "Amplitude prod" (web → dst_amp) would hold 11: 2 documents and 9 live ones no document names',
    );
    const applied = await run("apply", "--auto-approve");
    expect(applied.code).toBe(1);
    expect(writes()).toEqual([]);
    expect(live()).toHaveLength(9);
  });

  it("labels a filter by its source and instance in Markdown, a hostile instance name escaped in text and Markdown", async () => {
    emulator = await startTestEmulator({
      ...CONFIG(),
      workspaces: [
        {
          ...testWorkspace(),
          sources: [{ id: "src_web", slug: "web", destinations: [{ id: "dst_x", name: "<b>Amp</b>\u001b[31m", metadataId: "meta_amp" }] }],
        },
      ],
    });
    relay = new ScriptedApi(emulator.url);
    await relay.start();
    project.write(
      "transformations/filters.yaml",
      filterDoc("Drop internal").replace("destination: amplitude-prod", "source: web\ndestination: { id: dst_x }"),
    );
    const text = await run("plan");
    expect(text.stdout).toContain('create DestinationFilter "Drop internal" (web → <b>Amp</b>\\u001b[31m)');
    expect(text.stdout).not.toContain("\u001b");
    const markdown = await run("plan", "--format", "markdown");
    expect(markdown.stdout).toContain("DestinationFilter <b>Drop internal</b> (web → &lt;b&gt;Amp&lt;/b&gt;");
    expect(markdown.stdout).not.toContain("<b>Amp</b>");
  });

  it("an environment's connections: entry replaces the top-level one there", async () => {
    await start();
    project.write(
      "transync.yaml",
      PROJECT.replace(
        "  prod: { sources: { web: src_web } }\n",
        "  prod: { sources: { web: src_web } }\n  staging:\n    sources: { web: src_web }\n    connections: { amplitude-prod: { source: web, destination: { id: dst_ads } } }\n",
      ),
    );
    project.write("transformations/filters.yaml", filterDoc("Drop internal"));
    expect((await run("plan")).stdout).toContain('create DestinationFilter "Drop internal" (web → Amplitude prod)');
    expect((await run("plan", "--env", "staging")).stdout).toContain('create DestinationFilter "Drop internal" (web → Ads)');
  });

  it("reconcile takes a filter's actions as plan does", async () => {
    await start([{ id: "df_1", title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: false }]);
    project.write("transformations/filters.yaml", filterDoc("Drop internal"));
    const reconciled = await run("reconcile", "--once");
    expect(reconciled.code, reconciled.stderr).toBe(0);
    expect(writes()).toEqual(['PATCH /destination/dst_amp/filters/df_1 {"enabled":true}']);
  });

  it("names a { slug, name } that matches no instance of the source", async () => {
    await start();
    project.write(
      "transformations/filters.yaml",
      filterDoc("A").replace("destination: amplitude-prod", "source: web\ndestination: { slug: amplitude, name: Amplitude staging }"),
    );
    const planned = await run("plan");
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain(
      'no amplitude instance named "Amplitude staging" is connected to the source; its amplitude instances: "Amplitude prod"',
    );
  });
});
