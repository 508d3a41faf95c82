import { afterEach, describe, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Transformation } from "../../src/model/transformation.js";
import { INPUT_FIELDS } from "../../src/model/transformation.js";
import { renderImport } from "../../src/import/render-import.js";
import { writeImportFiles } from "../../src/import/write-import.js";
import { loadDesired } from "../../src/desired/load-desired.js";
import { fsSource } from "../../src/desired/fs-source.js";

const live: Transformation[] = [
  {
    id: "2NhispQ7Fe92M4h69ZO0f0EoNbg",
    workspaceId: "ws_1",
    name: "Rename Order Completed",
    sourceId: "src_web",
    enabled: true,
    if: "event = 'Order Completed'",
    newEventName: "Order Placed",
    propertyRenames: [{ oldName: "total", newName: "revenue" }],
    propertyValueTransformations: [{ propertyPaths: ["context.page.url", "properties.url"], propertyValue: "redacted" }],
    allowProperties: [],
    propertyDrops: [],
  },
  {
    id: "2c0vVuRdDmJ3UQkVjd5WxaA3dar",
    name: "Item count",
    sourceId: "src_web",
    enabled: true,
    if: "event = 'Cart Viewed'",
    fqlDefinedProperties: [{ fql: "length(properties.items)", propertyName: "properties.item_count" }],
  },
  {
    id: "pHrD51Ds35Zjfka84yXQE6",
    name: "no",
    sourceId: "src_web",
    enabled: false,
    if: "type = 'identify'",
    allowProperties: ["traits.email"],
  },
  {
    id: "ks7S",
    name: "Debug: drop #1",
    sourceId: "src_unaliased",
    enabled: true,
    if: "event = 'Debug'",
    destinationMetadataId: "547610a5db31d978f14a5c4e",
  },
];

/** The input fields a document should carry for `t`: everything set, nothing empty. */
function expectedSpec(t: Transformation): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    const value = t[field];
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) spec[field] = value;
  }
  return spec;
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("import round trip through the desired-state loader", () => {
  for (const split of [false, true]) {
    it(`loads back every field, ids pinned and aliases resolved (split: ${split})`, async () => {
      const root = await mkdtemp(join(tmpdir(), "transync-roundtrip-"));
      dirs.push(root);
      await writeFile(join(root, "transync.yaml"), "apiVersion: transync/v1\nenvironments:\n  test:\n    sources:\n      web: src_web\n");
      const files = renderImport(live, { aliases: { src_web: "web" }, split, schemaComment: "../schemas/transformation.schema.json" });
      await writeImportFiles(join(root, "transformations"), files, { force: false });
      const { state, diagnostics } = await loadDesired(fsSource(root), { env: "test" });
      expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const byId = new Map(state.resources.map((r) => [r.id, r]));
      for (const t of live) {
        expect(byId.get(t.id)?.name).toBe(t.name);
        expect(byId.get(t.id)?.spec).toEqual(expectedSpec(t));
      }
    });
  }
});
