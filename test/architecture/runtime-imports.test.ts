import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The installed package is the bundle (dist/bundle/, `npm run bundle`): every package src/ imports is
// inlined, so the package declares no dependencies and runs no install script (test/bundle/bundle.test.ts
// runs the bundle with no node_modules; scripts/check-package.mjs installs the packed tarball). What
// src/ may import is held to the packages below: a new one is a deliberate choice (it ships inside the
// bundle to every user), never a test or build tool pulled in by accident.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The packages the bundle inlines (all devDependencies, pinned by the lockfile). */
const BUNDLED = [
  "@octokit/rest",
  "ajv",
  "ajv-formats",
  "commander",
  "fast-json-patch",
  "fastify",
  "js-yaml",
  "pino",
  "pino-pretty",
  "simple-git",
  "yaml",
];

/** The packages a source text imports: static, dynamic, re-exports and require() (ajv's generated code). */
function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'.][^"']*)["']/gm)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

const isBuiltin = (name: string): boolean => name.startsWith("node:") || builtinModules.includes(name);

describe("what the package imports at run time", () => {
  it("every package a module of src/ imports is one the bundle inlines, or a Node builtin", () => {
    const files = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const offenders = files.flatMap((file) =>
      importedPackages(readFileSync(join(root, "src", file), "utf8"))
        .filter((name) => !isBuiltin(name) && !BUNDLED.includes(name))
        .map((name) => `src/${file} imports ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the package installs nothing and runs nothing at install: no dependencies, no install scripts", () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(BUNDLED.filter((name) => !Object.hasOwn(pkg.devDependencies, name))).toEqual([]);
    // Any of these makes npm prepare a git install (pre-commit's, `npm install -g git+…`): every
    // devDependency installed from the registry first (pacote's git fetcher). `build` included.
    const preparation = /^((pre|post)?install|prepare|prepack|build)$/;
    expect(Object.keys(pkg.scripts).filter((name) => preparation.test(name))).toEqual([]);
  });

  it("the check sees each kind of import (it can fail)", () => {
    expect(
      importedPackages(
        'import { x } from "vitest";\nconst m = await import("@segment/tsub/dist/x.js");\nconst r = require("ajv/dist/runtime/equal");\nexport { y } from "./local.js";',
      ),
    ).toEqual(["vitest", "@segment/tsub", "ajv"]);
  });
});
