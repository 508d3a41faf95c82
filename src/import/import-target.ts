import { resolve } from "node:path";
import type { ProjectConfig } from "../desired/types.js";
import { isInsideFolder } from "../desired/confine-path.js";
import type { KindImportContext, ResourceKind } from "../kinds/kind.js";
import type { ImportRefs } from "./import-refs.js";
import { importContext, type RenderImportOptions } from "./render-import.js";
import { invertAliases } from "../report/id-aliases.js";
import { schemaReference, type SchemaFile } from "./schema-ref.js";
import type { ConfineTo } from "./write-import.js";

/** Where `transync import` writes and how it renders (src/commands/import.ts): one for every kind. */
export interface ImportTarget {
  config: ProjectConfig;
  outDir: string;
  /** The output folder as shown to the user (relative to the working directory). */
  shown: string;
  render: RenderImportOptions;
  /** What every kind's importer is told: aliases, `--split` (src/kinds/kind.ts, KindImportContext). */
  context: KindImportContext;
  /** The `$schema` comment of a kind's files (its importer's schema, else its editors' schema in `.transync/schemas/`), if any. */
  schemaOf(kind: ResourceKind): string | undefined;
  /** An output folder inside the working directory is held to it: no link below leads out. */
  confineTo?: ConfineTo;
}

/** The target of an import into `outDir` from the working directory `cwd`: the references' aliases, `--split`, the schemas' paths. */
export function importTargetFor(
  cwd: string,
  outDir: string,
  input: { config: ProjectConfig; shown: string; refs: ImportRefs; split: boolean },
): ImportTarget {
  const render = {
    aliases: invertAliases(input.refs.sourceAliases),
    destinationAliases: invertAliases(input.refs.destinationAliases),
    split: input.split,
    schemaComment: schemaReference(outDir, cwd),
  };
  const confineTo = isInsideFolder(resolve(cwd), outDir) ? { folder: cwd, named: "the working directory" } : undefined;
  // The schema a kind's files name (its importer's, else its editors' schema), as a path from the output folder to the project's copy.
  const schemaOf = (kind: ResourceKind): string | undefined => {
    const file = kind.importer.schema ?? kind.editorSchema?.file;
    return file === undefined ? undefined : schemaReference(outDir, cwd, file as SchemaFile);
  };
  return { config: input.config, outDir, shown: input.shown, render, context: importContext(render), schemaOf, confineTo };
}
