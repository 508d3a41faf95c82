import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript build script, without types
import { PACKAGE_FILES } from "../../scripts/sea.mjs";

// The files transync reads from its package at run time must reach every form it ships in: the npm
// package (package.json `files`) and the single executable (its assets, scripts/sea.mjs PACKAGE_FILES).
// So src/ reads them through readPackageFile (src/version.ts) alone, by a path whose first folder is
// one both carry; a read that bypasses it would work from a checkout and fail in the executable.

const ROOT = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] };
const sources = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file: `src/${file.split("\\").join("/")}`, text: readFileSync(join(ROOT, "src", file), "utf8") }));

/** The literal start of each path a source passes to readPackageFile: `examples/ci/` of `examples/ci/${provider}/…`. */
function packagePathsRead(text: string): string[] {
  return [...text.matchAll(/readPackageFile\(\s*[`"]([^`"$]*)/g)].map((m) => m[1]!);
}

describe("the files transync reads from its package", () => {
  const shipped = (path: string, roots: readonly string[]): boolean => roots.some((root) => path === root || path.startsWith(`${root}/`));

  it("are read through readPackageFile only: nothing else in src/ finds the package root", () => {
    const others = sources.filter(({ file, text }) => file !== "src/version.ts" && /\bpackageRoot\(/.test(text)).map((s) => s.file);
    expect(others).toEqual([]);
  });

  it("each path read is in the npm package and among the single executable's assets", () => {
    const paths = sources.flatMap(({ text }) => packagePathsRead(text));
    expect(paths).toEqual(expect.arrayContaining(["package.json", "schemas/", "examples/ci/"]));
    const npmFiles = ["package.json", ...pkg.files];
    expect(paths.filter((path) => !shipped(path, npmFiles))).toEqual([]);
    expect(paths.filter((path) => !shipped(path, PACKAGE_FILES as string[]))).toEqual([]);
  });

  it("the check sees a path neither carries (it can fail)", () => {
    expect(packagePathsRead('readPackageFile(`docs/${name}`); readPackageFile("LICENSE")')).toEqual(["docs/", "LICENSE"]);
    expect(shipped("LICENSE", PACKAGE_FILES as string[])).toBe(false);
  });
});
