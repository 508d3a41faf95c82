import type { Transformation } from "../model/transformation.js";
import { FIELDS, type FieldName } from "../model/fields.js";
import { comparableFields, normField } from "../plan/normalise.js";
import { sameJson } from "../plan/canonical.js";
import { effectiveDocument, existsIn, overridesOf } from "../desired/per-environment.js";
import { refText } from "../desired/live-refs.js";
import { ownValue } from "../own-keys.js";

/*
 * What `import --env E` writes into a document that exists so that E's effective document
 * (src/desired/per-environment.ts) describes E's live object, never touching the document's own
 * values (issue 34): each field that differs becomes `overrides.E.<field>`, an override that is no
 * longer needed (E now has the document's own value) goes, and `only` / `except` say in which
 * environments the document exists. Pure.
 */

type Doc = Record<string, unknown>;

/** The document's new top-level per-environment keys: a value replaces the key, `undefined` removes it. */
export type KeyEdits = Partial<Record<"overrides" | "only" | "except", unknown>>;

/** How a document's reference and a live value compare, in E's workspace. */
export interface EnvironmentView {
  env: string;
  /** The environments of transync.yaml, in its order. */
  environments: readonly string[];
  /** A document's source reference (alias, id, `{ slug }`) as an id of E's workspace; undefined when it does not resolve. */
  sourceIdOf(ref: unknown): string | undefined;
  /** A document's destination reference as a metadata id; undefined when it does not resolve. */
  destinationIdOf(ref: unknown): string | undefined;
  /** A live field's value as import writes it (ids by their aliases); undefined when unset. */
  rendered(live: Transformation, field: FieldName): unknown;
}

/** Whether the document's value of `field` is the live object's, as plan compares them. */
function sameValue(field: FieldName, written: unknown, live: Transformation, view: EnvironmentView): boolean {
  const liveValue = (live as unknown as Record<string, unknown>)[field];
  if (FIELDS[field].aliased === "source") return view.sourceIdOf(written) === liveValue;
  if (FIELDS[field].aliased === "destination" && refText(written) !== undefined) return view.destinationIdOf(written) === liveValue;
  return sameJson(normField(field, written), normField(field, liveValue));
}

/** The value an override writes for a live field: as import writes it, `[]` or `null` for an unset one. */
function overrideValue(field: FieldName, live: Transformation, view: EnvironmentView): unknown {
  const value = view.rendered(live, field);
  if (value !== undefined) return value;
  return FIELDS[field].compare === "scalar" ? null : [];
}

/**
 * E's `overrides` entry that makes the effective document match `live`: fields that already match
 * are left as written (a hand-written override that agrees stays), an override the document's own
 * value now matches is removed, every other difference is written. `undefined`: no change.
 */
export function overridesFor(doc: Doc, live: Transformation, view: EnvironmentView): KeyEdits | undefined {
  return overridesEdit(doc, view.env, {
    fields: comparableFields(live).filter((field) => field !== "name"),
    values: (effective) => effective,
    same: (field, written) => sameValue(field as FieldName, written, live, view),
    live: (field) => overrideValue(field as FieldName, live, view),
  });
}

/** How one kind's fields of a document compare with E's live object (`overridesEdit`). */
export interface OverrideFields {
  /** The fields an override may set, in the order written. */
  fields: readonly string[];
  /** The fields' values of an effective document (a kind's API fields from it, or the document itself). */
  values(effective: Doc): Doc;
  /** Whether the document's value of `field` is the live object's, as plan compares them. */
  same(field: string, written: unknown): boolean;
  /** The value an override writes for the live object's field. */
  live(field: string): unknown;
}

/**
 * The `overrides` edit of every kind whose documents differ per environment (a Transformation's,
 * `overridesFor`; another kind's, kind-env-overrides.ts): E's entry as `overridesFor` says, the other
 * environments' entries kept.
 */
export function overridesEdit(doc: Doc, env: string, fields: OverrideFields): KeyEdits | undefined {
  const base = fields.values(effectiveDocument(doc, undefined).doc);
  const effective = fields.values(effectiveDocument(doc, env).doc);
  const entry: Doc = { ...(overridesOf(doc, env) ?? {}) };
  let changed = false;
  for (const field of fields.fields) {
    if (fields.same(field, effective[field])) continue;
    changed = true;
    if (Object.hasOwn(entry, field) && fields.same(field, base[field])) delete entry[field];
    else entry[field] = fields.live(field);
  }
  if (!changed) return undefined;
  const all: Doc = { ...((doc.overrides as Doc | undefined) ?? {}) };
  if (Object.keys(entry).length > 0) all[env] = entry;
  else delete all[env];
  return { overrides: Object.keys(all).length > 0 ? all : undefined };
}

/** `overrides.prod: enabled, description`, or `overrides.prod removed`: what an edit of `overrides` says of E. */
export function overridesDetail(edit: KeyEdits, env: string): string {
  const entry = ownValue(edit.overrides as Record<string, Doc> | undefined, env);
  return entry ? `overrides.${env}: ${Object.keys(entry).join(", ")}` : `overrides.${env} removed`;
}

/** In the order transync.yaml defines them (an unknown name, kept as written, last). */
function ordered(envs: readonly string[], environments: readonly string[]): string[] {
  const rank = (env: string): number => (environments.includes(env) ? environments.indexOf(env) : environments.length);
  return [...new Set(envs)].sort((a, b) => rank(a) - rank(b));
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** A document E's workspace has the object of, that `only`/`except` leaves out of E: E is added. */
export function includedIn(doc: Doc, view: EnvironmentView): KeyEdits | undefined {
  if (existsIn(doc, view.env)) return undefined;
  if (Array.isArray(doc.only)) return { only: ordered([...names(doc.only), view.env], view.environments) };
  const except = names(doc.except).filter((env) => env !== view.env);
  return { except: except.length > 0 ? except : undefined };
}

/**
 * A document that exists in E but whose object E's workspace does not have: E is taken out. Only a
 * document an import pinned (it describes an object that exists somewhere): one written by hand
 * and never imported is a change its author means to apply, left as it is. With `only`, E leaves
 * the list (a list that would be empty is left alone: the document exists nowhere else); with
 * `except`, E joins it; without either, `only` lists the environments the document is pinned in
 * (their imports found its object), else (pinned in E alone, its object gone) `except: [E]`.
 */
export function excludedFrom(doc: Doc, view: EnvironmentView): KeyEdits | undefined {
  if (!existsIn(doc, view.env) || pinnedEnvironments(doc).length === 0) return undefined;
  if (Array.isArray(doc.only)) {
    const only = names(doc.only).filter((env) => env !== view.env);
    return only.length > 0 ? { only } : undefined;
  }
  if (Array.isArray(doc.except)) return { except: ordered([...names(doc.except), view.env], view.environments) };
  const pinned = pinnedEnvironments(doc).filter((env) => env !== view.env && view.environments.includes(env));
  return pinned.length > 0 ? { only: ordered(pinned, view.environments) } : { except: [view.env] };
}

/** The environments of the document's `id` map. */
export function pinnedEnvironments(doc: Doc): string[] {
  const id = doc.id;
  return id !== null && typeof id === "object" && !Array.isArray(id) ? Object.keys(id) : [];
}
