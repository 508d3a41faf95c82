import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

/** Path of the package root: found up from this module, in `src/` (tsx, vitest), `dist/src/` (`npm run compile`) or the bundle (`dist/bundle/`). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "transync") return dir;
    } catch {
      // not here; look one level up
    }
    dir = dirname(dir);
  }
  throw new Error("transync package.json not found");
}

/** What transync reads of `node:sea` (Node 20.12+, 21.7+). */
interface SeaAssets {
  isSea(): boolean;
  getAsset(key: string, encoding: "utf8"): string;
}

let seaAssets: SeaAssets | null | undefined;

/**
 * The assets of the single executable (`npm run sea`, scripts/sea.mjs) when this runs as one, else null.
 * Loaded on first use: a Node older than 20.12 has no `node:sea` and is never a single executable.
 */
function singleExecutable(): SeaAssets | null {
  if (seaAssets === undefined) {
    try {
      const sea = createRequire(import.meta.url)("node:sea") as SeaAssets;
      seaAssets = sea.isSea() ? sea : null;
    } catch {
      seaAssets = null;
    }
  }
  return seaAssets;
}

/**
 * A file the package ships (`package.json`, `schemas/…`, `examples/ci/…`), by its path from the package
 * root with `/`: read beside the code (the package, the bundle, the sources), or, in the single
 * executable, from the asset scripts/sea.mjs built into it under that same path.
 */
export function readPackageFile(path: string): string {
  const sea = singleExecutable();
  if (sea) return sea.getAsset(path, "utf8");
  return readFileSync(join(packageRoot(), ...path.split("/")), "utf8");
}

let cachedVersion: string | undefined;

export function transyncVersion(): string {
  if (cachedVersion === undefined) {
    const pkg = JSON.parse(readPackageFile("package.json")) as { version: string };
    cachedVersion = pkg.version;
  }
  return cachedVersion;
}

/** The text of a file under `schemas/` (`plan.schema.json`, `api/create-transformation.schema.json`). */
export function readSchemaFile(name: string): string {
  return readPackageFile(`schemas/${name}`);
}
