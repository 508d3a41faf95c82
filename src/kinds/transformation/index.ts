/**
 * Room src/kinds/transformation/: the Transformation's descriptor, the default kind: its field
 * registry (src/model/fields.ts), identity (name within a source), API paths and shapes, the decode
 * rules of replies (decode-fields.ts), the emulator's stored and replied shape (emulator-shape.ts)
 * and the facts of its routes, its rules past the JSON Schema (rules.ts, path-rules.ts: one set for
 * validate and the emulator's 422, api-rules.ts), its part of import (import-document.ts).
 * May import: src/kinds/kind.ts, src/model/, src/fql/ (its FQL fields are parsed as validate does), the ground floor.
 */
import { FIELDS } from "../../model/fields.js";
import type { Transformation, TransformationUpdate } from "../../model/transformation.js";
import type { ResourceKind } from "../kind.js";
import { apiErrorsOf } from "./api-rules.js";
import { transformationMisfit } from "./decode-fields.js";
import { applyPatch, normalizeStored, toApiTransformation } from "./emulator-shape.js";
import { TRANSFORMATION_IMPORTER } from "./import-document.js";
import { transformationIssues } from "./rules.js";

export const TRANSFORMATION: ResourceKind = {
  name: "Transformation",
  fields: FIELDS,
  identity: { name: "name", scope: "sourceId" },
  api: { collection: "/transformations", listKey: "transformations", itemKey: "transformation" },
  decode: transformationMisfit,
  validation: { check: transformationIssues },
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
      // The API's 422s are the findings of its validation that carry the API's message: one rule set.
      rules: (object) => apiErrorsOf(TRANSFORMATION.validation.check(object)),
    },
  },
  importer: TRANSFORMATION_IMPORTER,
  labels: { singular: "transformation", plural: "transformations" },
};
