import { join, relative } from "node:path";

/**
 * A schema a file transync writes can name, copied into the project (project-schemas.ts): the
 * package's `schemas/` of transync.yaml, Transformations and their tests, and each registered kind's
 * editors' schema (its descriptor's `editorSchema.file`).
 */
export type SchemaFile = `${string}.schema.json`;

/** Where init, import and `transync schemas --write` put the schemas, from the project's root. */
export const PROJECT_SCHEMAS_FOLDER = ".transync/schemas";

/**
 * The `$schema` a file written in `fileDir` names: the path from `fileDir` to the copy in the
 * project's `.transync/schemas/` (project-schemas.ts), so it resolves in every clone, offline, and
 * with any install of transync (global, npx, Docker) or none.
 */
export function schemaReference(fileDir: string, projectRoot: string, schema: SchemaFile = "transformation.schema.json"): string {
  return relative(fileDir, join(projectRoot, PROJECT_SCHEMAS_FOLDER, schema))
    .split("\\")
    .join("/");
}

/** The comment line naming the schema, as yaml-language-server reads it. */
export function schemaLine(fileDir: string, projectRoot: string, schema: SchemaFile): string {
  return `# yaml-language-server: $schema=${schemaReference(fileDir, projectRoot, schema)}`;
}
