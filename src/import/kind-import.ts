import { posix } from "node:path";
import type { KindImportContext, KindImportGroup, KindObject, ResourceKind } from "../kinds/kind.js";
import { documentText } from "./document-text.js";
import { safeFileName, slugify, takenNames, uniqueName } from "./file-names.js";

export interface ImportFile {
  /** POSIX path relative to the output folder. */
  path: string;
  content: string;
  /** The ids of the live objects written in it, in file order. */
  ids?: string[];
}

/** What a render of one kind is told besides its objects. */
export interface KindRenderOptions {
  /** Aliases, the environment of the pins, `--split`; absent: ids as they are, no environment, no split. */
  context?: KindImportContext;
  /**
   * `$schema` of the `# yaml-language-server:` comment on each file's first line, for a kind whose
   * importer names a schema: a URL, or a path relative to the output folder, adjusted for files in subfolders.
   */
  schemaComment?: string;
  /** `only:` of each document (import --env: the environment imported, when others were imported into the folder before). */
  only?: readonly string[];
  /** Paths (relative to the output folder) already taken: a file of its own gets another name. */
  takenPaths?: ReadonlySet<string>;
}

const NO_CONTEXT: KindImportContext = { sourceAliases: {}, destinationAliases: {}, split: false };

/**
 * `transync import`'s documents of one kind, every kind alike: each live object a document with its
 * id pinned (src/import/document-text.ts), in the file its descriptor's importer names (a path, or
 * a group made a safe and unique file name: src/import/file-names.ts), several to a file in the
 * importer's order; files in path order. Pure: the caller writes.
 */
export function renderKindImport(kind: ResourceKind, live: readonly KindObject[], options: KindRenderOptions = {}): ImportFile[] {
  const context = options.context ?? NO_CONTEXT;
  const objects = [...live].sort(kind.importer.order === "name" ? byNameThenId(kind.identity.name) : byId);
  const targets = objects.map((object) => ({ object, target: kind.importer.file(object, context) }));
  const pathOf = filePaths(
    kind,
    targets.map((t) => t.target),
    options.takenPaths,
  );
  const byPath = new Map<string, KindObject[]>();
  for (const { object, target } of targets) {
    const path = pathOf(target);
    byPath.set(path, [...(byPath.get(path) ?? []), object]);
  }
  return [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, inFile]) => ({
      path,
      content: withSchema(path, inFile.map((o) => documentText(kind, o, context, options.only)).join("---\n"), options.schemaComment),
      ids: inFile.map((o) => o.id),
    }));
}

/** The file one object's document goes to, as a render of it alone names it (import --env: a new document's file). */
export function importFileOf(kind: ResourceKind, object: KindObject, context: KindImportContext): string {
  const target = kind.importer.file(object, context);
  return filePaths(kind, [target], undefined)(target);
}

/**
 * The path of each target: a path as it is; a group's file `<folder>.yaml`, its folder the group made
 * a safe name unique among the groups (in their sorted order); an object's own file `<folder>/<slug>.yaml`,
 * unique in the folder and beside the paths already taken. Call it once per target, in order.
 */
function filePaths(
  kind: ResourceKind,
  targets: ReadonlyArray<string | KindImportGroup>,
  taken: ReadonlySet<string> | undefined,
): (target: string | KindImportGroup) => string {
  const groups = [...new Set(targets.flatMap((t) => (typeof t === "string" ? [] : [t.group])))].sort();
  const used = new Set<string>();
  const folders = new Map(groups.map((group) => [group, uniqueName(safeFileName(group), used)]));
  const slugs = new Map<string, Set<string>>();
  const fallback = slugify(kind.labels.singular, "document");
  return (target) => {
    if (typeof target === "string") return target;
    const folder = folders.get(target.group)!;
    if (target.own === undefined) return `${folder}.yaml`;
    if (!slugs.has(folder)) slugs.set(folder, takenNames(folder, taken));
    return `${folder}/${uniqueName(slugify(target.own, fallback), slugs.get(folder)!)}.yaml`;
  };
}

/** The file with its one schema comment on top (editors read the first comment of a file). */
export function withSchema(path: string, content: string, schema: string | undefined): string {
  if (schema === undefined) return content;
  const ref = /^[a-z]+:\/\//i.test(schema) ? schema : posix.relative(posix.dirname(path), schema);
  return `# yaml-language-server: $schema=${ref}\n${content}`;
}

function byId(a: KindObject, b: KindObject): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byNameThenId(nameField: string): (a: KindObject, b: KindObject) => number {
  return (a, b) => {
    const [x, y] = [String(a[nameField]), String(b[nameField])];
    return x !== y ? (x < y ? -1 : 1) : byId(a, b);
  };
}
