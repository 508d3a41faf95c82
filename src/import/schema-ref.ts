import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** The schemas a file transync writes can name (all under the package's `schemas/`). */
export type SchemaFile = "transformation.schema.json" | "transync.schema.json" | "transformation-test.schema.json";

/** What the rule reads of the disk; tests give a fake. */
export interface SchemaRefDisk {
  exists(path: string): boolean;
  readText(path: string): string | undefined;
}

const realDisk: SchemaRefDisk = {
  exists: existsSync,
  readText: (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
};

/** The package.json at `dir` names transync among its dependencies of any kind. */
function declaresTransync(disk: SchemaRefDisk, dir: string): boolean {
  const text = disk.readText(join(dir, "package.json"));
  if (text === undefined) return false;
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return ["dependencies", "devDependencies", "optionalDependencies"].some((key) => {
      const deps = pkg[key];
      return typeof deps === "object" && deps !== null && Object.hasOwn(deps, "transync");
    });
  } catch {
    return false;
  }
}

/** The folders from `dir` up to the repository's root (the folder holding `.git`), else to the disk's root. */
function foldersUp(disk: SchemaRefDisk, dir: string): string[] {
  const out: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    out.push(at);
    if (disk.exists(join(at, ".git")) || dirname(at) === at) return out;
  }
}

/**
 * The `$schema` a file written in `fileDir` names, so it resolves in the user's repository for every
 * clone: when a package.json of the repository (from `fileDir` up to the repository's root) lists
 * transync as a dependency, the path from `fileDir` to `node_modules/transync/schemas/<schema>` (the
 * install that `npm ci` makes, hoisted or not); else the schema published with this version of the
 * package (a global install, npx or the Docker image live outside the repository, and a path into
 * them would not resolve on another machine).
 */
export function schemaReference(
  fileDir: string,
  version: string,
  schema: SchemaFile = "transformation.schema.json",
  disk: SchemaRefDisk = realDisk,
): string {
  const folders = foldersUp(disk, fileDir);
  const declaring = folders.findIndex((dir) => declaresTransync(disk, dir));
  if (declaring >= 0) {
    const candidates = folders.slice(declaring).map((dir) => join(dir, "node_modules", "transync", "schemas", schema));
    const target = candidates.find((path) => disk.exists(path)) ?? candidates[0]!;
    return relative(fileDir, target).split("\\").join("/");
  }
  return `https://unpkg.com/transync@${version}/schemas/${schema}`;
}

/** The comment line naming the schema, as yaml-language-server reads it. */
export function schemaLine(fileDir: string, version: string, schema: SchemaFile, disk?: SchemaRefDisk): string {
  return `# yaml-language-server: $schema=${schemaReference(fileDir, version, schema, disk)}`;
}
