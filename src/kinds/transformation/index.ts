/**
 * Room src/kinds/transformation/: the Transformation's descriptor, the default kind: its field
 * registry (src/model/fields.ts), identity (name within a source), API paths and shapes, the decode
 * rules of replies (decode-fields.ts), the emulator's stored and replied shape (emulator-shape.ts) and
 * the facts of its routes; its validation and import renderer are still in their stages' files, named here.
 * May import: src/kinds/kind.ts, src/model/, the ground floor.
 */
import { FIELDS } from "../../model/fields.js";
import type { Transformation, TransformationUpdate } from "../../model/transformation.js";
import type { ResourceKind } from "../kind.js";
import { transformationMisfit } from "./decode-fields.js";
import { applyPatch, normalizeStored, toApiTransformation } from "./emulator-shape.js";

export const TRANSFORMATION: ResourceKind = {
  name: "Transformation",
  fields: FIELDS,
  identity: { name: "name", scope: "sourceId" },
  api: { collection: "/transformations", listKey: "transformations", itemKey: "transformation" },
  decode: transformationMisfit,
  validation: { inStage: "src/desired/check-file.ts" },
  emulator: {
    idPrefix: "",
    // The server's own fields (its id, its workspace) are stored with the input's, as the API returns them.
    stored: (input, stamp) =>
      normalizeStored({ ...input, ...(stamp ? { id: stamp.id, workspaceId: stamp.workspaceId } : {}) }) as unknown as Record<
        string,
        unknown
      >,
    updated: (current, patch) =>
      applyPatch(current as unknown as Transformation, patch as TransformationUpdate) as unknown as Record<string, unknown>,
    reply: (stored, view) => toApiTransformation(stored as unknown as Transformation, view),
    routes: {
      idParam: "transformationId",
      feature: "EVENT_GOVERNANCE",
      references: { sourceId: "source" },
      audit: {
        resourceType: "Transformation",
        created: "Transformation Created",
        updated: () => "Transformation Updated",
        deleted: "Transformation Deleted",
      },
      patchNullsPerCompat: true,
      body: { schemas: { create: "create-transformation", update: "update-transformation" } },
      // Its rules past the schemas are still the emulator's (src/emulator/rules.ts, semanticErrors).
    },
  },
  importer: { inStage: "src/import/render-import.ts" },
  labels: { singular: "transformation", plural: "transformations" },
};
