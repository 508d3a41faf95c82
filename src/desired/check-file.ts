import { INPUT_FIELDS, type TransformationInput } from "../model/transformation.js";
import type { Diagnostic } from "./types.js";
import type { DesiredResource, SourceLocation } from "../model/desired-resource.js";
import { parseYamlText } from "./read-yaml.js";
import { parseYamlFast } from "./fast-yaml.js";
import { checkApiVersion, documentReporter, reportSchemaIssues } from "./reporter.js";
import { checkSchema } from "./schema-check.js";
import type { RuleReporter } from "./rules.js";
import { linePos, lookupNode, offsetOf, type FieldPath } from "./positions.js";
import {
  checkPerEnvironmentKeys,
  effectiveDocument,
  existsIn,
  isNotOverridableIssue,
  overriddenInputFields,
  overriddenEnvironments,
  overrideReporter,
  presentIn,
} from "./per-environment.js";
import type { KeyedDocument } from "./unique-keys.js";
import { resolveDestination, resolvePin, resolveSource, type DocumentContext, type ResolvedRef } from "./document-refs.js";
import { checkEnvironmentChosen, checkEveryEffectiveDocument, namingEnvironment, reportingOnce } from "./effective-checks.js";
import { documentLint, type DocumentLint } from "./lint.js";
import { readIgnoredFields } from "./ignore-fields.js";
import { DEFAULT_KIND, kindNamed, knownKinds, type ResourceKind } from "../kinds/index.js";
import { checkKindDocument } from "./kind-documents.js";

export { checkUnique } from "./unique-keys.js";
export type { DocumentContext } from "./document-refs.js";

/** A checked document: its resource when valid (and present in the environment), and its keys (with positions) for uniqueness. */
export interface CheckedDocument extends KeyedDocument {
  resource?: DesiredResource;
}

/** The outcome of checking one file's text. */
export interface CheckedFile {
  /** One entry per document that got past the header checks, in document order. */
  checked: CheckedDocument[];
  /** YAML problems first, then each document's findings, in document order. */
  diagnostics: Diagnostic[];
  /** How many non-empty documents the file holds (valid or not). */
  documents: number;
  /** The `lint.ignore` blocks of its documents (lint.ts), valid or not. */
  lint: DocumentLint[];
}

/**
 * Pure: parses and validates one file's text (everything but the uniqueness check across files).
 * A file is read on the fast path first (fast-yaml.ts); if it is unusual or any document has a
 * finding, it is read again on the exact path, which positions every finding.
 */
export function checkFileText(file: string, text: string, context: DocumentContext): CheckedFile {
  return checkFileFast(file, text, context) ?? checkFileExact(file, text, context);
}

/** The exact path: `yaml` with a node tree, so every finding points at its node. */
export function checkFileExact(file: string, text: string, context: DocumentContext): CheckedFile {
  const read = parseYamlText(file, text);
  const diagnostics = [...read.diagnostics];
  const checked: CheckedDocument[] = [];
  const lint: DocumentLint[] = [];
  for (const ydoc of read.documents) {
    const own: Diagnostic[] = [];
    const ignores = documentLint(ydoc);
    if (ignores) lint.push(ignores);
    const at = (offset: number): SourceLocation => ({ file, ...linePos(ydoc.lineCounter, offset) });
    const field = (name: string): SourceLocation => at(offsetOf(lookupNode(ydoc.doc, [name])));
    const places = {
      start: at(ydoc.doc.contents?.range?.[0] ?? 0),
      name: field("name"),
      id: field("id"),
      protect: field("protect"),
      locate: (path: FieldPath) => at(offsetOf(lookupNode(ydoc.doc, path))),
    };
    const result = checkDocument(ydoc.value, context, documentReporter(ydoc, own), places);
    diagnostics.push(...own);
    if (result && own.some((d) => d.severity === "error")) delete result.resource;
    if (result) checked.push(result);
  }
  return { checked, diagnostics, documents: read.documents.length, lint };
}

/** The fast path: undefined unless the file reads plainly and no document has any finding. */
function checkFileFast(file: string, text: string, context: DocumentContext): CheckedFile | undefined {
  const read = parseYamlFast(text);
  if (!read) return undefined;
  let findings = 0;
  const counter: RuleReporter = { report: () => void findings++ };
  const checked: CheckedDocument[] = [];
  for (const fdoc of read.documents) {
    // Only the exact path knows where an override's `protect` is.
    if (overridesProtect(fdoc.value)) return undefined;
    const at = (offset: number | undefined): SourceLocation => ({ file, ...linePos(read.lineCounter, offset ?? fdoc.start) });
    const result = checkDocument(fdoc.value, context, counter, {
      start: at(fdoc.start),
      name: at(fdoc.name),
      id: at(fdoc.id),
      protect: at(fdoc.protect),
    });
    // A `lint` block is positioned on the exact path (an unused ignore is reported at its entry).
    if (findings > 0 || !result?.resource || Object.hasOwn(fdoc.value, "lint")) return undefined;
    checked.push(result);
  }
  return { checked, diagnostics: [], documents: read.documents.length, lint: [] };
}

