import type { ModelField, ModelType, SdkSource } from "./sdk-model-files.js";

/**
 * The field registry's facts (src/model/fields.ts) checked against one SDK's models of a
 * Transformation: the create input, the update input and the reply. Each disagreement is one line
 * naming the SDK, the field and the check; test/model/registry-vs-sdk.test.ts lists the ones that
 * are known, with the reason, and fails on any other (and on a listed one that no longer happens).
 */

/** The facts the check reads, of one registry entry (a plain copy of an entry passes). */
export interface CheckedFacts {
  required: boolean;
  clearedWith: unknown;
  returned: string;
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

/** The models of a Transformation, and the keys of the reply that are the server's own (not input fields). */
export const TRANSFORMATION_MODELS = {
  create: "CreateTransformationV1Input",
  update: "UpdateTransformationV1Input",
  reply: "TransformationV1",
  serverKeys: ["id"],
} as const;

interface Context {
  sdk: SdkSource;
  defs: Readonly<Record<string, Schema>>;
}

/** Every disagreement between the registry and one SDK's models. */
export function registryVsSdk(
  registry: Readonly<Record<string, CheckedFacts>>,
  sdk: SdkSource,
  defs: Readonly<Record<string, Schema>>,
): Disagreement[] {
  const ctx: Context = { sdk, defs };
  const create = modelOf(sdk, TRANSFORMATION_MODELS.create);
  const update = modelOf(sdk, TRANSFORMATION_MODELS.update);
  const reply = modelOf(sdk, TRANSFORMATION_MODELS.reply);
  const found: Disagreement[] = [];
  const say = (field: string, check: Check, says: string) => found.push({ sdk: sdk.sdk, field, check, says });
  for (const [field, facts] of Object.entries(registry)) {
    const inCreate = create[field];
    if (inCreate === undefined) say(field, "create", `${TRANSFORMATION_MODELS.create} has no ${field}`);
    else {
      if (inCreate.required !== facts.required)
        say(
          field,
          "required",
          `${TRANSFORMATION_MODELS.create} ${inCreate.required ? "requires" : "does not require"} ${field}; the registry says required: ${facts.required}`,
        );
      found.push(...typeDisagreements(ctx, field, TRANSFORMATION_MODELS.create, inCreate, facts));
    }
    const inUpdate = update[field];
    if (inUpdate === undefined) say(field, "update", `${TRANSFORMATION_MODELS.update} has no ${field}`);
    else {
      if (inUpdate.required)
        say(field, "required", `${TRANSFORMATION_MODELS.update} requires ${field}, but an update sends only what changed`);
      found.push(...typeDisagreements(ctx, field, TRANSFORMATION_MODELS.update, inUpdate, facts));
      const nulled = facts.clearedWith === null;
      if (inUpdate.nullable !== nulled)
        say(
          field,
          "nullable",
          `${TRANSFORMATION_MODELS.update}.${field} is ${inUpdate.nullable ? "" : "not "}nullable; the registry clears it with ${JSON.stringify(facts.clearedWith)}`,
        );
    }
    const inReply = reply[field];
    if (facts.returned === "never" && inReply !== undefined)
      say(field, "write-only", `${TRANSFORMATION_MODELS.reply} lists ${field}, which the registry says no reply carries (write-only)`);
    if (facts.returned !== "never") {
      if (inReply === undefined)
        say(field, "reply", `${TRANSFORMATION_MODELS.reply} has no ${field}, which the registry says replies carry`);
      else found.push(...typeDisagreements(ctx, field, TRANSFORMATION_MODELS.reply, inReply, facts));
    }
  }
  const known = new Set<string>([...Object.keys(registry), ...TRANSFORMATION_MODELS.serverKeys]);
  for (const model of [TRANSFORMATION_MODELS.create, TRANSFORMATION_MODELS.update, TRANSFORMATION_MODELS.reply])
    for (const field of Object.keys(modelOf(sdk, model)))
      if (!known.has(field)) say(field, "unknown", `${model} has ${field}, which the registry lacks`);
  return found;
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
  return "list" in type ? `list of ${describe(type.list)}` : `model ${type.model}`;
}

/** How the registry's JSON Schema `schema` and the SDK's type differ at `at`: type, and for objects each member's presence, requiredness and type. */
function typeMismatches(ctx: Context, schema: Schema, type: ModelType, at: string): string[] {
  const mismatch = [`${at}: the registry's schema says ${String(schema.type)}, the SDK says ${describe(type)}`];
  if (type === "any") return [];
  if (schema.type === "string" || schema.type === "boolean") return type === schema.type ? [] : mismatch;
  if (schema.type === "number" || schema.type === "integer") return type === "number" ? [] : mismatch;
  if (schema.type === "array") {
    if (typeof type === "string" || !("list" in type)) return mismatch;
    return typeMismatches(ctx, resolve(ctx, schema.items as Schema), type.list, `${at}[]`);
  }
  if (schema.type !== "object" || typeof type === "string" || !("model" in type)) return mismatch;
  return memberMismatches(ctx, schema, type.model, at);
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
