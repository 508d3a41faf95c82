import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const SCHEMA = "transformation.schema.json";

/**
 * The `$schema` an imported file names, relative to the output folder or a URL, so it resolves in
 * the user's repository wherever transync itself is installed: transync installed in the project
 * (`node_modules/transync`, found from the output folder upwards), else the schema published with
 * this version's npm package (a global install, npx or the Docker image live outside the repository).
 */
export function schemaReference(outDir: string, version: string, exists: (path: string) => boolean = existsSync): string {
  for (let dir = outDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", "transync", "schemas", SCHEMA);
    if (exists(candidate)) return relative(outDir, candidate).split("\\").join("/");
    if (dirname(dir) === dir) break;
  }
  return `https://unpkg.com/transync@${version}/schemas/${SCHEMA}`;
}