/** Where a document starts and where its `name` and `id` are (its start when absent), as each path knows it. */
interface DocumentPlaces {
  start: SourceLocation;
  name: SourceLocation;
  id: SourceLocation;
  protect: SourceLocation;
  /** Any field's place (the exact path only). */
  locate?: (path: FieldPath) => SourceLocation;
}

function overridesProtect(doc: Record<string, unknown>): boolean {
  const all = doc.overrides;
  if (all === null || typeof all !== "object") return false;
  return Object.values(all).some((entry) => entry !== null && typeof entry === "object" && Object.hasOwn(entry, "protect"));
}

/** Validates one document's value; the result holds its resource unless something was reported. */
function checkDocument(
  value: unknown,
  context: DocumentContext,
  reporter: RuleReporter,
  places: DocumentPlaces,
): CheckedDocument | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    reporter.report(
      "error",
      "schema",
      [],
      `a document must be a mapping with apiVersion, kind, name, sourceId, enabled and if (got ${Array.isArray(value) ? "a list" : typeof value === "string" ? "a string" : String(value)})`,
    );
    return undefined;
  }
  const doc = value as Record<string, unknown>;
  if (!checkHeader(doc, reporter)) return undefined;
  const kind = kindNamed(doc.kind as string)!;
  if (kind !== DEFAULT_KIND) return otherKind(kind, doc, reporter, places, context);
  const once = reportingOnce(reporter);
  reportSchemaIssues(
    once,
    checkSchema("transformation.schema.json", doc).filter((issue) => !isNotOverridableIssue(issue)),
  );
  const defined = Object.keys(context.config.environments);
  checkPerEnvironmentKeys(doc, defined, once);
  checkEveryEffectiveDocument(kind, doc, context, once);
  checkEnvironmentChosen(doc, context, once);
  const ignore = readIgnoredFields(doc, once);
  const { env } = context;
  const checked: CheckedDocument = { at: { name: places.name, id: places.id } };
  if (typeof doc.name === "string") checked.name = doc.name;
  const environments = presentIn(doc, defined);
  if (environments !== undefined) checked.environments = environments;
  // A document `only`/`except` leaves out of the environment does not exist there: no resource, nothing of it resolved there.
  const pin = resolvePin(doc, context, once);
  if (env !== undefined && !existsIn(doc, env)) return checked;
  const effective = effectiveDocument(doc, env);
  const envReporter = overrideReporter(once, env, effective.overridden);
  const sourceId = resolveSource(effective.doc, context, env, envReporter);
  const destinationId = resolveDestination(effective.doc, context, envReporter);
  if (pin !== undefined) checked.id = pin;
  const resource = toResource(effective.doc, { sourceId, destinationMetadataId: destinationId, id: pin }, places.start);
  if (resource) withEnvironmentFacts(resource, effective, env, places);
  if (resource && ignore) resource.ignore = ignore;
  if (resource) checked.resource = resource;
  return checked;
}

/** Marks `protect` (transync's own, never sent: src/plan/protect.ts) and the fields an override set. */
function withEnvironmentFacts(
  resource: DesiredResource,
  effective: { doc: Record<string, unknown>; overridden: string[] },
  env: string | undefined,
  places: DocumentPlaces,
): void {
  if (effective.doc.protect === true)
    resource.protectedAt =
      effective.overridden.includes("protect") && places.locate ? places.locate(["overrides", env!, "protect"]) : places.protect;
  const fields = overriddenInputFields(effective.overridden);
  if (env !== undefined && fields.length > 0) resource.overrides = { env, fields };
}

/**
 * A document of a kind other than Transformation: validated and read by its descriptor
 * (kind-documents.ts). A kind whose documents differ per environment (`document.perEnvironment`)
 * has them as Transformations do: `only`/`except`, `overrides.<env>` and `id: { <env>: … }`.
 */
