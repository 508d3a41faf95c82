import { describe, expect, it } from "vitest";
import { DESTINATION_FILTER } from "../../src/kinds/index.js";
import type { CheckedFacts } from "../helpers/registry-vs-sdk.js";
import { KIND_SDK_MODELS } from "../helpers/kind-sdk-models.js";
import { ALL_SDKS, keyOf, registryCopy, sdkSources, unexplained } from "../helpers/sdk-sources.js";

/**
 * The Destination Filter's field registry (src/kinds/destination-filter/index.ts) against Segment's SDK
 * models of a filter (CreateFilterForDestinationV1Input, UpdateFilterForDestinationV1Input,
 * DestinationFilterV1 and the actions' DestinationFilterActionV1): test/kinds/registry-vs-sdk.test.ts
 * checks that they agree; here each fact flipped on a copy is reported, so the check can fail. The
 * check found `sourceId` and `destinationId` missing from the update input: they are `fixed` now
 * (set by the create only; test/destination-filter/filter-fixed-fields.test.ts).
 */

const ENTRY = KIND_SDK_MODELS.DestinationFilter!;
const flip = (field: string, facts: Partial<CheckedFacts>): Record<string, CheckedFacts> => {
  const registry = registryCopy(DESTINATION_FILTER.fields);
  registry[field] = { ...registry[field]!, ...facts };
  return registry;
};
const checks = (registry: Record<string, CheckedFacts>) => unexplained(ENTRY, registry).failures.map((d) => [d.sdk, d.field, d.check]);
const says = (registry: Record<string, CheckedFacts>, sdk = "python@73.2.0") =>
  unexplained(ENTRY, registry)
    .failures.filter((d) => d.sdk === sdk)
    .map((d) => d.says);

describe("the SDK models of a Destination Filter, as the check reads them", () => {
  it("an action is a model: its type an enum, its fields a map", () => {
    for (const source of sdkSources(ENTRY.files)) {
      const action = source.models.DestinationFilterActionV1;
      expect(action?.type, source.sdk).toEqual({
        type: "string",
        required: true,
        nullable: false,
        enum: ["ALLOW_PROPERTIES", "DROP", "DROP_PROPERTIES", "SAMPLE"],
      });
      expect(action?.fields, source.sdk).toEqual({ type: { map: "any" }, required: false, nullable: false });
      expect(source.models.UpdateFilterForDestinationV1Input?.description?.nullable, source.sdk).toBe(true);
    }
  });
});

