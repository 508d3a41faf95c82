import { InternalError } from "../errors.js";
import { stringify } from "yaml";
import { inStage, type KindObject, type ResourceKind } from "../kinds/kind.js";
import { API_VERSION, withSchema, type ImportFile } from "./render-import.js";

/**
 * `transync import` for a kind whose renderer is its descriptor's (`importer`): each live object a
 * document with its id pinned, in the file the descriptor names, several to a file in id order.
 * Transformation's renderer is render-import.ts (aliases, environments, write-only notes). Pure: the caller writes.
 * `schema`: the kind's editors' schema from the output folder (a kind with `editorSchema`), named by
 * each file's `# yaml-language-server:` line.
 */
export function renderKindImport(kind: ResourceKind, live: readonly KindObject[], schema?: string): ImportFile[] {
  const importer = kind.importer;
  if (inStage(importer)) throw new InternalError(`kind ${kind.name} is imported by ${importer.inStage}`);
  const byFile = new Map<string, KindObject[]>();
  for (const object of [...live].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const path = importer.file(object);
    byFile.set(path, [...(byFile.get(path) ?? []), object]);
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, objects]) => {
      const content = objects
        .map((o) => stringify({ apiVersion: API_VERSION, kind: kind.name, id: o.id, ...importer.document(o) }))
        .join("---\n");
      return { ...(schema === undefined ? { path, content } : withSchema(path, content, schema)), ids: objects.map((o) => o.id) };
    });
}
