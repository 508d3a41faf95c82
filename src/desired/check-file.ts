import { INPUT_FIELDS, type TransformationInput } from "../model/transformation.js";
import type { Diagnostic, ProjectConfig } from "./types.js";
import { locationText, type DesiredResource, type SourceLocation } from "../model/desired-resource.js";
import { parseYamlText } from "./read-yaml.js";
import { parseYamlFast } from "./fast-yaml.js";
import { checkApiVersion, documentReporter, reportSchemaIssues } from "./reporter.js";
import { checkSchema } from "./schema-check.js";
import { DOCUMENT_RULES, type RuleReporter } from "./rules.js";
import { resolveDestinationRef, resolveSourceRef } from "./source-refs.js";
import { refText } from "./live-refs.js";
import { linePos, lookupNode, offsetOf } from "./positions.js";
import { documentLint, type DocumentLint } from "./lint.js";

/** What checking a document needs from the project. */
export interface DocumentContext {
  config: ProjectConfig;
  env: string | undefined;
  /** The environment itself is unknown (already reported), so alias errors would be noise. */
  envFailed: boolean;
}

/** A checked document: its resource when valid, and its keys (with positions) for uniqueness. */
export interface CheckedDocument {
  resource?: DesiredResource;
  name?: string;
  id?: string;
  at: { name: SourceLocation; id: SourceLocation };
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

const KNOWN_KINDS = ["Transformation"];

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
    const places = { start: at(ydoc.doc.contents?.range?.[0] ?? 0), name: field("name"), id: field("id"), protect: field("protect") };
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
  reportSchemaIssues(reporter, checkSchema("transformation.schema.json", doc));
  for (const rule of DOCUMENT_RULES) rule(doc, reporter);
  const sourceId = resolveSource(doc, context, reporter);
  const destinationId = resolveDestination(doc, context, reporter);
  const pin = resolvePin(doc, context, reporter);
  const checked: CheckedDocument = { at: { name: places.name, id: places.id } };
  if (typeof doc.name === "string") checked.name = doc.name;
  if (pin !== undefined) checked.id = pin;
  const resource = toResource(doc, { sourceId, destinationMetadataId: destinationId, id: pin }, places.start);
  // transync's own field, never sent: the planner refuses to delete or move the object (src/plan/protect.ts).
  if (resource && doc.protect === true) resource.protectedAt = places.protect;
  if (resource) checked.resource = resource;
  return checked;
}

function checkHeader(doc: Record<string, unknown>, reporter: RuleReporter): boolean {
  if (!checkApiVersion(doc, reporter, true)) return false;
  if (doc.kind === undefined) {
    reporter.report("error", "kind", ["kind"], `required field is missing; add kind: ${KNOWN_KINDS[0]}`);
    return false;
  }
  if (typeof doc.kind !== "string" || !KNOWN_KINDS.includes(doc.kind)) {
    reporter.report("error", "kind", ["kind"], `unknown kind ${JSON.stringify(doc.kind)}; known kinds: ${KNOWN_KINDS.join(", ")}`);
    return false;
  }
  return true;
}

/** A reference as the document gives it: the id (or `slug:…` text), and the alias it was written as, if any. */
type ResolvedRef = { id: string; alias?: string };

function resolveSource(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): ResolvedRef | undefined {
  const text = refText(doc.sourceId);
  if (text === undefined || text === "") return undefined;
  const resolved = resolveSourceRef(text, context.config.environments, context.env);
  if (resolved.ok) return resolved;
  if (!context.envFailed) reporter.report("error", "unknown-source-alias", ["sourceId"], resolved.message);
  return undefined;
}

/**
 * The id this document is pinned to in the selected environment: a plain `id`, or its environment's
 * entry of `id: { staging: …, prod: … }` (each workspace has its own ids). An environment without an
 * entry matches by name, so importing staging then prod fills the map one environment at a time.
 */
function resolvePin(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): string | undefined {
  const { id } = doc;
  if (typeof id === "string") return id;
  if (id === null || typeof id !== "object" || Array.isArray(id)) return undefined;
  const pins = id as Record<string, unknown>;
  const defined = Object.keys(context.config.environments);
  if (context.envFailed) return undefined;
  for (const env of Object.keys(pins)) {
    if (!defined.includes(env))
      reporter.report(
        "error",
        "unknown-environment",
        ["id", env],
        `"${env}" is not an environment of transync.yaml (${defined.length > 0 ? `defined: ${defined.join(", ")}` : "it defines none"})`,
        { atKey: true },
      );
  }
  if (context.env === undefined) {
    reporter.report(
      "error",
      "pin-needs-environment",
      ["id"],
      `the id is given per environment (${Object.keys(pins).join(", ")}): pass --env or set defaultEnvironment in transync.yaml`,
    );
    return undefined;
  }
  const pin = Object.hasOwn(pins, context.env) ? pins[context.env] : undefined;
  return typeof pin === "string" ? pin : undefined;
}

/** A destination alias of transync.yaml becomes its metadata id (or `slug:…` text); anything else is taken as the id. */
function resolveDestination(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): ResolvedRef | undefined {
  const text = refText(doc.destinationMetadataId);
  if (text === undefined || text === "") return undefined;
  const resolved = resolveDestinationRef(text, context.config.destinations);
  if (resolved.ok) return resolved;
  reporter.report("error", "unknown-destination-alias", ["destinationMetadataId"], resolved.message);
  return undefined;
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

/** Names and pinned ids are keys: each may appear in one document only (the first, in file order, wins). */
export function checkUnique(checked: readonly CheckedDocument[], out: Diagnostic[]): void {
  const byName = new Map<string, CheckedDocument>();
  const byId = new Map<string, CheckedDocument>();
  for (const entry of checked) {
    const { name, id } = entry;
    const sameName = name === undefined ? undefined : byName.get(name);
    if (sameName)
      out.push(
        duplicate(
          entry.at.name,
          "name",
          `duplicate name ${JSON.stringify(name)} (also at ${locationText(sameName.at.name)}); names must be unique`,
        ),
      );
    else if (name !== undefined) byName.set(name, entry);
    if (id === undefined) continue;
    const sameId = byId.get(id);
    if (sameId)
      out.push(
        duplicate(
          entry.at.id,
          "id",
          `duplicate id ${JSON.stringify(id)} (also at ${locationText(sameId.at.id)}); one document per live transformation`,
        ),
      );
    else byId.set(id, entry);
  }
}

function duplicate(at: SourceLocation, field: "name" | "id", message: string): Diagnostic {
  return { ...at, severity: "error", path: field, message, rule: field === "name" ? "unique-name" : "unique-id" };
}
