import { describe, expect, it } from "vitest";
import { TRANSFORMATION } from "../../src/kinds/index.js";
import type { KindField, KindObject, ResourceKind } from "../../src/kinds/kind.js";
import { renderKindImport } from "../../src/import/kind-import.js";
import { renderImport } from "../../src/import/render-import.js";
import { WIDGET } from "./toy-kind.js";

const field = (returned: KindField["returned"]): KindField => ({
  required: false,
  returned,
  compare: "scalar",
  clearedWith: null,
  schema: { value: { type: "string" } },
});

/**
 * A kind that asks of import what the Transformation asks (src/kinds/kind.ts, KindImporter): a file per
 * source by its alias, or per object with --split; its name before the pinned id; a write-only field
 * noted; a layout and a schema. Defined here only: the one renderer serves it from its descriptor.
 */
const GADGET: ResourceKind = {
  ...WIDGET,
  name: "Gadget",
  fields: { name: field("always"), sourceId: field("always"), secret: field("never") },
  identity: { name: "name", scope: "sourceId", scopeIsSource: true },
  labels: { singular: "gadget", plural: "gadgets" },
  importer: {
    file: (live, context) => {
      const group = context.sourceAliases[String(live.sourceId)] ?? String(live.sourceId);
      return context.split ? { group, own: String(live.name) } : { group };
    },
    document: (live, context) => ({ name: live.name, source: context.sourceAliases[String(live.sourceId)] ?? live.sourceId }),
    beforeId: ["name"],
    order: "name",
    notes: (live) => (live.name === "Beta" ? ["Beta is the gadget of the tests."] : []),
    layout: { flow: ["id"], flowItems: [] },
    schema: "gadget.schema.json",
  },
};

const gadget = (id: string, name: string, sourceId: string): KindObject => ({ id, name, sourceId });
const context = { sourceAliases: { src_web: "web" }, destinationAliases: {}, split: false };

describe("one import renderer for every kind, the kind's part in its descriptor's importer (src/import/kind-import.ts)", () => {
  it("groups a kind's objects by source alias, names before pins, notes write-only fields, names the schema", () => {
    const files = renderKindImport(
      GADGET,
      [gadget("g1", "Beta", "src_web"), gadget("g2", "Alpha", "src_web"), gadget("g3", "On", "src/app")],
      {
        context: { ...context, env: "prod" },
        schemaComment: "../schemas/gadget.schema.json",
      },
    );
    expect(files.map((f) => [f.path, f.ids])).toEqual([
      ["src-app.yaml", ["g3"]],
      ["web.yaml", ["g2", "g1"]],
    ]);
    expect(files[1]!.content).toBe(
      [
        "# yaml-language-server: $schema=../schemas/gadget.schema.json",
        "apiVersion: transync/v1",
        "kind: Gadget",
        "name: Alpha",
        "id: { prod: g2 }",
        "source: web",
        "# secret is write-only: the API does not return it; add it here if this gadget uses it.",
        "---",
        "apiVersion: transync/v1",
        "kind: Gadget",
        "name: Beta",
        "id: { prod: g1 }",
        "source: web",
        "# secret is write-only: the API does not return it; add it here if this gadget uses it.",
        "# Beta is the gadget of the tests.",
        "",
      ].join("\n"),
    );
    // Its layout quotes what a YAML 1.1 reader takes for a boolean.
    expect(files[0]!.content).toContain('name: "On"\n');
  });

  it("with --split, one file per object, unique in its folder beside the files already there; a name with no letters gets the kind's", () => {
    const live = [gadget("g1", "Same!", "src_web"), gadget("g2", "same", "src_web"), gadget("g3", "!!!", "src_web")];
    const files = renderKindImport(GADGET, live, { context: { ...context, split: true }, takenPaths: new Set(["web/same.yaml"]) });
    expect(files.map((f) => [f.path, f.ids])).toEqual([
      ["web/gadget.yaml", ["g3"]],
      ["web/same-2.yaml", ["g1"]],
      ["web/same-3.yaml", ["g2"]],
    ]);
    expect(files[0]!.content.startsWith('apiVersion: transync/v1\nkind: Gadget\nname: "!!!"\nid: g3\n')).toBe(true);
  });

  it("a kind giving a path and its fields only (the toy Widget) keeps yaml's defaults: id after kind, by id, no schema line", () => {
    const [file] = renderKindImport(WIDGET, [
      { id: "wdg_2", name: "yes" },
      { id: "wdg_1", name: "Gear", colors: ["red"] },
    ]);
    expect(file).toEqual({
      path: "widgets.yaml",
      content:
        "apiVersion: transync/v1\nkind: Widget\nid: wdg_1\nname: Gear\ncolors:\n  - red\n---\napiVersion: transync/v1\nkind: Widget\nid: wdg_2\nname: yes\n",
      ids: ["wdg_1", "wdg_2"],
    });
  });

  it("renders the Transformations from their descriptor as renderImport does", () => {
    const live = [{ id: "tf_1", name: "Rename", sourceId: "src_web", enabled: true, if: "event = 'A'" }];
    const schemaComment = "../schemas/transformation.schema.json";
    expect(renderKindImport(TRANSFORMATION, live, { context, schemaComment })).toEqual(
      renderImport(live as never, { aliases: { src_web: "web" }, split: false, schemaComment }),
    );
    expect(TRANSFORMATION.importer.file(live[0]!, { ...context, split: true })).toEqual({ group: "web", own: "Rename" });
  });

  it("a source id that names a property of every object (`constructor`) is a file name like any other, not an alias", () => {
    const live = [{ id: "tf_1", name: "Rename", sourceId: "constructor", enabled: true }];
    const files = renderKindImport(TRANSFORMATION, live, { context });
    expect(files.map((f) => f.path)).toEqual(["constructor.yaml"]);
    expect(files[0]!.content).toContain("sourceId: constructor\n");
  });
});
