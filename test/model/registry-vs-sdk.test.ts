import { describe, expect, it } from "vitest";
import { FIELDS } from "../../src/model/fields.js";
import { SHARED_DEFS } from "../../src/model/field-schemas.js";
import { parsePythonModels, parseTypeScriptModels } from "../helpers/sdk-model-files.js";
import type { CheckedFacts } from "../helpers/registry-vs-sdk.js";
import { KIND_SDK_MODELS } from "../helpers/kind-sdk-models.js";
import * as sources from "../helpers/sdk-sources.js";

/**
 * The field registry (src/model/fields.ts) checked against Segment's own SDK models of a
 * Transformation: per field, present in the create input, the update input and the reply model as
 * the registry says; its JSON type (objects member by member); `null` on update exactly when the
 * registry clears it with `null`; a write-only field absent from the reply model; no model field the
 * registry lacks. The models: the TypeScript SDK of the dev dependencies, and for fields newer than it
 * (`drop`) the newest public TypeScript and Python SDK models, kept as fixtures
 * (test/fixtures/sdk-models/README.md names their versions and commits). The type is read from the
 * entry's `schema.value` (its `type` fact is the docs' words). Not in the models, so not checked here:
 * `returned: "not in lists"` (one reply model serves list and get) and the comparison facts.
 * The check is every kind's (test/helpers/registry-vs-sdk.ts); the Transformation's entry, its model
 * files and its known disagreements with their reasons, is in test/helpers/kind-sdk-models.ts.
 */

const ENTRY = KIND_SDK_MODELS.Transformation!;
const { ALL_SDKS, NEWEST_SDKS, INSTALLED_VERSION, keyOf } = sources;
const SDK_SOURCES = sources.sdkSources(ENTRY.files);
const EXCEPTIONS = ENTRY.exceptions;

/** The disagreements no exception explains, and the exceptions no disagreement needs any more. */
function unexplained(registry: Readonly<Record<string, CheckedFacts>>, defs: NonNullable<typeof ENTRY.defs> = SHARED_DEFS) {
  return sources.unexplained(ENTRY, registry, defs);
}

/** A copy of the registry, each entry its own object, to flip facts in. */
function registryCopy(): Record<string, CheckedFacts> {
  return sources.registryCopy(FIELDS);
}

describe("the field registry agrees with Segment's SDK models of a Transformation", () => {
  it("reads the three SDKs' create input, update input and reply models", () => {
    expect(ALL_SDKS).toEqual(["typescript@47.0.0-b8398", "typescript@73.2.0-b666", "python@73.2.0"]);
    for (const source of SDK_SOURCES) {
      expect(Object.keys(source.models.TransformationV1 ?? {}), source.sdk).toEqual(
        expect.arrayContaining(["id", "name", "if", "hashPropertiesConfiguration"]),
      );
      expect(source.models.CreateTransformationV1Input?.name, source.sdk).toEqual({ type: "string", required: true, nullable: false });
      expect(source.models.HashPropertiesConfiguration?.encoding?.enum, source.sdk).toEqual(["BASE16", "BASE64", "BASE64URL", "HEX"]);
    }
  });

  it("every disagreement is a listed exception, and every listed exception still happens", () => {
    const { failures, stale } = unexplained(FIELDS);
    expect(failures.map((d) => `${d.sdk}: ${d.says}`)).toEqual([]);
    expect(stale).toEqual([]);
  });

  it("every exception says why", () => {
    for (const exception of EXCEPTIONS) expect(exception.reason.length, `${exception.field} ${exception.check}`).toBeGreaterThan(40);
  });
});

