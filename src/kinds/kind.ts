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

/** What `transync import` writes for a live object: the file it goes to and the document's fields after the header. */
export interface KindImporter {
  /** The document file of an object, relative to the project's documents folder. */
  file(live: KindObject): string;
  /** The document's fields, in the order written (no `apiVersion`, `kind` or `id`: import writes those). */
  document(live: KindObject): Record<string, unknown>;
}

/**
 * The editors' JSON Schema of the kind's documents, written by `npm run schemas` from the field
 * registry (src/kinds/editor-schema.ts) to `schemas/<file>`. Absent: none is written (a kind whose
 * documents are not its fields, Destination Filters, keeps a hand-written one).
 */
export interface KindEditorSchema {
  /** The file's name under schemas/ (`widget.schema.json`). */
  readonly file: string;
  /** What a document of the kind is, for the schema's `description`. */
  readonly description: string;
  /** One description per field of the registry, shown by editors beside the key. */
  readonly fields: Readonly<Record<string, string>>;
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
  /** The emulator's store and routes: every kind is served by src/emulator/routes/kinds.ts from these facts. */
  readonly emulator: KindEmulator & { readonly routes: KindRoutes | "generic" };
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
