import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * Reads the project in `dir` as plan does (a fresh process: a test runner's module cache would hide
 * what loads) and says which of the two libraries a valid project need not load were loaded.
 */
function librariesLoadedReading(files: Record<string, string>): { yaml: boolean; simpleGit: boolean; errors: number } {
  const dir = mkdtempSync(join(tmpdir(), "transync-lazy-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const script = `
    import { createRequire } from "node:module";
    const { loadDesired } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "src/desired/load-desired.ts")).href)});
    const { openGitSource } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "src/git/git-source.ts")).href)});
    const { fsSource } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "src/desired/fs-source.ts")).href)});
    await openGitSource({ repo: ".", cwd: process.cwd(), logger: undefined, env: {} }).catch(() => undefined);
    const { diagnostics } = await loadDesired(fsSource(process.cwd()));
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({
      yaml: loaded.some((f) => f.includes("node_modules/yaml/")),
      simpleGit: loaded.some((f) => f.includes("node_modules/simple-git/")),
      errors: diagnostics.filter((d) => d.severity === "error").length,
    }));`;
  const run = spawnSync(process.execPath, ["--import", TSX_LOADER, "--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as { yaml: boolean; simpleGit: boolean; errors: number };
}

const PROJECT = "apiVersion: transync/v1\ndir: transformations\nenvironments:\n  prod: {}\n";
const DOCUMENT =
  "apiVersion: transync/v1\nkind: Transformation\nname: Rename\nsourceId: src_1\nenabled: true\nif: event = 'A'\nnewEventName: B\n";

describe("what reading a valid project loads", () => {
  it("a project of valid files outside a checkout loads neither yaml nor simple-git", () => {
    expect(librariesLoadedReading({ "transync.yaml": PROJECT, "transformations/a.yaml": DOCUMENT })).toEqual({
      yaml: false,
      simpleGit: false,
      errors: 0,
    });
  });

  it("a finding to position loads yaml (the exact reader)", () => {
    const bad = DOCUMENT.replace("enabled: true", "enabled: yes please");
    const loaded = librariesLoadedReading({ "transync.yaml": PROJECT, "transformations/a.yaml": bad });
    expect(loaded.yaml).toBe(true);
    expect(loaded.errors).toBeGreaterThan(0);
  });

  it("a project file with a finding loads yaml to position it", () => {
    const loaded = librariesLoadedReading({ "transync.yaml": `${PROJECT}prune: sometimes\n`, "transformations/a.yaml": DOCUMENT });
    expect(loaded.yaml).toBe(true);
    expect(loaded.errors).toBeGreaterThan(0);
  });
});
