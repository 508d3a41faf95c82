import { posix } from "node:path";
import { Document, isMap, isScalar, isSeq, visit } from "yaml";
import type { Transformation } from "../model/transformation.js";
import { FIELDS, FIELD_NAMES, fieldsWhere, type FieldName } from "../model/fields.js";

/** Fields no reply carries (src/model/fields.ts): import writes a note asking for them. */
const NOTED_FIELDS = fieldsWhere((facts) => facts.imported === "note");

export interface ImportFile {
  /** POSIX path relative to the output folder. */
  path: string;
  content: string;
  /** The ids of the live transformations written in it, in file order. */
  ids?: string[];
}

export interface RenderImportOptions {
  /** Source id -> alias of the selected environment; an aliased source is written by its alias. */
  aliases: Record<string, string>;
  /** Destination metadata id -> alias of transync.yaml's `destinations:`; an aliased destination is written by its alias. */
  destinationAliases?: Record<string, string>;
  /** One file per transformation (`<source>/<slug>.yaml`) instead of one per source (`<source>.yaml`). */
  split: boolean;
  /**
   * `$schema` of the `# yaml-language-server:` comment at the top of each file: a URL, or a path
   * relative to the output folder (e.g. `../schemas/transformation.schema.json`), adjusted for files in subfolders.
   */
  schemaComment: string;
  /** With an environment, each document's `id` is written as that environment's pin, `id: { <env>: <id> }`. */
  env?: string;
  /** `only:` of each new document: the environment imported, when others were imported into the folder before (issue 34). */
  only?: string[];
  /** Paths (relative to the output folder) already taken: a file of its own (--split) gets another name. */
  takenPaths?: ReadonlySet<string>;
}

export const API_VERSION = "transync/v1";

