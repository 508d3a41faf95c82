import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// .ci/run is what CI and the release run (.github/workflows/release.yml). It cannot run inside the suite
// (it runs the suite), so what it promises is checked by reading it: the committed bundle is checked
// before the tests, the single executable is built and run, and the package check runs again on Node 22,
// obtained as a package.
const script = readFileSync(join(import.meta.dirname, "..", "..", ".ci", "run"), "utf8");
const commands = script
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe(".ci/run", () => {
  it("checks the committed bundle against a fresh build, before the tests and the package check", () => {
    const at = (command: string): number => commands.indexOf(command);
    expect(at("node scripts/check-bundle.mjs")).toBeGreaterThan(at("npm ci --no-audit --no-fund"));
    expect(at("node scripts/check-bundle.mjs")).toBeLessThan(at("npm test"));
    expect(at("npm test")).toBeLessThan(at("node scripts/check-package.mjs"));
  });

  it("builds the single executable for this platform and runs it (check-sea: --version, validate, the emulator, plan, init)", () => {
    const at = (command: string): number => commands.indexOf(command);
    expect(at("node scripts/sea.mjs")).toBeGreaterThan(at("npm ci --no-audit --no-fund"));
    expect(at("node scripts/check-sea.mjs")).toBeGreaterThan(at("node scripts/sea.mjs"));
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts).toMatchObject({ sea: "node scripts/sea.mjs", "check:sea": "node scripts/check-sea.mjs" });
  });

  it("runs the bundle and the package check on Node 22 from the npm registry's node package, first on PATH", () => {
    expect(script).toMatch(/npm install --no-save [^\n]*--prefix "\$node22" node@22\b/);
    const node22 = script.slice(script.indexOf('PATH="$node22/node_modules/.bin:$PATH"'));
    expect(node22).not.toBe("");
    for (const command of [
      "node dist/bundle/transync.mjs --version",
      "node ../dist/bundle/transync.mjs validate",
      "node scripts/check-package.mjs",
      'node scripts/sea.mjs --out "$SEA22"',
      'node scripts/check-sea.mjs --bin "$SEA22"',
    ])
      expect(node22, command).toContain(command);
    expect(node22).toContain("not Node 22");
  });
});
