import { INPUT_FIELDS, type TransformationInput } from "../model/transformation.js";
import { ValidationError } from "../errors.js";
import type { DesiredResource, DesiredState, Diagnostic, FileSource, ProjectConfig, SourceLocation } from "./types.js";
import { loadProjectConfig, locateProjectFile, normalizeDir } from "./load-project.js";
import { readYamlFile, type YamlDocument } from "./read-yaml.js";
import { checkApiVersion, documentReporter, reportSchemaIssues } from "./reporter.js";
import { checkSchema } from "./schema-check.js";
import { DOCUMENT_RULES, type RuleReporter } from "./rules.js";
import { resolveSourceRef } from "./source-refs.js";
import { linePos, lookupNode, offsetOf } from "./positions.js";
import { compareDiagnostics, formatDiagnosticLine } from "./format-diagnostics.js";

export interface LoadDesiredOptions {
  /** Folder of the documents (overrides transync.yaml's `dir`). */
  dir?: string;
  /** Environment whose source aliases apply (overrides `defaultEnvironment`). */
  env?: string;
}

export interface LoadDesiredResult {
  /** `resources` holds only the documents without errors. */
  state: DesiredState;
  /** Every error and warning, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** How many non-empty documents were read (valid or not). */
  documents: number;
}

const KNOWN_KINDS = ["Transformation"];
const YAML_FILE = /\.ya?ml$/i;

/** Reads the project file and every YAML document under the folder, validating all of them. */
export async function loadDesired(source: FileSource, opts: LoadDesiredOptions = {}): Promise<LoadDesiredResult> {
  const project = await loadProjectConfig(source, { env: opts.env, file: await locateProjectFile(source, opts.dir) });
  const diagnostics = [...project.diagnostics];
  const dir = normalizeDir(opts.dir ?? project.config.dir);
  const files = (await source.list(dir)).filter((f) => YAML_FILE.test(f));
  if (files.length === 0 && !(await source.exists(dir))) {
    diagnostics.push({ file: dir, line: 1, col: 1, severity: "error", path: "", rule: "missing-dir", message: `folder "${dir}" does not exist; pass --dir or set dir in transync.yaml` });
  }
  const envFailed = project.diagnostics.some((d) => d.rule === "unknown-environment");
  const context: DocumentContext = { config: project.config, env: project.env, envFailed };
  const checked: CheckedDocument[] = [];
  let documents = 0;
  for (const file of files) {
    const read = await readYamlFile(source, file);
    diagnostics.push(...read.diagnostics);
    documents += read.documents.length;
    for (const ydoc of read.documents) {
      const result = checkDocument(ydoc, context, diagnostics);
      if (result) checked.push(result);
    }
  }
  checkUnique(checked, diagnostics);
  diagnostics.sort(compareDiagnostics);
  const state: DesiredState = {
    project: { ...project.config, dir },
    resources: checked.flatMap((c) => (c.resource ? [c.resource] : [])),
    warnings: diagnostics.filter((d) => d.severity === "warning"),
    files,
  };
  return { state, diagnostics, documents };
}

/** Like `loadDesired`, but any error throws a ValidationError listing every error. */
export async function loadDesiredOrThrow(source: FileSource, opts: LoadDesiredOptions = {}): Promise<DesiredState> {
  const { state, diagnostics } = await loadDesired(source, opts);
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    throw new ValidationError(
      `the desired state has ${errors.length} error${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and run \`transync validate\` again.`,
      errors.map((d) => ({ message: formatDiagnosticLine(d) })),
    );
  }
  return state;
}

interface DocumentContext {
  config: ProjectConfig;
  env: string | undefined;
  envFailed: boolean;
}

/** A checked document: its resource when valid, and its keys (with positions) for uniqueness. */
interface CheckedDocument {
  resource?: DesiredResource;
  name?: string;
  id?: string;
  at: { name: SourceLocation; id: SourceLocation };
}

