import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import type { ResourceKind } from "../../src/kinds/kind.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { WIDGET } from "./toy-kind.js";

const PROJECT = "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_web } }\n";

// Without the Widget's editors' schema (a kind with one has its files name it: test/kinds/toy-kind-schemas.test.ts).
const { editorSchema: _widgetSchema, ...WIDGET_WITHOUT_SCHEMA } = WIDGET;

/** The toy Widget scoped by source, imported as Transformations are: a file per source alias, or one per object with --split. */
const GROUPED: ResourceKind = {
  ...WIDGET_WITHOUT_SCHEMA,
  name: "Sprocket",
  fields: { ...WIDGET.fields, sourceId: { ...WIDGET.fields.name!, required: true } },
  identity: { name: "name", scope: "sourceId", scopeIsSource: true },
  api: { collection: "/sprockets", listKey: "sprockets", itemKey: "sprocket" },
  emulator: {
    ...WIDGET.emulator,
    idPrefix: "spr_",
    stored: (input) => ({ ...WIDGET.emulator.stored(input), sourceId: input.sourceId }),
    reply: (stored) => ({ ...WIDGET.emulator.reply(stored, "single"), sourceId: stored.sourceId }),
  },
  importer: {
    file: (live, context) => {
      const source = String(live.sourceId);
      const group = `sprockets-${Object.hasOwn(context.sourceAliases, source) ? context.sourceAliases[source] : source}`;
      return context.split ? { group, own: String(live.name) } : { group };
    },
    document: (live, context) => ({ name: live.name, sourceId: context.sourceAliases[String(live.sourceId)] ?? live.sourceId }),
    order: "name",
  },
  labels: { singular: "sprocket", plural: "sprockets" },
};

/** (Aliases reach the importer with an environment: test/kinds/kind-importer.test.ts.) */
describe("transync import renders every kind through its descriptor's importer, told --split", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let project: TempProject;
  beforeAll(async () => {
    unregister = registerKind(GROUPED);
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace(),
          sources: [
            { id: "src_web", slug: "web" },
            { id: "src_app", slug: "app" },
          ],
          kinds: {
            Sprocket: [
              { id: "spr_2", name: "Beta", sourceId: "src_web" },
              { id: "spr_1", name: "Alpha", sourceId: "src_web" },
              { id: "spr_3", name: "Gamma", sourceId: "src_app" },
            ],
          },
        },
      ],
    });
  });
  afterAll(async () => {
    unregister();
    await emulator.close();
  });
  afterEach(() => project.cleanup());
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" } });
  const read = (file: string) => readFileSync(join(project.dir, file), "utf8");

  it("a file per source, its documents by name", async () => {
    project = tempProject({ "transync.yaml": PROJECT });
    const once = await run("import", "--kinds", "Sprocket");
    expect(once.code, once.stderr).toBe(0);
    expect(once.stdout).toContain("Imported 0 transformations and 3 sprockets into 2 files under transformations.");
    expect(read("transformations/sprockets-src_web.yaml")).toBe(
      "apiVersion: transync/v1\nkind: Sprocket\nid: spr_1\nname: Alpha\nsourceId: src_web\n---\napiVersion: transync/v1\nkind: Sprocket\nid: spr_2\nname: Beta\nsourceId: src_web\n",
    );
    expect(read("transformations/sprockets-src_app.yaml")).toContain("name: Gamma\nsourceId: src_app\n");
  });

  it("with --split, a file per object in its source's folder", async () => {
    project = tempProject({ "transync.yaml": PROJECT });
    const split = await run("import", "--kinds", "Sprocket", "--split");
    expect(split.code, split.stderr).toBe(0);
    expect(split.stdout).toContain("into 3 files");
    expect(read("transformations/sprockets-src_web/alpha.yaml")).toContain("id: spr_1\nname: Alpha\nsourceId: src_web\n");
    expect(read("transformations/sprockets-src_app/gamma.yaml")).toContain("id: spr_3\n");
  });
});
