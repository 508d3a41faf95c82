import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The installed package has its dependencies only: a module of src/ that imports a devDependency
// (even lazily, in a command the packaging check does not run) fails for every user. scripts/check-package.mjs
// runs the installed package; this holds every import of src/ to package.json's dependencies.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The packages a source text imports: static, dynamic, re-exports and require() (ajv's generated code). */
function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'.][^"']*)["']/gm)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

const isBuiltin = (name: string): boolean => name.startsWith("node:") || builtinModules.includes(name);

describe("what the package imports at run time", () => {
  it("every package a module of src/ imports is a dependency (never a devDependency) or a Node builtin", () => {
    const files = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const offenders = files.flatMap((file) =>
      importedPackages(readFileSync(join(root, "src", file), "utf8"))
        .filter((name) => !isBuiltin(name) && !Object.hasOwn(pkg.dependencies, name))
        .map((name) => `src/${file} imports ${name}${Object.hasOwn(pkg.devDependencies, name) ? " (a devDependency)" : ""}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the check sees each kind of import (it can fail)", () => {
    expect(
      importedPackages(
        'import { x } from "vitest";\nconst m = await import("@segment/tsub/dist/x.js");\nconst r = require("ajv/dist/runtime/equal");\nexport { y } from "./local.js";',
      ),
    ).toEqual(["vitest", "@segment/tsub", "ajv"]);
  });
});
