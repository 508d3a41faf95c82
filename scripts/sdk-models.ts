/**
 * Facts from the official Python SDK of Segment's Public API (segmentio/public-api-sdk-python, its
 * pydantic models are strict: StrictStr, StrictBool, enum validators), for every operation the
 * emulator serves: the model of its 200 reply, and for each model reachable from it which fields are
 * required, which may be null, their types and their enums. Nothing of the SDK's code is copied: the
 * output is a table of facts (test/fixtures/sdk-models/public-api-sdk-python.json), which
 * test/emulator/sdk-models.test.ts checks every reply of the emulator against.
 *
 * Run: npx tsx scripts/sdk-models.ts <the SDK's git directory> [commit, default HEAD]
 * (a bare clone is enough: files are read with `git show`). PyPI need not be reachable.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";

export const SDK_FACTS_FILE = "test/fixtures/sdk-models/public-api-sdk-python.json";
const REPOSITORY = "segmentio/public-api-sdk-python";

/** The operations the emulator serves (docs/emulator.md, "Routes"), as the SDK names their paths. */
const SERVED = [
  "POST /transformations",
  "GET /transformations",
  "GET /transformations/{transformationId}",
  "PATCH /transformations/{transformationId}",
  "DELETE /transformations/{transformationId}",
  "GET /audit-events",
  "GET /",
  "POST /destination/filters/preview",
  "GET /sources",
  "GET /sources/{sourceId}",
  "GET /sources/{sourceId}/connected-destinations",
  "GET /catalog/destinations",
  "GET /catalog/destinations/{destinationMetadataId}",
  "GET /events/volume",
  "GET /destination/{destinationId}/filters",
  "POST /destination/{destinationId}/filters",
  "GET /destination/{destinationId}/filters/{filterId}",
  "PATCH /destination/{destinationId}/filters/{filterId}",
  "DELETE /destination/{destinationId}/filters/{filterId}",
];

/** A type as the facts write it: a JSON type, a list or map of one, or a model by name. */
export type SdkType = "string" | "boolean" | "integer" | "number" | "any" | { list: SdkType } | { map: SdkType } | { model: string };

export interface SdkField {
  type: SdkType;
  /** Absent or null fails the SDK's parse (the annotation is not Optional[...]). */
  required: boolean;
  /** The values an enum validator allows. */
  enum?: string[];
}

export interface SdkFacts {
  $comment: string;
  source: { repository: string; commit: string; openApiVersion: string };
  /** "METHOD /path" -> the model of the 200 reply (the whole body, `{ data }`). */
  operations: Record<string, string>;
  /** Model -> its fields by JSON name; `oneOf` for a model that is one of several. */
  models: Record<string, { fields: Record<string, SdkField> } | { oneOf: string[] }>;
}

function gitShow(gitDir: string, commit: string, path: string): string {
  return execFileSync("git", ["-C", gitDir, "show", `${commit}:${path}`], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function gitFiles(gitDir: string, commit: string, under: string): string[] {
  return execFileSync("git", ["-C", gitDir, "ls-tree", "-r", "--name-only", commit, under], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}

/** Each operation of an api module: `_x_serialize` gives method and path, the call before it the 200 model. */
function operationsOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const replies = new Map<string, string>();
  const call = /self\._(\w+)_serialize\([\s\S]*?'200': "(\w+)"/g;
  for (const m of source.matchAll(call)) replies.set(m[1]!, m[2]!);
  const serialize = /def _(\w+)_serialize\([\s\S]*?method='(\w+)',\s*resource_path='([^']+)'/g;
  for (const m of source.matchAll(serialize)) {
    const reply = replies.get(m[1]!);
    if (reply !== undefined) found.set(`${m[2]} ${m[3]}`, reply);
  }
  return found;
}

const SCALARS: Record<string, SdkType> = {
  StrictStr: "string",
  str: "string",
  StrictBool: "boolean",
  bool: "boolean",
  StrictInt: "integer",
  int: "integer",
  StrictFloat: "number",
  float: "number",
  "Union[StrictFloat, StrictInt]": "number",
  Any: "any",
  object: "any",
  datetime: "string",
};

/** A Python annotation read as a type; `Annotated[T, ...]` is T (its constraints are not facts kept here). */
function typeOf(annotation: string, where: string): SdkType {
  const text = annotation.trim();
  const annotated = /^Annotated\[(.+?), (Field|Strict)\(.*\)\]$/.exec(text);
  if (annotated) return typeOf(annotated[1]!, where);
  if (SCALARS[text] !== undefined) return SCALARS[text];
  const list = /^List\[(.+)\]$/.exec(text);
  if (list) return { list: typeOf(list[1]!, where) };
  const map = /^Dict\[str, (.+)\]$/.exec(text);
  if (map) return { map: typeOf(map[1]!, where) };
  if (/^[A-Z]\w*$/.test(text)) return { model: text };
  throw new Error(`${where}: the annotation ${text} is not one this script reads; teach typeOf`);
}

/** `Optional[T]` -> [T, true]; the outer brackets are matched, not the first `]`. */
function unwrapOptional(annotation: string): [string, boolean] {
  const text = annotation.trim();
  if (text.startsWith("Optional[") && text.endsWith("]")) return [text.slice("Optional[".length, -1), true];
  return [text, false];
}

/** The enum validators of a model: field name (Python) -> allowed values. */
function enumsOf(source: string): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  const validator = /@field_validator\('(\w+)'\)[\s\S]*?if value not in set\(\[([^\]]*)\]\)/g;
  for (const m of source.matchAll(validator)) {
    enums.set(
      m[1]!,
      [...m[2]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!),
    );
  }
  return enums;
}

