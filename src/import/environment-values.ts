import type { Transformation } from "../model/transformation.js";
import { FIELDS, type FieldName } from "../model/fields.js";
import { comparableFields, normField } from "../plan/normalise.js";
import { sameJson } from "../plan/canonical.js";
import { effectiveDocument, existsIn, overridesOf } from "../desired/per-environment.js";
import { refText } from "../desired/live-refs.js";

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
  const base = effectiveDocument(doc, undefined).doc;
  const effective = effectiveDocument(doc, view.env).doc;
  const entry: Doc = { ...(overridesOf(doc, view.env) ?? {}) };
  let changed = false;
  for (const field of comparableFields(live)) {
    if (field === "name" || sameValue(field, effective[field], live, view)) continue;
    changed = true;
    if (Object.hasOwn(entry, field) && sameValue(field, base[field], live, view)) delete entry[field];
    else entry[field] = overrideValue(field, live, view);
  }
  if (!changed) return undefined;
  const all: Doc = { ...((doc.overrides as Doc | undefined) ?? {}) };
  if (Object.keys(entry).length > 0) all[view.env] = entry;
  else delete all[view.env];
  return { overrides: Object.keys(all).length > 0 ? all : undefined };
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
