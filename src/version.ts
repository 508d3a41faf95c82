import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

/** Path of the package root: found up from this module, in `src/` (tsx, vitest), `dist/src/` (`npm run build`) or the bundle (`dist/bundle/`). */
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

let cachedVersion: string | undefined;

export function transyncVersion(): string {
  if (cachedVersion === undefined) {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string };
    cachedVersion = pkg.version;
  }
  return cachedVersion;
}

/** Absolute path of a file under `schemas/`. */
export function schemaPath(name: string): string {
  return join(packageRoot(), "schemas", name);
}
