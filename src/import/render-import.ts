import type { Transformation } from "../model/transformation.js";
import type { FieldName } from "../model/fields.js";
import { TRANSFORMATION } from "../kinds/index.js";
import type { KindImportContext, KindObject } from "../kinds/kind.js";
import { renderedField as transformationField } from "../kinds/transformation/import-document.js";
import { renderKindImport, type ImportFile } from "./kind-import.js";

/*
 * The Transformations' import through the one renderer of every kind (src/import/kind-import.ts,
 * the Transformation's part in its descriptor: src/kinds/transformation/import-document.ts), with
 * the options `import` and `import --env` (merge-import.ts) give it.
 */

export type { ImportFile } from "./kind-import.js";
export { API_VERSION } from "./document-text.js";
export { slugify } from "./file-names.js";

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

/** The importer's context of these options. */
export function importContext(opts: Pick<RenderImportOptions, "aliases" | "destinationAliases" | "env" | "split">): KindImportContext {
  return {
    sourceAliases: opts.aliases,
    destinationAliases: opts.destinationAliases ?? {},
    split: opts.split,
    ...(opts.env !== undefined ? { env: opts.env } : {}),
  };
}

/** Renders live transformations as desired-state YAML documents, ids pinned. Pure: the caller writes. */
export function renderImport(live: readonly Transformation[], opts: RenderImportOptions): ImportFile[] {
  return renderKindImport(TRANSFORMATION, live as unknown as KindObject[], {
    context: importContext(opts),
    schemaComment: opts.schemaComment,
    ...(opts.only !== undefined ? { only: opts.only } : {}),
    ...(opts.takenPaths !== undefined ? { takenPaths: opts.takenPaths } : {}),
  });
}

/** A live field as a document writes it (ids by their aliases); undefined when unset. */
export function renderedField(
  t: Transformation,
  field: FieldName,
  opts: Pick<RenderImportOptions, "aliases" | "destinationAliases">,
): unknown {
  return transformationField(t, field, { sourceAliases: opts.aliases, destinationAliases: opts.destinationAliases ?? {} });
}
