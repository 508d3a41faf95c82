/**
 * The `ResourceKind` descriptor (issue 36): everything the generic stages need to know of one kind of
 * Segment object, given to them as data. Transformation's is src/kinds/transformation/index.ts; a
 * kind is added by writing one (docs/architecture.md, "A new kind of object") and registering it
 * (src/kinds/index.ts). Only ground-floor types here: every stage, the pure planner included, reads it.
 */
import type { JsonSchema } from "../model/field-schemas.js";

/** An object of a kind as the API returns it: its id and its fields. */
export type KindObject = { readonly id: string } & Readonly<Record<string, unknown>>;

/**
 * The facts of one input field that the generic stages read; a Transformation's registry entry
 * (src/model/fields.ts) holds them among its own.
 */
export interface KindField {
  readonly required: boolean;
  /** Which replies carry it: every one, all but the list's elements, or none (write-only). */
  readonly returned: "always" | "not in lists" | "never";
  /** `scalar` compares the value; `set` a list whose order means nothing; `list` a list in order. */
  readonly compare: "scalar" | "set" | "list";
  /** What an update sends to unset it (`"not clearable"` for a required field). */
  readonly clearedWith: "not clearable" | null | false | readonly [];
  /** The value's JSON Schema on the wire. */
  readonly schema: { readonly value: JsonSchema };
}

/** A reply's first field of the wrong type: where (`.field[2]`), what was expected and what came. */
export interface KindMisfit {
  path: string;
  expected: string;
  value: unknown;
}

/** A document's finding that is not a schema's: the path of the field it is about, and what is wrong. */
export interface KindIssue {
  path: string[];
  message: string;
}

/**
 * A member a kind still implements in a stage's own files (Transformation's, until that stage reads
 * the descriptor): the file that does it. A new kind gives the member itself.
 */
export interface InStage {
  readonly inStage: string;
}

/** How an object is known: by the document's `name` field, within the scope of another (Transformation: its source); `id:` pins it. */
export interface KindIdentity {
  /** The field that names an object; documents and live objects match on it. */
  readonly name: string;
  /** The field whose value is the scope names are unique in; absent: the whole workspace. */
  readonly scope?: string;
  /** The scope field holds a source's id: `import --source` narrows the kind's objects to those of the sources named. */
  readonly scopeIsSource?: boolean;
}

/**
 * The kind's REST resource: `GET|POST <collection>`, `GET|PATCH|DELETE <collection>/{id}`. A list
 * reply is `{ data: { <listKey>: [...], pagination } }`; get, create and update reply `{ data: {
 * <itemKey>: {...} } }`; create sends every field the document sets, update only those that change
 * (a cleared one as its `clearedWith`), delete nothing.
 */
export interface KindApi {
  readonly collection: string;
  readonly listKey: string;
  readonly itemKey: string;
  /**
   * A collection nested in another object's (Destination Filters: `/destination/{destinationId}/filters`):
   * the field whose value fills `{field}` in `collection`. It is never in a body; the list is read per
   * value (src/live/kind-client.ts).
   */
  readonly parent?: string;
  /** The most objects one value of the identity's scope may hold (the API's limit), refused at plan. */
  readonly perScope?: number;
}

/**
 * A kind whose documents differ from its API objects (Destination Filters): the document's own keys,
 * the one naming it, and its API fields from a checked document. Absent: a document is its fields.
 */
