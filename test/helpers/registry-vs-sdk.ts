import type { ModelField, ModelType, SdkSource } from "./sdk-model-files.js";

/**
 * A kind's field registry (its descriptor's `fields`: src/model/fields.ts for the Transformation)
 * checked against one SDK's models of that kind: its create input, its update input and its reply.
 * Each disagreement is one line naming the SDK, the field and the check; the kind's entry in
 * test/helpers/kind-sdk-models.ts lists the ones that are known, with the reason, and
 * test/kinds/registry-vs-sdk.test.ts fails on any other (and on a listed one that no longer happens).
 */

/**
 * The facts the check reads, of one registry entry: a `KindField` (src/kinds/kind.ts) passes, and so
 * does a plain copy with a fact flipped to a value no `KindField` may hold.
 */
export interface CheckedFacts {
  required: boolean;
  clearedWith: unknown;
  returned: string;
  /** `true`: only a create sets it, so the update input must not have it. */
  fixed?: unknown;
  schema: { value: Schema };
}
type Schema = { readonly [key: string]: unknown };

/** What a check looks at: presence in each model, the JSON type, null on update, write-only, and fields only the models know. */
export type Check = "create" | "update" | "reply" | "required" | "type" | "nullable" | "write-only" | "unknown";

export interface Disagreement {
  sdk: string;
  field: string;
  check: Check;
  says: string;
}

/** The SDK models of one kind by name, and the keys of its reply that are the server's own (not input fields). */
export interface KindModels {
  readonly create: string;
  readonly update: string;
  readonly reply: string;
  readonly serverKeys: readonly string[];
}

/** The models of a Transformation. */
export const TRANSFORMATION_MODELS: KindModels = {
  create: "CreateTransformationV1Input",
  update: "UpdateTransformationV1Input",
  reply: "TransformationV1",
  serverKeys: ["id"],
};

interface Context {
  sdk: SdkSource;
  defs: Readonly<Record<string, Schema>>;
}

/** Where a check's disagreements go, in the order found: one it words, or the type check's. */
interface Sink {
  say(field: string, check: Check, says: string): void;
  add(found: readonly Disagreement[]): void;
}

/** Every disagreement between a kind's registry and one SDK's models of it (`defs`: what the registry's `$ref`s name). */
export function registryVsSdk(
  registry: Readonly<Record<string, CheckedFacts>>,
  models: KindModels,
  sdk: SdkSource,
  defs: Readonly<Record<string, Schema>> = {},
): Disagreement[] {
  const ctx: Context = { sdk, defs };
  const found: Disagreement[] = [];
  const sink: Sink = { say: (field, check, says) => found.push({ sdk: sdk.sdk, field, check, says }), add: (ds) => found.push(...ds) };
  for (const [field, facts] of Object.entries(registry)) {
    createDisagreements(ctx, models.create, field, facts, sink);
    updateDisagreements(ctx, models.update, field, facts, sink);
    replyDisagreements(ctx, models.reply, field, facts, sink);
  }
  const known = new Set<string>([...Object.keys(registry), ...models.serverKeys]);
  for (const model of [models.create, models.update, models.reply])
    for (const field of Object.keys(modelOf(sdk, model)))
      if (!known.has(field)) sink.say(field, "unknown", `${model} has ${field}, which the registry lacks`);
  return found;
}

function createDisagreements(ctx: Context, name: string, field: string, facts: CheckedFacts, sink: Sink): void {
  const inCreate = modelOf(ctx.sdk, name)[field];
  if (inCreate === undefined) return sink.say(field, "create", `${name} has no ${field}`);
  if (inCreate.required !== facts.required)
    sink.say(
      field,
      "required",
      `${name} ${inCreate.required ? "requires" : "does not require"} ${field}; the registry says required: ${facts.required}`,
    );
  sink.add(typeDisagreements(ctx, field, name, inCreate, facts));
}

function updateDisagreements(ctx: Context, name: string, field: string, facts: CheckedFacts, sink: Sink): void {
  const inUpdate = modelOf(ctx.sdk, name)[field];
  if (facts.fixed === true) {
    if (inUpdate !== undefined) sink.say(field, "update", `${name} has ${field}, which the registry says only a create sets (fixed)`);
    return;
  }
  if (inUpdate === undefined) return sink.say(field, "update", `${name} has no ${field}`);
  if (inUpdate.required) sink.say(field, "required", `${name} requires ${field}, but an update sends only what changed`);
  sink.add(typeDisagreements(ctx, field, name, inUpdate, facts));
  const nulled = facts.clearedWith === null;
  if (inUpdate.nullable !== nulled)
    sink.say(
      field,
      "nullable",
      `${name}.${field} is ${inUpdate.nullable ? "" : "not "}nullable; the registry clears it with ${JSON.stringify(facts.clearedWith)}`,
    );
}