describe("the check fails when one fact of the registry is flipped (on a copy)", () => {
  it("write-only: newEventName said never returned, though every reply model lists it", () => {
    const registry = registryCopy();
    registry.newEventName = { ...registry.newEventName!, returned: "never" };
    expect(unexplained(registry).failures.map((d) => [d.sdk, d.field, d.check])).toEqual(
      ALL_SDKS.map((sdk) => [sdk, "newEventName", "write-only"]),
    );
  });

  it("write-only: drop said returned, though the models of the dev dependency's SDK have no drop in the reply", () => {
    const registry = registryCopy();
    registry.drop = { ...registry.drop!, returned: "always" };
    const { failures, stale } = unexplained(registry);
    expect(failures.map((d) => [d.sdk, d.field, d.check])).toEqual([[`typescript@${INSTALLED_VERSION}`, "drop", "reply"]]);
    expect(stale).toEqual(NEWEST_SDKS.map((sdk) => keyOf(sdk, "drop", "write-only")));
  });

  it("nullability: allowProperties said cleared with null, though no update input takes null for it", () => {
    const registry = registryCopy();
    registry.allowProperties = { ...registry.allowProperties!, clearedWith: null };
    const { failures } = unexplained(registry);
    expect(failures.map((d) => [d.sdk, d.field, d.check])).toEqual(ALL_SDKS.map((sdk) => [sdk, "allowProperties", "nullable"]));
    expect(failures[0]!.says).toBe("UpdateTransformationV1Input.allowProperties is not nullable; the registry clears it with null");
  });

  it("nullability: newEventName no longer cleared with null leaves its exception unused, which fails too", () => {
    const registry = registryCopy();
    registry.newEventName = { ...registry.newEventName!, clearedWith: "" };
    expect(unexplained(registry).stale).toEqual(ALL_SDKS.map((sdk) => keyOf(sdk, "newEventName", "nullable")));
  });

  it("a missing field: a registry without allowProperties is told that every model has it", () => {
    const registry = registryCopy();
    delete registry.allowProperties;
    const failures = unexplained(registry).failures;
    expect(failures.map((d) => [d.sdk, d.field, d.check])).toEqual(
      ALL_SDKS.flatMap((sdk) => Array(3).fill([sdk, "allowProperties", "unknown"])),
    );
    expect(failures[0]!.says).toBe("CreateTransformationV1Input has allowProperties, which the registry lacks");
  });

  it("a field the models lack: sampleRate in the registry is missing from create, update and reply", () => {
    const registry = registryCopy();
    registry.sampleRate = {
      required: false,
      clearedWith: null,
      returned: "always",
      schema: { value: { type: "number", description: "x" } },
    };
    expect(unexplained(registry).failures.map((d) => [d.sdk, d.field, d.check])).toEqual(
      ALL_SDKS.flatMap((sdk) => [
        [sdk, "sampleRate", "create"],
        [sdk, "sampleRate", "update"],
        [sdk, "sampleRate", "reply"],
      ]),
    );
  });

  it("a type: enabled said to be a string, and a member of the hash configuration dropped from its schema", () => {
    const registry = registryCopy();
    registry.enabled = { ...registry.enabled!, schema: { value: { type: "string", description: "x" } } };
    const hash = registry.hashPropertiesConfiguration!.schema.value;
    const { key: _key, ...members } = hash.properties as Record<string, unknown>;
    registry.hashPropertiesConfiguration = {
      ...registry.hashPropertiesConfiguration!,
      schema: { value: { ...hash, properties: members } },
    };
    const says = unexplained(registry)
      .failures.filter((d) => d.sdk === "python@73.2.0")
      .map((d) => d.says);
    expect(says).toEqual([
      "CreateTransformationV1Input.enabled: the registry's schema says string, the SDK says boolean",
      "UpdateTransformationV1Input.enabled: the registry's schema says string, the SDK says boolean",
      "TransformationV1.enabled: the registry's schema says string, the SDK says boolean",
      "CreateTransformationV1Input.hashPropertiesConfiguration.key: HashPropertiesConfiguration has key, the registry's schema lacks it",
      "UpdateTransformationV1Input.hashPropertiesConfiguration.key: HashPropertiesConfiguration has key, the registry's schema lacks it",
    ]);
  });

  it("an enum: a hash encoding the SDKs do not know", () => {
    const defs = { ...SHARED_DEFS, hashEncoding: { ...SHARED_DEFS.hashEncoding, enum: ["BASE16", "BASE64", "HEX", "BASE32"] } };
    const says = unexplained(FIELDS, defs).failures.map((d) => `${d.sdk}: ${d.says}`);
    expect(says).toHaveLength(ALL_SDKS.length * 2);
    expect(says[0]).toBe(
      `typescript@${INSTALLED_VERSION}: CreateTransformationV1Input.hashPropertiesConfiguration.encoding: the registry's schema allows BASE16, BASE32, BASE64, HEX, the SDK BASE16, BASE64, BASE64URL, HEX`,
    );
  });

  it("required: name said optional, though every create input requires it", () => {
    const registry = registryCopy();
    registry.name = { ...registry.name!, required: false };
    expect(unexplained(registry).failures.map((d) => [d.sdk, d.field, d.check])).toEqual(ALL_SDKS.map((sdk) => [sdk, "name", "required"]));
  });
});

describe("the model readers see nullability where a generator writes it", () => {
  it("TypeScript: `| null`", () => {
    const source =
      "export class A {\n    'x'?: string | null;\n    'y': Array<B>;\n\n    static discriminator: string | undefined = undefined;\n}";
    expect(parseTypeScriptModels(source)).toEqual({
      A: { x: { type: "string", required: false, nullable: true }, y: { type: { list: { model: "B" } }, required: true, nullable: false } },
    });
  });

  it("Python: to_dict's `set to None if … (nullable)`", () => {
    const source = [
      "class A(BaseModel):",
      '    new_name: Optional[StrictStr] = Field(default=None, description="n", alias="newName")',
      '    paths: List[StrictStr] = Field(description="p")',
      "    __properties: ClassVar[List[str]] = []",
      "        # set to None if new_name (nullable) is None",
    ].join("\n");
    expect(parsePythonModels(source)).toEqual({
      A: {
        newName: { type: "string", required: false, nullable: true },
        paths: { type: { list: "string" }, required: true, nullable: false },
      },
    });
  });
});
