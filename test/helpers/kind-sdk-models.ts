import { SHARED_DEFS } from "../../src/model/field-schemas.js";
import { TRANSFORMATION_MODELS } from "./registry-vs-sdk.js";
import { ALL_SDKS, INSTALLED_VERSION, NEWEST_SDKS, type KindSdkEntry } from "./sdk-sources.js";

/**
 * Per kind (its descriptor's `name`), Segment's SDK models of it: the create input, the update input
 * and the reply model, the files they and the models they name are in, and every known disagreement
 * with the kind's field registry, each with its reason. A new kind gets the registry-vs-SDK check by
 * adding its entry here (test/kinds/registry-vs-sdk.test.ts fails for a registered kind without one),
 * and the newest SDKs' copies of its files to test/fixtures/sdk-models/ (README.md there).
 */

const WRITE_ONLY_REASON =
  "The API never returns it (write-only: docs/plan-promises.md, 'Write-only fields have state'); the SDKs' reply model repeats the input's optional fields. transync keeps the last applied value in git instead.";
const NULL_REASON =
  "The OpenAPI document (73.2.0) marks no field nullable, so no SDK model does; transync clears a set optional non-list value with null (the clearing convention of src/model/field-facts.ts), and apply's read-back names a field the server did not clear (docs/plan-promises.md; emulator compat.patchNull ignore/reject).";
const NEWER_THAN_INSTALLED =
  "Newer than the TypeScript SDK of the dev dependencies: the 73.2.0 models (TypeScript and Python) have it, and it is checked there.";

const IN_THE_PATH =
  "A filter's instance travels in the path (/destination/{destinationId}/filters: the descriptor's api.parent), never in a body: KindClient.create takes it out of the body (src/live/kind-client.ts), and it is fixed (an update never sends it); the reply carries it.";

const TRANSFORMATION_SDK: KindSdkEntry = {
  models: TRANSFORMATION_MODELS,
  files: {
    typescript: [
      "createTransformationV1Input",
      "updateTransformationV1Input",
      "transformationV1",
      "propertyRenameV1",
      "propertyValueTransformationV1",
      "fQLDefinedPropertyV1",
      "hashPropertiesConfiguration",
    ],
    python: [
      "create_transformation_v1_input",
      "update_transformation_v1_input",
      "transformation_v1",
      "property_rename_v1",
      "property_value_transformation_v1",
      "fql_defined_property_v1",
      "hash_properties_configuration",
    ],
  },
  defs: SHARED_DEFS,
  exceptions: [
    { sdks: [`typescript@${INSTALLED_VERSION}`], field: "drop", check: "create", reason: NEWER_THAN_INSTALLED },
    { sdks: [`typescript@${INSTALLED_VERSION}`], field: "drop", check: "update", reason: NEWER_THAN_INSTALLED },
    { sdks: NEWEST_SDKS, field: "drop", check: "write-only", reason: WRITE_ONLY_REASON },
    { sdks: ALL_SDKS, field: "hashPropertiesConfiguration", check: "write-only", reason: WRITE_ONLY_REASON },
    { sdks: ALL_SDKS, field: "destinationMetadataId", check: "nullable", reason: NULL_REASON },
    { sdks: ALL_SDKS, field: "newEventName", check: "nullable", reason: NULL_REASON },
    { sdks: ALL_SDKS, field: "hashPropertiesConfiguration", check: "nullable", reason: NULL_REASON },
  ],
};

const DESTINATION_FILTER_SDK: KindSdkEntry = {
  models: {
    create: "CreateFilterForDestinationV1Input",
    update: "UpdateFilterForDestinationV1Input",
    reply: "DestinationFilterV1",
    serverKeys: ["id", "createdAt", "updatedAt"],
  },
  files: {
    typescript: [
      "createFilterForDestinationV1Input",
      "updateFilterForDestinationV1Input",
      "destinationFilterV1",
      "destinationFilterActionV1",
    ],
    python: [
      "create_filter_for_destination_v1_input",
      "update_filter_for_destination_v1_input",
      "destination_filter_v1",
      "destination_filter_action_v1",
    ],
  },
  exceptions: [{ sdks: ALL_SDKS, field: "destinationId", check: "create", reason: IN_THE_PATH }],
};

/** Every kind's entry, by the kind's name. */
export const KIND_SDK_MODELS: Readonly<Record<string, KindSdkEntry>> = {
  Transformation: TRANSFORMATION_SDK,
  DestinationFilter: DESTINATION_FILTER_SDK,
};
