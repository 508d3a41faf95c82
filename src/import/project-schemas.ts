import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeImportFiles } from "./write-import.js";
import { refuseLinkOutOf } from "../desired/confine-path.js";
import { PROJECT_SCHEMAS_FOLDER, type SchemaFile } from "./schema-ref.js";
import type { ImportFile } from "./render-import.js";
import { readSchemaFile } from "../version.js";
import { knownKinds } from "../kinds/index.js";
import { InternalError } from "../errors.js";
import { kindEditorSchema } from "../kinds/editor-schema.js";

/** The schemas of transync.yaml, Transformations and their tests (init and import name them); each brings the schemas it `$ref`s. */
const PROJECT_FILES: readonly SchemaFile[] = ["transync.schema.json", "transformation.schema.json", "transformation-test.schema.json"];

/**
 * The editors' schema of every registered kind whose descriptor asks for one (`editorSchema`), by
 * file: made from the descriptor as `npm run schemas` writes it to the package's `schemas/`
 * (src/kinds/editor-schema.ts), so a kind is copied into projects with no edit here.
 */
function kindSchemas(): Map<string, Record<string, unknown>> {
  const schemas = new Map<string, Record<string, unknown>>();
  for (const kind of knownKinds()) {
    const schema = kindEditorSchema(kind);
    if (schema === undefined || kind.editorSchema === undefined) continue;
    if (schemas.has(kind.editorSchema.file))
      throw new InternalError(`kind ${kind.name}: another kind's editorSchema is ${kind.editorSchema.file} too`);
    schemas.set(kind.editorSchema.file, schema);
  }
  return schemas;
}

/** A `$ref` to a sibling schema file (`defs.schema.json#/$defs/name`); anything else is not followed. */
const SIBLING_REF = /^([a-z0-9-]+\.schema\.json)(#.*)?$/;

/** The sibling schema files a schema `$ref`s, anywhere inside it. */
export function siblingRefs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(siblingRefs);
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    if (key !== "$ref" || typeof value !== "string") return siblingRefs(value);
    const file = SIBLING_REF.exec(value)?.[1];
    return file !== undefined ? [file] : [];
  });
}

/**
 * A package schema as the project holds it: its `$id` (a URL nothing serves) left out, so an editor
 * resolves each `$ref` from the copy's own location; a `$comment` names the version it came from,
 * which `transync schemas` compares.
 */
function projectCopy(schema: Record<string, unknown>, version: string): string {
  const { $id: _id, $schema, ...rest } = schema;
  const comment = `Written by transync ${version} (transync schemas --write rewrites it); do not edit.`;
  return `${JSON.stringify({ $schema, $comment: comment, ...rest }, null, 2)}\n`;
}

/**
 * The files of `.transync/schemas/`: the schemas the project's files name (transync.yaml's,
 * Transformations' and their tests', every registered kind's with an editors' schema) and every
 * schema they `$ref`, read from this package's `schemas/`, stamped with `version`.
 */
export function projectSchemaFiles(version: string): ImportFile[] {
  const read = kindSchemas();
  const queue: string[] = [...PROJECT_FILES, ...[...read.values()].flatMap(siblingRefs)];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (read.has(name)) continue;
    const schema = JSON.parse(readSchemaFile(name)) as Record<string, unknown>;
    read.set(name, schema);
    queue.push(...siblingRefs(schema));
  }
  return [...read]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => ({ path: `${PROJECT_SCHEMAS_FOLDER}/${name}`, content: projectCopy(schema, version) }));
}

/**
 * Writes (or rewrites: the copies are transync's, never edited) `.transync/schemas/` under `root`, and
 * returns the absolute paths written. A link that takes the folder out of `root` is refused, as init refuses it.
 */
export async function writeProjectSchemas(root: string, version: string): Promise<string[]> {
  return writeImportFiles(root, projectSchemaFiles(version), {
    force: true,
    command: "schemas",
    confineTo: { folder: root, named: "the working directory" },
  });
}

/**
 * Refuses a `.transync/schemas` that a symbolic link takes out of `root`: init and import call it
 * before writing anything, so a refused run leaves no project file behind.
 */
export async function refuseSchemaLinksOut(root: string): Promise<void> {
  const target = { folder: join(resolve(root), PROJECT_SCHEMAS_FOLDER), shown: PROJECT_SCHEMAS_FOLDER, what: "the project's schemas" };
  await refuseLinkOutOf(resolve(root), "the working directory", target, "replace the link by a folder, or run transync in another folder.");
}

/** The files of `.transync/schemas/` under `root` that are missing or differ from this version's copies. */
export function staleProjectSchemas(root: string, version: string): string[] {
  return projectSchemaFiles(version).flatMap((file) => {
    try {
      return readFileSync(join(root, file.path), "utf8") === file.content ? [] : [file.path];
    } catch {
      return [file.path];
    }
  });
}