/** Renders live transformations as desired-state YAML documents, ids pinned. Pure: the caller writes. */
export function renderImport(live: readonly Transformation[], opts: RenderImportOptions): ImportFile[] {
  const bySource = new Map<string, Transformation[]>();
  for (const t of live) {
    const key = opts.aliases[t.sourceId] ?? t.sourceId;
    bySource.set(key, [...(bySource.get(key) ?? []), t]);
  }
  const sourceNames = new Set<string>();
  const files: ImportFile[] = [];
  for (const source of [...bySource.keys()].sort()) {
    const folder = uniqueName(safeFileName(source), sourceNames);
    const docs = (bySource.get(source) ?? []).sort(byNameThenId).map((t) => ({ t, text: renderDocument(t, opts) }));
    if (!opts.split) {
      files.push({
        ...withSchema(`${folder}.yaml`, docs.map((d) => d.text).join("---\n"), opts.schemaComment),
        ids: docs.map((d) => d.t.id),
      });
      continue;
    }
    const slugs = takenNames(folder, opts.takenPaths);
    for (const d of docs)
      files.push({ ...withSchema(`${folder}/${uniqueName(slugify(d.t.name), slugs)}.yaml`, d.text, opts.schemaComment), ids: [d.t.id] });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The file names (lowercase, without `.yaml`) already used in `folder`, so a new file never replaces one. */
function takenNames(folder: string, taken: ReadonlySet<string> | undefined): Set<string> {
  const prefix = `${folder}/`.toLowerCase();
  const names = new Set<string>();
  for (const path of taken ?? []) {
    const lower = path.toLowerCase();
    if (lower.startsWith(prefix) && lower.endsWith(".yaml")) names.add(lower.slice(prefix.length, -".yaml".length));
  }
  return names;
}

/** The file with its one schema comment on top (editors read the first comment of a file); `schema` relative to the output folder, or a URL. */
export function withSchema(path: string, content: string, schema: string): ImportFile {
  const ref = /^[a-z]+:\/\//i.test(schema) ? schema : posix.relative(posix.dirname(path), schema);
  return { path, content: `# yaml-language-server: $schema=${ref}\n${content}` };
}

/** One document: header, `name`, pinned `id` (`{ <env>: <id> }` with an environment), then the input fields in the registry's order (src/model/fields.ts), ids written as their aliases. */
export function renderDocument(
  t: Transformation,
  opts: Pick<RenderImportOptions, "aliases" | "destinationAliases" | "env" | "only">,
): string {
  const body: Record<string, unknown> = {
    apiVersion: API_VERSION,
    kind: "Transformation",
    name: t.name,
    id: opts.env === undefined ? t.id : { [opts.env]: t.id },
  };
  if (opts.only !== undefined) body.only = opts.only;
  for (const field of FIELD_NAMES) {
    if (field === "name") continue;
    const value = renderedField(t, field, opts);
    if (value !== undefined) body[field] = value;
  }
  const doc = new Document(body);
  styleDocument(doc);
  const notes = notesFor(t);
  if (notes.length > 0 && isMap(doc.contents)) doc.contents.comment = notes.map((n) => ` ${n}`).join("\n");
  return doc.toString({ lineWidth: 0 });
}

/** A live field as a document writes it (ids by their aliases); undefined when unset. */
export function renderedField(
  t: Transformation,
  field: FieldName,
  opts: Pick<RenderImportOptions, "aliases" | "destinationAliases">,
): unknown {
  const aliased = FIELDS[field].aliased;
  const value =
    aliased === "source"
      ? aliasOf(t[field], opts.aliases)
      : aliased === "destination"
        ? aliasOf(t[field], opts.destinationAliases)
        : t[field];
  return isPresent(value) ? value : undefined;
}

function aliasOf(id: unknown, aliases: Record<string, string> | undefined): unknown {
  return typeof id === "string" && aliases && Object.hasOwn(aliases, id) ? aliases[id] : id;
}

/** Alias -> id turned into id -> alias; of two aliases of one id, the first in code point order is written. */
export function aliasesById(aliases: Readonly<Record<string, string>>): Record<string, string> {
  const byId: Record<string, string> = {};
  for (const alias of Object.keys(aliases).sort()) if (!Object.hasOwn(byId, aliases[alias]!)) byId[aliases[alias]!] = alias;
  return byId;
}

/** Absent, null, `[]` and `{}` are all "not set" for the API (it omits or empties them alike). */
function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** What an import cannot carry over, said where the reader edits. */
function notesFor(t: Transformation): string[] {
  const notes: string[] = [];
  const unread = NOTED_FIELDS.filter((f) => t[f] === undefined);
  if (unread.length > 0) {
    const names = unread.join(" and ");
    notes.push(
      `${names} ${unread.length > 1 ? "are" : "is"} write-only: the API does not return ${unread.length > 1 ? "them" : "it"}; add ${unread.length > 1 ? "them" : "it"} here if this transformation uses ${unread.length > 1 ? "them" : "it"}.`,
    );
  }
  if (t.propertyDrops && t.propertyDrops.length > 0) {
    notes.push(`The live object also drops ${t.propertyDrops.join(", ")} (propertyDrops, read-only: not managed by transync).`);
  }
  return notes;
}

/**
 * Renames as one-line flow maps (as people write them), and quotes the strings a YAML 1.1 reader
 * (some editors, older tools) would take for booleans or null; `yaml` already quotes what 1.2 needs.
 */
function styleDocument(doc: Document): void {
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === "id" && isMap(pair.value)) pair.value.flow = true;
      if (isScalar(pair.key) && pair.key.value === "only" && isSeq(pair.value)) pair.value.flow = true;
      if (isScalar(pair.key) && pair.key.value === "propertyRenames") {
        visit(pair.value as Parameters<typeof visit>[0], { Map: (_k, map) => void (map.flow = true) });
      }
    },
    Scalar(key, node) {
      if (key === "key") return;
      if (typeof node.value === "string" && /^(y|yes|n|no|on|off|true|false|null|~)$/i.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
}

function byNameThenId(a: Transformation, b: Transformation): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `Rename Order Completed` -> `rename-order-completed`; never empty, at most 80 characters. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug === "" ? "transformation" : slug;
}

/** Keeps a source key as a file name, replacing what is unsafe in a path. */
function safeFileName(key: string): string {
  const safe = key.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "");
  return safe === "" ? "source" : safe;
}

/** `base`, else `base-2`, `base-3`, ...; compared case-insensitively (macOS and Windows file systems). */
function uniqueName(base: string, used: Set<string>): string {
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