/** One model file: its fields (`name: Annotation = Field(..., alias="json")`) or its oneOf members. */
function modelOf(source: string, name: string): SdkFacts["models"][string] {
  const oneOf = /one_of_schemas: Set\[str\] = \{ ([^}]*) \}/.exec(source);
  if (oneOf) return { oneOf: [...oneOf[1]!.matchAll(/"(\w+)"/g)].map((m) => m[1]!) };
  const body = new RegExp(`class ${name}\\(BaseModel\\):[\\s\\S]*?__properties: ClassVar`).exec(source)?.[0];
  if (body === undefined) throw new Error(`${name}: no pydantic class body found`);
  const enums = enumsOf(source);
  const fields: Record<string, SdkField> = {};
  for (const line of body.split("\n")) {
    const m = /^ {4}(\w+): (.+?)(?: = (Field\(.*\)|None))?$/.exec(line);
    if (!m || m[1] === "__properties") continue;
    const [inner, optional] = unwrapOptional(m[2]!);
    const json = /alias="([^"]+)"/.exec(m[3] ?? "")?.[1] ?? m[1]!;
    const field: SdkField = { type: typeOf(inner, `${name}.${m[1]}`), required: !optional };
    const values = enums.get(m[1]!);
    if (values) field.enum = values;
    fields[json] = field;
  }
  // Every property the model lists must have been read: a field this script misread fails here, not in a test.
  const listed = [...(/__properties: ClassVar\[List\[str\]\] = \[([^\]]*)\]/.exec(source)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map(
    (p) => p[1]!,
  );
  if (listed.join() !== Object.keys(fields).join())
    throw new Error(`${name}: read the fields ${Object.keys(fields).join(", ")}, but the model lists ${listed.join(", ")}`);
  return { fields };
}

function modelFile(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
  return `segment_public_api/models/${snake}.py`;
}

function referenced(type: SdkType): string[] {
  if (typeof type === "string") return [];
  if ("model" in type) return [type.model];
  return referenced("list" in type ? type.list : type.map);
}

export function extractFacts(gitDir: string, commit: string): SdkFacts {
  const sha = execFileSync("git", ["-C", gitDir, "rev-parse", commit], { encoding: "utf8" }).trim();
  const all = new Map<string, string>();
  for (const file of gitFiles(gitDir, sha, "segment_public_api/api/")) {
    if (file.endsWith("_api.py")) for (const [op, reply] of operationsOf(gitShow(gitDir, sha, file))) all.set(op, reply);
  }
  const operations: Record<string, string> = {};
  for (const op of SERVED) {
    const reply = all.get(op);
    if (reply === undefined) throw new Error(`the SDK at ${sha} has no operation ${op}`);
    operations[op] = reply;
  }
  const models: SdkFacts["models"] = {};
  const queue = [...Object.values(operations), "RequestErrorEnvelope"];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (models[name] !== undefined) continue;
    const model = modelOf(gitShow(gitDir, sha, modelFile(name)), name);
    models[name] = model;
    if ("oneOf" in model) queue.push(...model.oneOf);
    else for (const field of Object.values(model.fields)) queue.push(...referenced(field.type));
  }
  const version =
    /The version of the OpenAPI document: ([\d.]+)/.exec(gitShow(gitDir, sha, "segment_public_api/__init__.py"))?.[1] ?? "unknown";
  return {
    $comment:
      `Generated by scripts/sdk-models.ts from ${REPOSITORY} at commit ${sha} (OpenAPI document ${version}): ` +
      "segment_public_api/api/*.py (each operation's 200 model) and segment_public_api/models/*.py (fields, Optional[...] or not, enum validators). " +
      "Facts only, no SDK code. Do not edit; regenerate with `npx tsx scripts/sdk-models.ts <the SDK's git directory>`.",
    source: { repository: REPOSITORY, commit: sha, openApiVersion: version },
    operations,
    models: Object.fromEntries(Object.entries(models).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

function main(): void {
  const [gitDir, commit = "HEAD"] = process.argv.slice(2);
  if (gitDir === undefined) {
    process.stderr.write("usage: npx tsx scripts/sdk-models.ts <the git directory of segmentio/public-api-sdk-python> [commit]\n");
    process.exit(2);
  }
  const facts = extractFacts(gitDir, commit);
  mkdirSync(dirname(SDK_FACTS_FILE), { recursive: true });
  writeFileSync(SDK_FACTS_FILE, `${JSON.stringify(facts, null, 2)}\n`);
  process.stdout.write(
    `${SDK_FACTS_FILE}: ${Object.keys(facts.operations).length} operations, ${Object.keys(facts.models).length} models\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