function replyDisagreements(ctx: Context, name: string, field: string, facts: CheckedFacts, sink: Sink): void {
  const inReply = modelOf(ctx.sdk, name)[field];
  if (facts.returned === "never") {
    if (inReply !== undefined)
      sink.say(field, "write-only", `${name} lists ${field}, which the registry says no reply carries (write-only)`);
  } else if (inReply === undefined) sink.say(field, "reply", `${name} has no ${field}, which the registry says replies carry`);
  else sink.add(typeDisagreements(ctx, field, name, inReply, facts));
}

function modelOf(sdk: SdkSource, name: string): Record<string, ModelField> {
  const model = sdk.models[name];
  if (model === undefined) throw new Error(`${sdk.sdk}: no model ${name}`);
  return model;
}

/** The values the registry's schema allows against the model's enum, when either has one (order means nothing). */
function enumMismatches(schema: Schema, inModel: ModelField, at: string): string[] {
  const ours = Array.isArray(schema.enum) ? [...(schema.enum as string[])].sort() : undefined;
  const theirs = inModel.enum === undefined ? undefined : [...inModel.enum].sort();
  if (JSON.stringify(ours) === JSON.stringify(theirs)) return [];
  return [
    `${at}: the registry's schema allows ${ours ? ours.join(", ") : "any value"}, the SDK ${theirs ? theirs.join(", ") : "any value"}`,
  ];
}

function typeDisagreements(ctx: Context, field: string, model: string, inModel: ModelField, facts: CheckedFacts): Disagreement[] {
  const schema = resolve(ctx, facts.schema.value);
  const at = `${model}.${field}`;
  return [...typeMismatches(ctx, schema, inModel.type, at), ...enumMismatches(schema, inModel, at)].map((says) => ({
    sdk: ctx.sdk.sdk,
    field,
    check: "type",
    says,
  }));
}

/** A `$ref` to `#/$defs/<name>` resolved against the defs the registry's schemas share. */
function resolve(ctx: Context, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = /^#\/\$defs\/(\w+)$/.exec(ref)?.[1];
  const def = name === undefined ? undefined : ctx.defs[name];
  if (def === undefined) throw new Error(`the registry's schema refers to ${ref}, which the shared defs lack`);
  return resolve(ctx, def);
}

function describe(type: ModelType): string {
  if (typeof type === "string") return type;
  if ("list" in type) return `list of ${describe(type.list)}`;
  return "map" in type ? `map of ${describe(type.map)}` : `model ${type.model}`;
}

/** The JSON type a schema allows: its `type`, or `string` for an enum of strings alone (`{ enum: ["DROP", ...] }`). */
function jsonType(schema: Schema): unknown {
  if (schema.type !== undefined) return schema.type;
  const values = schema.enum;
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === "string") ? "string" : undefined;
}

/**
 * How the registry's JSON Schema `schema` and the SDK's type differ at `at`: type, for objects each
 * member's presence, requiredness and type, for a map (`additionalProperties`) its values' type.
 */
function typeMismatches(ctx: Context, schema: Schema, type: ModelType, at: string): string[] {
  const json = jsonType(schema);
  const mismatch = [`${at}: the registry's schema says ${String(json)}, the SDK says ${describe(type)}`];
  if (type === "any") return [];
  if (json === "string" || json === "boolean") return type === json ? [] : mismatch;
  if (json === "number" || json === "integer") return type === "number" ? [] : mismatch;
  if (json === "array") {
    if (typeof type === "string" || !("list" in type)) return mismatch;
    return typeMismatches(ctx, resolve(ctx, schema.items as Schema), type.list, `${at}[]`);
  }
  if (json !== "object" || typeof type === "string" || "list" in type) return mismatch;
  if ("model" in type) return memberMismatches(ctx, schema, type.model, at);
  const values = schema.additionalProperties;
  if (typeof values !== "object" || values === null || schema.properties !== undefined)
    return [`${at}: the registry's schema is an object of named members, the SDK says ${describe(type)}`];
  return typeMismatches(ctx, resolve(ctx, values as Schema), type.map, `${at}{}`);
}

function memberMismatches(ctx: Context, schema: Schema, modelName: string, at: string): string[] {
  const model = modelOf(ctx.sdk, modelName);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const problems: string[] = [];
  for (const [member, memberSchema] of Object.entries(properties)) {
    const inModel = model[member];
    if (inModel === undefined) {
      problems.push(`${at}.${member}: ${modelName} has no ${member}`);
      continue;
    }
    if (inModel.required !== required.has(member))
      problems.push(
        `${at}.${member}: ${modelName} ${inModel.required ? "requires" : "does not require"} it; the registry's schema ${required.has(member) ? "does" : "does not"}`,
      );
    const resolved = resolve(ctx, memberSchema);
    problems.push(
      ...typeMismatches(ctx, resolved, inModel.type, `${at}.${member}`),
      ...enumMismatches(resolved, inModel, `${at}.${member}`),
    );
  }
  for (const member of Object.keys(model))
    if (!(member in properties)) problems.push(`${at}.${member}: ${modelName} has ${member}, the registry's schema lacks it`);
  return problems;
}
