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
  /**
   * Only a create sets it: the kind's update input has no such field (a Destination Filter's source
   * and instance), so a pinned document that gives another value is refused at plan
   * (src/plan/kind-plan.ts). Absent: an update sends it when it changes.
   */
  readonly fixed?: true;
  /** The value's JSON Schema on the wire. */
  readonly schema: { readonly value: JsonSchema };
}

/** A reply's first field of the wrong type: where (`.field[2]`), what was expected and what came. */
export interface KindMisfit {
  path: string;
  expected: string;
  value: unknown;
}

/**
 * A document's finding that is not a schema's: the path of the field it is about (a list's index as a
 * number or its text), and what is wrong. `validate` positions it at the field's YAML node
 * (src/desired/check-file.ts); the emulator sends those with `api` as its 422 (its `emulator.routes.rules`, api-rules.ts).
 */
export interface KindIssue {
  path: ReadonlyArray<string | number>;
  message: string;
  /** Absent: an error. A warning does not stop a plan; its `rule` is an id a document's `lint.ignore` may name (src/desired/lint-rules.ts). */
  severity?: "error" | "warning";
  /** The finding's stable id (`fql-syntax`), shown beside it; absent: `schema`. */
  rule?: string;
  /** An offset inside the field's text value (an FQL error's column): the finding points at that character. */
  valueOffset?: number;
  /**
   * The API refuses the same with a 422: its error's message (the field is `path` dotted). Absent: a
   * finding of transync's own (the API accepts it, or its own refusal is its schema's).
   */
  api?: string;
}