describe("the check fails when one fact of the Destination Filter's registry is flipped (on a copy)", () => {
  it("write-only: description said never returned, though every reply model lists it", () => {
    expect(checks(flip("description", { returned: "never" }))).toEqual(ALL_SDKS.map((sdk) => [sdk, "description", "write-only"]));
  });

  it("write-only: a field said returned that no reply model has", () => {
    const registry = registryCopy(DESTINATION_FILTER.fields);
    registry.sampleRate = { required: false, returned: "always", clearedWith: null, schema: { value: { type: "number" } } };
    expect(checks(registry)).toEqual(
      ALL_SDKS.flatMap((sdk) => [
        [sdk, "sampleRate", "create"],
        [sdk, "sampleRate", "update"],
        [sdk, "sampleRate", "reply"],
      ]),
    );
  });

  it("nullability: description no longer cleared with null, though the update input takes null for it", () => {
    const registry = flip("description", { clearedWith: "not clearable" });
    expect(checks(registry)).toEqual(ALL_SDKS.map((sdk) => [sdk, "description", "nullable"]));
    expect(says(registry)).toEqual([
      'UpdateFilterForDestinationV1Input.description is nullable; the registry clears it with "not clearable"',
    ]);
  });

  it("nullability: title said cleared with null, though no update input takes null for it", () => {
    expect(checks(flip("title", { clearedWith: null }))).toEqual(ALL_SDKS.map((sdk) => [sdk, "title", "nullable"]));
  });

  it("a missing field: a registry without enabled is told that every model has it", () => {
    const registry = registryCopy(DESTINATION_FILTER.fields);
    delete registry.enabled;
    expect(checks(registry)).toEqual(ALL_SDKS.flatMap((sdk) => Array(3).fill([sdk, "enabled", "unknown"])));
  });

  it("a missing field: a registry without destinationId leaves the exceptions of the path unused, which fails too", () => {
    const registry = registryCopy(DESTINATION_FILTER.fields);
    delete registry.destinationId;
    const { failures, stale } = unexplained(ENTRY, registry);
    expect(failures.map((d) => [d.sdk, d.field, d.check])).toEqual(ALL_SDKS.map((sdk) => [sdk, "destinationId", "unknown"]));
    expect(stale).toEqual(ALL_SDKS.map((sdk) => keyOf(sdk, "destinationId", "create")));
  });

  it("fixed: sourceId no longer said set by the create only, though no update input has it", () => {
    const registry = registryCopy(DESTINATION_FILTER.fields);
    const { fixed: _fixed, ...sourceId } = DESTINATION_FILTER.fields.sourceId!;
    registry.sourceId = sourceId;
    expect(checks(registry)).toEqual(ALL_SDKS.map((sdk) => [sdk, "sourceId", "update"]));
    expect(says(registry)).toEqual(["UpdateFilterForDestinationV1Input has no sourceId"]);
  });

  it("fixed: title said set by the create only, though every update input has it", () => {
    const registry = flip("title", { fixed: true });
    expect(checks(registry)).toEqual(ALL_SDKS.map((sdk) => [sdk, "title", "update"]));
    expect(says(registry)).toEqual(["UpdateFilterForDestinationV1Input has title, which the registry says only a create sets (fixed)"]);
  });

  it("required: description said required, though no create input requires it", () => {
    expect(checks(flip("description", { required: true }))).toEqual(ALL_SDKS.map((sdk) => [sdk, "description", "required"]));
  });

  it("a type: enabled said to be a string", () => {
    expect(says(flip("enabled", { schema: { value: { type: "string" } } }))).toEqual([
      "CreateFilterForDestinationV1Input.enabled: the registry's schema says string, the SDK says boolean",
      "UpdateFilterForDestinationV1Input.enabled: the registry's schema says string, the SDK says boolean",
      "DestinationFilterV1.enabled: the registry's schema says string, the SDK says boolean",
    ]);
  });

  it("an action's member: percent said to be a string, path dropped, a fifth action type", () => {
    const actions = DESTINATION_FILTER.fields.actions!.schema.value;
    const action = actions.items as { properties: Record<string, unknown> };
    const { path: _path, ...members } = action.properties;
    const items = {
      ...action,
      properties: {
        ...members,
        type: { enum: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES", "REDACT"] },
        percent: { type: "string" },
      },
    };
    const found = says(flip("actions", { schema: { value: { ...actions, items } } }));
    expect(found.filter((s) => s.startsWith("CreateFilterForDestinationV1Input"))).toEqual([
      "CreateFilterForDestinationV1Input.actions[].type: the registry's schema allows ALLOW_PROPERTIES, DROP, DROP_PROPERTIES, REDACT, SAMPLE, the SDK ALLOW_PROPERTIES, DROP, DROP_PROPERTIES, SAMPLE",
      "CreateFilterForDestinationV1Input.actions[].percent: the registry's schema says string, the SDK says number",
      "CreateFilterForDestinationV1Input.actions[].path: DestinationFilterActionV1 has path, the registry's schema lacks it",
    ]);
    expect(found).toHaveLength(9);
  });

  it("an action's fields: a list where the SDK has a map", () => {
    const actions = DESTINATION_FILTER.fields.actions!.schema.value;
    const action = actions.items as { properties: Record<string, unknown> };
    const items = { ...action, properties: { ...action.properties, fields: { type: "array", items: { type: "string" } } } };
    expect(says(flip("actions", { schema: { value: { ...actions, items } } }))[0]).toBe(
      "CreateFilterForDestinationV1Input.actions[].fields: the registry's schema says array, the SDK says map of any",
    );
  });
});