export interface KindDocument {
  /** The key naming a document for transync (plans, reports, `--target`); the identity's name field defaults to it. */
  readonly name: string;
  /** Every key a document may hold besides the header (`apiVersion`, `kind`, `id`), in the order messages list them. */
  readonly keys: readonly string[];
  /** `overrides`, `only` and `except` as for Transformations (src/desired/per-environment.ts). */
  readonly perEnvironment: boolean;
  /**
   * The document names a destination instance (`destination`: a `connections:` alias, `{ slug, name }`
   * or `{ id }`) and its source (`source`): resolved offline into `sourceId` and the resource's
   * `instance` (src/desired/instance-refs.ts), and by plan into the scope field's value.
   */
  readonly onInstance: boolean;
  /** The API fields of a checked (effective) document, before its references are resolved. */
  spec(doc: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /**
   * Each key's value as the editors' schema has it (src/kinds/editor-schema.ts), one per key of
   * `keys`: `validate` checks `validation.check`, editors these.
   */
  readonly values: Readonly<Record<string, JsonSchema>>;
  /** The keys a document must give (`validation.check` reports each missing one; the editors' schema requires them). */
  readonly required: readonly string[];
}

/** The emulator's store of the kind: the stored form, PATCH's semantics, a reply's shape, the ids it assigns. */
export interface KindEmulator {
  /** Prefix of the ids the emulator assigns (`newId` after it). */
  readonly idPrefix: string;
  /** The stored form of a created object's input (clearing values removed, sets sorted as the API does). */
  stored(input: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The object after an update's body. */
  updated(current: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** What a reply carries of a stored object, in the API's key order. */
  reply(stored: KindObject, view: "single" | "list"): Record<string, unknown>;
}

/** What `transync import` writes for a live object: the file it goes to and the document's fields after the header. */
export interface KindImporter {
  /** The document file of an object, relative to the project's documents folder. */
  file(live: KindObject): string;
  /** The document's fields, in the order written (no `apiVersion`, `kind` or `id`: import writes those). */
  document(live: KindObject): Record<string, unknown>;
}

/**
 * The editors' JSON Schema of the kind's documents, written by `npm run schemas` from the descriptor
 * (src/kinds/editor-schema.ts) to `schemas/<file>`: from its field registry, or for a kind whose
 * documents are not its fields (`document`) from the document's keys and their `values`, with
 * `overrides`/`only`/`except` when they differ per environment. `transync import` and `transync
 * schemas` copy it into a project's `.transync/schemas/` (src/import/project-schemas.ts), and import's
 * documents of the kind name it. Absent: none is written.
 */
export interface KindEditorSchema {
  /** The file's name under schemas/ (`widget.schema.json`). */
  readonly file: `${string}.schema.json`;
  /** What a document of the kind is, for the schema's `description`. */
  readonly description: string;
  /** One description per field of the registry (per key of `document.keys` for a kind with a `document`), shown by editors beside the key. */
  readonly fields: Readonly<Record<string, string>>;
  /** Examples of a key's value, by key (a field, a document key, `overrides`), shown by editors. */
  readonly examples?: Readonly<Record<string, readonly unknown[]>>;
  /** A whole document, the schema's example. */
  readonly example?: Readonly<Record<string, unknown>>;
}

/** How reports name the kind and its objects. */
export interface KindLabels {
  readonly singular: string;
  readonly plural: string;
}

export interface ResourceKind {
  /** The documents' `kind:` and a plan action's `resource`. */
  readonly name: string;
  /** The field registry: one entry per input field, in the order import writes them and reports list them. */
  readonly fields: Readonly<Record<string, KindField>>;
  readonly identity: KindIdentity;
  readonly api: KindApi;
  /** The decode rule of a reply's object: its first misfit, or undefined when every field has its type. */
  decode(value: unknown): KindMisfit | undefined;
  /** The validation of a document past its header: the kind's schema and rules. */
  readonly validation: InStage | { check(doc: Readonly<Record<string, unknown>>): KindIssue[] };
  readonly emulator: KindEmulator & { readonly routes: InStage | "generic" };
  readonly importer: InStage | KindImporter;
  readonly labels: KindLabels;
  /** The editors' JSON Schema `npm run schemas` writes (absent: none). */
  readonly editorSchema?: KindEditorSchema;
  /** Documents that are not the object's fields as they are (absent: they are). */
  readonly document?: KindDocument;
}

/** Whether a member is still implemented by a stage's own files (the Transformation's today). */
export function inStage<T extends object>(member: InStage | T): member is InStage {
  return Object.hasOwn(member, "inStage");
}