/** A document's rules past its header and the registry's required and unknown fields (the Transformation: past its JSON Schema). */
export interface KindValidation {
  check(doc: Readonly<Record<string, unknown>>): KindIssue[];
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

/** What the emulator stamps on a new object besides its input: its id, its workspace and the time (ISO 8601). */
export interface KindStamp {
  readonly id: string;
  readonly workspaceId: string;
  readonly at: string;
}

/** The emulator's store of the kind: the stored form, PATCH's semantics, a reply's shape, the ids it assigns. */
export interface KindEmulator {
  /** Prefix of the ids the emulator assigns (`newId` after it). */
  readonly idPrefix: string;
  /** The stored form of a created object's input (clearing values removed, sets sorted as the API does); the id is set after it. */
  stored(input: Readonly<Record<string, unknown>>, stamp?: KindStamp): Record<string, unknown>;
  /** The object after an update's body, at `at` (ISO 8601). */
  updated(current: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>, at?: string): Record<string, unknown>;
  /** What a reply carries of a stored object, in the API's key order. */
  reply(stored: KindObject, view: "single" | "list"): Record<string, unknown>;
}

/** What import knows besides a live object that its document may need: aliases, the environment, `--split`. */
export interface KindImportContext {
  /** Source id -> alias of the selected environment; an aliased source is written by its alias. */
  readonly sourceAliases: Readonly<Record<string, string>>;
  /** Destination metadata id -> alias of transync.yaml's `destinations:`; an aliased destination is written by its alias. */
  readonly destinationAliases: Readonly<Record<string, string>>;
  /** With an environment, each document's `id` is that environment's pin, `id: { <env>: <id> }`. */
  readonly env?: string;
  /** `--split`: a kind that groups its objects (`KindImportGroup`) writes each in a file of its own. */
  readonly split: boolean;
}

/** One refusal of a body (a 422): the field it is about (dotted, `actions.0.type`; absent: the whole body) and the whole message. */
export interface KindInputError {
  field?: string;
  message: string;
}

/**
 * A field naming another object of the workspace, checked by the emulator's routes on a create (and
 * on an update that sends it): `source`, one of the workspace's sources when its config lists them (else
 * 404 naming the field); `destination instance`, a destination its sources connect (the parent in the
 * path, else 404); `the instance's source`, the source that instance is connected to (else 422).
 */
export type KindReference = "source" | "destination instance" | "the instance's source";

/** The audit trail of the kind's writes (`GET /audit-events`): the events' `resourceType` and names; `resourceName` is the identity's name field. */
export interface KindAudit {
  readonly resourceType: string;
  readonly created: string;
  readonly deleted: string;
  /** The event of an update, from the object before and after it and the body sent. */
  updated(current: KindObject, next: KindObject, patch: Readonly<Record<string, unknown>>): string;
}

/**
 * How the emulator serves the kind where kinds differ (src/emulator/routes/kinds.ts serves every kind):
 * `"generic"` takes every default (and lets the emulator config's `kinds:` seed it); a kind whose API
 * differs gives the facts that differ (test/kinds/kind-route-facts.test.ts).
 */
export interface KindRoutes {
  /** The object id's path parameter, as docs/emulator.md spells the route (`transformationId`); default `id`. */
  readonly idParam?: string;
  /** How messages name one object (`Destination Filter`); default the kind's name. */
  readonly noun?: string;
  /** The workspace feature its routes need (a 401 without it); default none. */
  readonly feature?: string;
  /** The fields that must name an existing object of the workspace. */
  readonly references?: Readonly<Record<string, KindReference>>;
  /** The audit events of its writes; absent: none recorded. */
  readonly audit?: KindAudit;
  /** PATCH's nulls follow `compat.patchNull` (clear, ignore, reject); absent: passed on as sent. */
  readonly patchNullsPerCompat?: boolean;
  /**
   * The body's own 422s, before any object is looked up: the request schemas of `schemas/api/`
   * (`create-transformation`) or a pure check. Absent: the registry's (a field the kind does not
   * have, a required one a create lacks, the decode rule's misfit), on the object a write would store.
   */
  readonly body?:
    | { readonly schemas: { readonly create: string; readonly update: string } }
    | { check(body: unknown, mode: "create" | "update"): KindInputError[] };
  /**
   * The kind's rules past the body's shape, pure: on a create's body, an update's merged object (or
   * its body, beside the body's own 422s).
   */
  rules?(object: Readonly<Record<string, unknown>>): KindInputError[];
}

/**
 * A file shared by the objects of one group (Transformation: a source), `<group>.yaml`, the group's
 * text made a safe file name unique among the groups; with `own` (a name, slugified), the object
 * has a file of its own, `<group>/<own>.yaml`, unique in that folder (src/import/kind-import.ts).
 */
export interface KindImportGroup {
  readonly group: string;
  readonly own?: string;
}

/**
 * How the YAML of a document is laid out for people to edit (src/import/ writes the text): maps and
 * lists on one line for `flow` keys, each map of the list on one line for `flowItems` keys, strings a
 * YAML 1.1 reader takes for booleans or null quoted, long lines never folded. Absent: yaml's defaults.
 */
export interface KindImportLayout {
  readonly flow: readonly string[];
  readonly flowItems: readonly string[];
}

/**
 * What `transync import` writes for a live object, rendered for every kind by src/import/kind-import.ts:
 * the file it goes to and the document's fields after the header. A field no reply carries
 * (`returned: "never"`) and the object lacks gets a note asking for it, from the field registry.
 */
export interface KindImporter {
  /** The document file of an object, relative to the documents folder (objects at one path share it), or its group. */
  file(live: KindObject, context: KindImportContext): string | KindImportGroup;
  /** The document's fields, in the order written (no `apiVersion`, `kind` or `id`: import writes those). */
  document(live: KindObject, context: KindImportContext): Record<string, unknown>;
  /** The document's keys written before its `id` (Transformation: `name`); absent: `id` follows `kind`. */
  readonly beforeId?: readonly string[];
  /** The order of a file's documents: by the identity's name, then id; absent: by id. */
  readonly order?: "name" | "id";
  /** What else an import cannot carry over, written as the document's comment below the write-only note. */
  notes?(live: KindObject): string[];
  readonly layout?: KindImportLayout;
  /** The editors' schema its files name in their first line (a file of the project's schemas); absent: none. */
  readonly schema?: string;
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
  /** The validation of a document past its header: the kind's rules, one set for `validate` and the emulator. */
  readonly validation: KindValidation;
  /** The emulator's store and routes: every kind is served by src/emulator/routes/kinds.ts from these facts. */
  readonly emulator: KindEmulator & { readonly routes: KindRoutes | "generic" };
  readonly importer: KindImporter;
  readonly labels: KindLabels;
  /** The editors' JSON Schema `npm run schemas` writes (absent: none). */
  readonly editorSchema?: KindEditorSchema;
  /** Documents that are not the object's fields as they are (absent: they are). */
  readonly document?: KindDocument;
}