function otherKind(
  kind: ResourceKind,
  doc: Record<string, unknown>,
  reporter: RuleReporter,
  places: DocumentPlaces,
  context: DocumentContext,
): CheckedDocument {
  const checked: CheckedDocument = { at: { name: places.name, id: places.id }, kind: kind.name };
  const name = doc[kind.document?.name ?? kind.identity.name];
  if (typeof name === "string") checked.name = name;
  if (!kind.document?.perEnvironment) {
    // Its `id` may be pinned per environment (`id: { prod: … }`, written by `import --env`), as every kind's.
    const { id: _pins, ...fields } = doc;
    const pin = resolvePin(doc, context, reporter);
    if (pin !== undefined) checked.id = pin;
    const resource = checkKindDocument(kind, { ...fields, ...(pin !== undefined ? { id: pin } : {}) }, reporter, places.start, context);
    if (resource && doc.protect === true) resource.protectedAt = places.protect;
    if (resource) checked.resource = resource;
    return checked;
  }
  const once = reportingOnce(reporter);
  const defined = Object.keys(context.config.environments);
  checkPerEnvironmentKeys(doc, defined, once);
  checkEnvironmentChosen(doc, context, once);
  const environments = presentIn(doc, defined);
  if (environments !== undefined) checked.environments = environments;
  const pin = resolvePin(doc, context, once);
  if (pin !== undefined) checked.id = pin;
  // Every other environment an override changes is checked too: `validate --env staging` must not let a broken prod value pass.
  for (const env of overriddenEnvironments(doc).filter((e) => e !== context.env && defined.includes(e) && existsIn(doc, e)))
    kindDocumentIn(kind, doc, namingEnvironment(once, env), places, { ...context, env, everyEnvironment: false });
  if (context.env !== undefined && !existsIn(doc, context.env)) return checked;
  const resource = kindDocumentIn(kind, doc, once, places, context, pin);
  if (resource) checked.resource = resource;
  return checked;
}

/** The effective document of `context.env` (its overrides applied, its pin as `id`) checked and read by its descriptor. */
function kindDocumentIn(
  kind: ResourceKind,
  doc: Record<string, unknown>,
  reporter: RuleReporter,
  places: DocumentPlaces,
  context: DocumentContext,
  pin?: string,
): DesiredResource | undefined {
  const effective = effectiveDocument(doc, context.env);
  const { id: _pins, ...rest } = effective.doc;
  const pinned = { ...rest, ...(pin !== undefined ? { id: pin } : {}) };
  const resource = checkKindDocument(kind, pinned, overrideReporter(reporter, context.env, effective.overridden), places.start, context);
  // As a Transformation's: an override's `protect` is named at its own line.
  if (resource && effective.doc.protect === true)
    resource.protectedAt =
      effective.overridden.includes("protect") && places.locate ? places.locate(["overrides", context.env!, "protect"]) : places.protect;
  return resource;
}

/** `apiVersion` and a `kind` the registry knows (src/kinds/index.ts), else a finding at the key naming the known ones. */
function checkHeader(doc: Record<string, unknown>, reporter: RuleReporter): boolean {
  if (!checkApiVersion(doc, reporter, true)) return false;
  if (doc.kind === undefined) {
    reporter.report("error", "kind", ["kind"], `required field is missing; add kind: ${DEFAULT_KIND.name}`);
    return false;
  }
  if (typeof doc.kind !== "string" || kindNamed(doc.kind) === undefined) {
    const known = knownKinds().map((kind) => kind.name);
    reporter.report("error", "kind", ["kind"], `unknown kind ${JSON.stringify(doc.kind)}; known kinds: ${known.join(", ")}`);
    return false;
  }
  return true;
}

/** The document's input fields, with its source and destination aliases replaced by their ids (a slug by its `slug:…` text, live-refs.ts). */
function toResource(
  doc: Record<string, unknown>,
  refs: { sourceId?: ResolvedRef; destinationMetadataId?: ResolvedRef; id?: string },
  location: SourceLocation,
): DesiredResource | undefined {
  if (refs.sourceId === undefined || typeof doc.name !== "string") return undefined;
  const spec: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    if (doc[field] === undefined) continue;
    spec[field] =
      field === "sourceId" || (field === "destinationMetadataId" && refs.destinationMetadataId !== undefined)
        ? refs[field]!.id
        : doc[field];
  }
  const resource: DesiredResource = { name: doc.name, spec: spec as unknown as TransformationInput, location };
  if (refs.id !== undefined) resource.id = refs.id;
  const viaAlias = { sourceId: refs.sourceId.alias, destinationMetadataId: refs.destinationMetadataId?.alias };
  if (viaAlias.sourceId !== undefined || viaAlias.destinationMetadataId !== undefined) resource.viaAlias = viaAlias;
  return resource;
}