/** Validates one document; `resource` is set when it has no errors. */
function checkDocument(ydoc: YamlDocument, context: DocumentContext, out: Diagnostic[]): CheckedDocument | undefined {
  const own: Diagnostic[] = [];
  const reporter = documentReporter(ydoc, own);
  const value = ydoc.value;
  let checked: CheckedDocument | undefined;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    reporter.report("error", "schema", [], `a document must be a mapping with apiVersion, kind, name, sourceId, enabled and if (got ${Array.isArray(value) ? "a list" : typeof value === "string" ? "a string" : String(value)})`);
  } else if (checkHeader(value as Record<string, unknown>, reporter)) {
    const doc = value as Record<string, unknown>;
    reportSchemaIssues(reporter, checkSchema("transformation.schema.json", doc));
    for (const rule of DOCUMENT_RULES) rule(doc, reporter);
    const sourceId = resolveSource(doc, context, reporter);
    checked = { ...documentKeys(doc, ydoc), resource: toResource(doc, sourceId, ydoc) };
  }
  out.push(...own);
  if (checked && own.some((d) => d.severity === "error")) delete checked.resource;
  return checked;
}

function documentKeys(doc: Record<string, unknown>, ydoc: YamlDocument): Omit<CheckedDocument, "resource"> {
  const at = (field: string): SourceLocation => ({ file: ydoc.file, ...linePos(ydoc.lineCounter, offsetOf(lookupNode(ydoc.doc, [field]))) });
  const keys: Omit<CheckedDocument, "resource"> = { at: { name: at("name"), id: at("id") } };
  if (typeof doc.name === "string") keys.name = doc.name;
  if (typeof doc.id === "string") keys.id = doc.id;
  return keys;
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

function resolveSource(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): string | undefined {
  if (typeof doc.sourceId !== "string" || doc.sourceId === "") return undefined;
  const resolved = resolveSourceRef(doc.sourceId, context.config.environments, context.env);
  if (resolved.ok) return resolved.id;
  if (!context.envFailed) reporter.report("error", "unknown-source-alias", ["sourceId"], resolved.message);
  return undefined;
}

function toResource(doc: Record<string, unknown>, sourceId: string | undefined, ydoc: YamlDocument): DesiredResource | undefined {
  if (sourceId === undefined || typeof doc.name !== "string") return undefined;
  const spec: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    if (doc[field] !== undefined) spec[field] = field === "sourceId" ? sourceId : doc[field];
  }
  const start = linePos(ydoc.lineCounter, ydoc.doc.contents?.range?.[0] ?? 0);
  const resource: DesiredResource = { name: doc.name, spec: spec as unknown as TransformationInput, location: { file: ydoc.file, ...start } };
  if (typeof doc.id === "string") resource.id = doc.id;
  return resource;
}

/** Names and pinned ids are keys: each may appear in one document only. */
function checkUnique(checked: readonly CheckedDocument[], out: Diagnostic[]): void {
  const byName = new Map<string, CheckedDocument>();
  const byId = new Map<string, CheckedDocument>();
  const where = (l: SourceLocation) => `${l.file}:${l.line}:${l.col}`;
  for (const entry of checked) {
    const { name, id } = entry;
    const sameName = name === undefined ? undefined : byName.get(name);
    if (sameName) out.push(duplicate(entry.at.name, "name", `duplicate name ${JSON.stringify(name)} (also at ${where(sameName.at.name)}); names must be unique`));
    else if (name !== undefined) byName.set(name, entry);
    if (id === undefined) continue;
    const sameId = byId.get(id);
    if (sameId) out.push(duplicate(entry.at.id, "id", `duplicate id ${JSON.stringify(id)} (also at ${where(sameId.at.id)}); one document per live transformation`));
    else byId.set(id, entry);
  }
}

function duplicate(at: SourceLocation, field: "name" | "id", message: string): Diagnostic {
  return { ...at, severity: "error", path: field, message, rule: field === "name" ? "unique-name" : "unique-id" };
}
