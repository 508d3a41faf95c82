import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import type { KindField, ResourceKind } from "../../src/kinds/kind.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { WIDGET } from "./toy-kind.js";
import { openWithSchema } from "../helpers/schema-resolver.js";

const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  staging: { sources: { web: src_web } }
  prod: { sources: { web: src_web } }
`;

const widget = (name: string, extra: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...extra].join("\n") + "\n";

/** The toy Widget with a scope: a Gizmo's name is unique within its source, and its `sourceId` holds a source's id. */
const SOURCE_ID: KindField = {
  required: true,
  returned: "always",
  compare: "scalar",
  clearedWith: "not clearable",
  schema: { value: { type: "string" } },
};
const GIZMO: ResourceKind = {
  ...WIDGET,
  name: "Gizmo",
  fields: { ...WIDGET.fields, sourceId: SOURCE_ID },
  identity: { name: "name", scope: "sourceId", scopeIsSource: true },
  api: { collection: "/gizmos", listKey: "gizmos", itemKey: "gizmo" },
  emulator: {
    ...WIDGET.emulator,
    idPrefix: "gzm_",
    stored: (input) => ({ ...WIDGET.emulator.stored(input), sourceId: input.sourceId }),
    reply: (stored) => ({ ...WIDGET.emulator.reply(stored, "single"), sourceId: stored.sourceId }),
  },
  importer: { file: () => "gizmos.yaml", document: (live) => ({ name: live.name, sourceId: live.sourceId }) },
  labels: { singular: "gizmo", plural: "gizmos" },
  editorSchema: {
    file: "gizmo.schema.json",
    description: "One desired Gizmo.",
    fields: { ...WIDGET.editorSchema!.fields, sourceId: "The source it belongs to." },
  },
};

describe("import --env and --source for a generic kind (the toy Widget, and a Gizmo scoped by source)", () => {
  const unregister: Array<() => void> = [];
  let emulator: RunningEmulator | undefined;
  let project: TempProject;
  beforeAll(() => {
    unregister.push(registerKind(WIDGET), registerKind(GIZMO));
  });
  afterAll(() => unregister.forEach((u) => u()));
  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
  });
  const start = async (kinds: Record<string, Array<Record<string, unknown>>>) => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace(),
          sources: [
            { id: "src_web", slug: "web" },
            { id: "src_app", slug: "app" },
          ],
          kinds,
        },
      ],
    });
  };
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator!.url, TRANSYNC_LOG_LEVEL: "warn" } });

  it("import --env pins E's widgets into their documents in place (every other byte kept), writes the others as new documents, and plans No changes", async () => {
    await start({
      Widget: [
        { id: "wdg_gear", name: "Gear", colors: ["red"] },
        { id: "wdg_cog", name: "Cog" },
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/widgets.yaml": "# our widgets\n" + widget("Gear # the big one", ["id:", "  staging: wdg_s1", "colors: [red]"]),
    });
    const imported = await run("import", "--env", "prod", "--kinds", "Widget");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 2 widgets of prod:");
    expect(imported.stdout).toContain('pinned    "Gear" (wdg_gear) transformations/widgets.yaml');
    expect(imported.stdout).toContain('new       "Cog" (wdg_cog) transformations/widgets.yaml');
    const text = readFileSync(join(project.dir, "transformations/widgets.yaml"), "utf8");
    expect(text).toContain("# our widgets\n");
    expect(text).toContain("name: Gear # the big one\n");
    expect(text).toContain("id:\n  staging: wdg_s1\n  prod: wdg_gear\n");
    // A Widget's documents are the same in every environment: no `only:` (a kind with document.perEnvironment gets one).
    expect(text).toContain("---\napiVersion: transync/v1\nkind: Widget\nid:\n  prod: wdg_cog\nname: Cog\n");
    expect(text).not.toContain("only:");
    const planned = await run("plan", "--env", "prod");
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toContain("No changes");
    const again = await run("import", "--env", "prod");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('unchanged "Gear" (wdg_gear)');
    expect(readFileSync(join(project.dir, "transformations/widgets.yaml"), "utf8")).toBe(text);
  });

  it("a document's per-environment pin is the object it names in that environment", async () => {
    await start({ Widget: [{ id: "wdg_gear", name: "Renamed" }] });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/widgets.yaml": widget("Gear", ["id: { prod: wdg_gear, staging: wdg_s1 }"]),
    });
    const planned = await run("plan", "--env", "prod");
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('update Widget "Gear"');
  });

  it("import --source narrows a kind whose scope field holds a source to the sources named; one with no source is refused by name", async () => {
    await start({
      Gizmo: [
        { id: "gzm_1", name: "A", sourceId: "src_web" },
        { id: "gzm_2", name: "B", sourceId: "src_app" },
      ],
      Widget: [{ name: "Gear" }],
    });
    project = tempProject({ "transync.yaml": PROJECT });
    const imported = await run("import", "--source", "web", "--env", "prod", "--kinds", "Gizmo");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('new       "A" (gzm_1) transformations/gizmos.yaml');
    expect(imported.stdout).not.toContain("gzm_2");
    // A new file opens with the `$schema` line naming the kind's editors' schema, which import copies into the project.
    const written = readFileSync(join(project.dir, "transformations/gizmos.yaml"), "utf8");
    expect(written.split("\n")[0]).toBe("# yaml-language-server: $schema=../.transync/schemas/gizmo.schema.json");
    expect(await openWithSchema(join(project.dir, "transformations/gizmos.yaml"))).toEqual([]);
    const plain = await run("import", "--source", "src_app", "--kinds", "Transformation", "Gizmo", "--out", "plain");
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout, plain.stderr).toContain("Imported 0 transformations and 1 gizmo");
    expect(readFileSync(join(project.dir, "plain/gizmos.yaml"), "utf8")).toContain("name: B\nsourceId: src_app\n");
    const refused = await run("import", "--source", "web", "--kinds", "Widget", "--out", "w");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--kinds Widget: not imported with --source (its objects belong to no source)");
  });
});
