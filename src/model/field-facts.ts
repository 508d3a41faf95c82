/**
 * The facts each entry of the field registry (src/model/fields.ts) must hold, typed from the field's
 * value (`TransformationInput`), so an entry missing a fact, or holding one its value contradicts,
 * does not compile.
 */
import type { TransformationInput } from "./transformation.js";
import type { JsonSchema } from "./field-schemas.js";

type Input = TransformationInput;
export type FieldName = keyof Input;
export type Value<K extends FieldName> = NonNullable<Input[K]>;
type IsRequired<K extends FieldName> = object extends Pick<Input, K> ? false : true;
type IsList<K extends FieldName> = Value<K> extends readonly unknown[] ? true : false;
type Element<K extends FieldName> = Value<K> extends ReadonlyArray<infer E> ? E : Value<K>;

/**
 * How the members of an object value (or of each element of a list) compare: `all` of them as
 * written, or only those `compared`, of which `sets` are lists whose order means nothing.
 */
export type Members<E> = E extends object
  ? "all" | { compared: ReadonlyArray<keyof E & string>; sets: ReadonlyArray<keyof E & string> }
  : "not an object";

/** `scalar` compares the value; `set` a list whose order and duplicates mean nothing; `list` a list in order. */
export type Compare = "scalar" | "set" | "list";

/** Which replies of the API carry the field: every one, all but the list's elements, or none (write-only). */
export type Returned = "always" | "not in lists" | "never";

/**
 * What import writes: the `value` read, or, for a field no reply carries (write-only), a `note` in
 * the document asking the reader to add it (and the value, should a reply ever carry it).
 */
type ReturnedAndImported = { returned: "always" | "not in lists"; imported: "value" } | { returned: "never"; imported: "note" };

/** The JSON Schema `type` of a value of type V. */
type SchemaType<V> = V extends string
  ? "string"
  : V extends boolean
    ? "boolean"
    : V extends number
      ? "number" | "integer"
      : V extends readonly unknown[]
        ? "array"
        : "object";

/**
 * The field's JSON Schemas, from which `npm run schemas` (scripts/compile-schemas.ts) writes its parts
 * of schemas/: `$ref`s in `value` name a def of schemas/defs.schema.json (`#/$defs/…`, the fields'
 * own or SHARED_DEFS of src/model/field-schemas.ts); those of `planned` and `document` are relative
 * to schemas/ (`defs.schema.json#/$defs/…`).
 */
export interface FieldSchema<V> {
  /**
   * The value as the API takes and returns it: `$defs.<field>` of schemas/defs.schema.json, which the
   * emulator's create and update bodies refer to (the update's admitting `null` when `clearedWith` is
   * null), and against which replies are checked (src/kinds/transformation/decode-fields.ts). A write-only field's
   * description gains "Write-only: …".
   */
  value: JsonSchema & { type: SchemaType<V>; description: string };
  /** The value in a plan's body (schemas/plan.schema.json `$defs.body`): the API's, or one of its own (a hash key may name an environment variable). */
  planned: "the value" | JsonSchema;
  /** The property of a document (schemas/transformation.schema.json): the planned value's, or one of its own (aliases, slugs, a description for documents). */
  document: "as planned" | JsonSchema;
}

export type FieldFacts<K extends FieldName> = ReturnedAndImported & {
  /** What the value is, as the docs' field table says it. */
  type: string;
  /** Required by create (and by a document); a required field cannot be cleared. */
  required: IsRequired<K>;
  /**
   * transync's clearing convention: what an update sends to unset the field (a document that leaves
   * it out). Lists are cleared with `[]`, booleans with `false`, other values with `null`.
   */
  clearedWith: IsRequired<K> extends true
    ? "not clearable"
    : IsList<K> extends true
      ? readonly []
      : Value<K> extends boolean
        ? false
        : null;
  compare: IsList<K> extends true ? Exclude<Compare, "scalar"> : "scalar";
  members: Members<Element<K>>;
  /** The alias a document may write for the id (transync.yaml), which import writes back. */
  aliased: "source" | "destination" | "no";
  /**
   * What the simulator does with it (docs/simulator.md): `step` names the function that does it, a key
   * of `SIMULATOR_STEPS` (src/simulate/simulator-steps.ts, which fails to build without it), and
   * `does` says what; `step: null` when the simulator does nothing with it, `does` saying why.
   */
  simulated: { step: string; does: string } | { step: null; does: string };
  schema: FieldSchema<Value<K>>;
  /** Two different valid values: docs and the end-to-end test use them (a document starts with the first of each required field). */
  examples: readonly [Value<K>, Value<K>];
};
