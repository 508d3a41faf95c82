import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import type { Transformation } from "../../src/model/transformation.js";
import { renderImport, slugify } from "../../src/import/render-import.js";

const schemaComment = "../schemas/transformation.schema.json";
const web = "qQEHquLrjRDN9j1ByrChyn";
const app = "aPPsrc000000000000000x";

const full: Transformation = {
  id: "2NhispQ7Fe92M4h69ZO0f0EoNbg",
  workspaceId: "ws_1",
  name: "Rename Order Completed",
  sourceId: web,
  enabled: true,
  if: "event = 'Order Completed'",
  newEventName: "Order Placed",
  destinationMetadataId: "547610a5db31d978f14a5c4e",
  propertyRenames: [{ oldName: "total", newName: "revenue" }],
  propertyValueTransformations: [{ propertyPaths: ["context.page", "properties.page"], propertyValue: "x" }],
  fqlDefinedProperties: [{ fql: "length(properties.items)", propertyName: "properties.item_count" }],
  allowProperties: [],
  propertyDrops: [],
};
const minimal: Transformation = { id: "pHrD51Ds35Zjfka84yXQE6", name: "yes", sourceId: web, enabled: false, if: "type = 'identify'" };
const other: Transformation = { id: "ks7S", name: "Drop: debug #events", sourceId: app, enabled: true, if: "event = 'Debug'" };

function parse(content: string): Record<string, unknown>[] {
  return parseAllDocuments(content).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as Record<string, unknown>;
  });
}

describe("renderImport", () => {
  it("writes one file per source, documents sorted by name, aliases for known sources", () => {
    const files = renderImport([minimal, full, other], { aliases: { [web]: "web" }, split: false, schemaComment });
    expect(files.map((f) => f.path)).toEqual(["aPPsrc000000000000000x.yaml", "web.yaml"]);
    const docs = parse(files[1]!.content);
    expect(docs.map((d) => d.name)).toEqual(["Rename Order Completed", "yes"]);
    expect(docs.every((d) => d.sourceId === "web")).toBe(true);
    expect(parse(files[0]!.content)[0]!.sourceId).toBe(app);
  });

  it("round-trips every input field, with id pinned and read-only or empty fields left out", () => {
    const [file] = renderImport([full], { aliases: {}, split: false, schemaComment });
    const [doc] = parse(file!.content);
    expect(doc).toEqual({
      apiVersion: "transync/v1",
      kind: "Transformation",
      name: full.name,
      id: full.id,
      sourceId: web,
      destinationMetadataId: full.destinationMetadataId,
      enabled: true,
      if: full.if,
      newEventName: "Order Placed",
      propertyRenames: full.propertyRenames,
      propertyValueTransformations: full.propertyValueTransformations,
      fqlDefinedProperties: full.fqlDefinedProperties,
    });
    // Stable order: header, name, id, then INPUT_FIELDS order.
    expect(Object.keys(doc!)).toEqual([
      "apiVersion",
      "kind",
      "name",
      "id",
      "sourceId",
      "destinationMetadataId",
      "enabled",
      "if",
      "newEventName",
      "propertyRenames",
      "propertyValueTransformations",
      "fqlDefinedProperties",
    ]);
  });

  it("points the schema comment of a split file one folder deeper, and leaves a URL as it is", () => {
    const files = renderImport([full, minimal], { aliases: {}, split: true, schemaComment });
    for (const file of files) expect(file.content.startsWith(`# yaml-language-server: $schema=../${schemaComment}\n`)).toBe(true);
    const url = "https://unpkg.com/transync@1.2.3/schemas/transformation.schema.json";
    expect(
      renderImport([full], { aliases: {}, split: true, schemaComment: url })[0]!.content.startsWith(
        `# yaml-language-server: $schema=${url}\n`,
      ),
    ).toBe(true);
  });

  it("starts each file (once) with the schema comment and notes the write-only fields it could not read", () => {
    const [file] = renderImport([full, minimal], { aliases: {}, split: false, schemaComment });
    const content = file!.content;
    expect(content.startsWith(`# yaml-language-server: $schema=${schemaComment}\n`)).toBe(true);
    expect(content.split("# yaml-language-server:").length - 1).toBe(1);
    expect(content).toContain(
      "# drop and hashPropertiesConfiguration are write-only: the API does not return them; add them here if this transformation uses them.",
    );
    expect(content).toContain("propertyRenames:\n  - { oldName: total, newName: revenue }\n");
    expect(content).toContain("\n---\n");
  });

  it("keeps write-only fields the API did return, and notes only the missing one", () => {
    const [file] = renderImport([{ ...minimal, drop: true }], { aliases: {}, split: false, schemaComment });
    expect(parse(file!.content)[0]!.drop).toBe(true);
    expect(file!.content).toContain(
      "# hashPropertiesConfiguration is write-only: the API does not return it; add it here if this transformation uses it.",
    );
  });

  it("quotes strings that would read as something else", () => {
    const [file] = renderImport([minimal, other], { aliases: {}, split: false, schemaComment });
    const all = renderImport([minimal, other], { aliases: {}, split: false, schemaComment })
      .map((f) => f.content)
      .join("");
    expect(all).toContain('name: "yes"');
    expect(all).toContain('name: "Drop: debug #events"');
    expect(parse(file!.content)[0]!.name).toBe("Drop: debug #events");
  });

  it("with split, writes <source>/<slug>.yaml with unique slugs", () => {
    const twin = { ...full, id: "zzz", name: "Rename order completed!" };
    const files = renderImport([full, twin, minimal, other], { aliases: { [web]: "web" }, split: true, schemaComment });
    expect(files.map((f) => f.path)).toEqual([
      "aPPsrc000000000000000x/drop-debug-events.yaml",
      "web/rename-order-completed-2.yaml",
      "web/rename-order-completed.yaml",
      "web/yes.yaml",
    ]);
    expect(parse(files.find((f) => f.path === "web/rename-order-completed.yaml")!.content)[0]!.id).toBe(full.id);
    expect(files.every((f) => parse(f.content).length === 1)).toBe(true);
  });

  it("renders nothing for an empty workspace", () => {
    expect(renderImport([], { aliases: {}, split: false, schemaComment })).toEqual([]);
  });
});

describe("slugify", () => {
  it("makes lowercase dashed slugs and never an empty one", () => {
    expect(slugify("Rename Order Completed")).toBe("rename-order-completed");
    expect(slugify("Crème brûlée / v2")).toBe("creme-brulee-v2");
    expect(slugify("!!!")).toBe("transformation");
    expect(slugify("x".repeat(200))).toHaveLength(80);
  });
});
