import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runActionStep } from "../helpers/github-runner.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc } from "../helpers/project.js";

const ROOT = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; bin: { transync: string } };

/**
 * The committed bundle (dist/bundle/, `npm run bundle`) as the package and the Action ship it: copied
 * with what it reads at run time (package.json, schemas/, examples/ci/) into a folder with no
 * node_modules on the way up, so a dependency left out of the bundle fails here, not for a user.
 */
describe("the bundle, run from a folder without node_modules", { timeout: 120_000 }, () => {
  let dir: string;
  const installed = (file: string): string => join(dir, "transync", file);
  const transync = (args: string[], cwd: string) =>
    spawnSync(process.execPath, [installed(pkg.bin.transync), ...args], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir, TRANSYNC_LOG_LEVEL: "warn", TRANSYNC_CACHE_DIR: join(dir, "cache") },
    });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "transync-bundle-"));
    for (const file of ["package.json", "dist/bundle", "schemas", "examples/ci"])
      cpSync(join(ROOT, file), installed(file), { recursive: true });
    cpSync(join(ROOT, "examples"), join(dir, "examples"), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the CLI (package.json bin): --version is the package's, validate and test pass on examples/", () => {
    const version = transync(["--version"], dir);
    expect([version.status, version.stdout.trim()], version.stderr).toEqual([0, pkg.version]);
    for (const command of ["validate", "test"]) {
      const run = transync([command], join(dir, "examples"));
      expect(run.status, `${command}: ${run.stdout}${run.stderr}`).toBe(0);
    }
  });

  it("init writes the CI examples it reads from the package root, found from the bundle's own location", () => {
    const project = join(dir, "new-project");
    mkdirSync(project);
    const init = transync(["init", "--ci", "github"], project);
    expect(init.status, init.stderr).toBe(0);
    expect(readFileSync(join(project, ".github/workflows/transync-pr.yml"), "utf8")).toContain("transync");
  });

  it("the Action's entry (action.yml runs.main), run by plain node as the runner runs it, plans against the emulator", async () => {
    const emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
    const project = tempProject({
      "transync.yaml": "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\n",
      "transformations/a.yaml": doc("Rename", "web"),
    });
    try {
      const run = await runActionStep({
        inputs: { command: "plan", environment: "staging" },
        workspace: project.dir,
        env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url },
        entry: installed("dist/bundle/action.mjs"),
      });
      run.cleanup();
      expect(run.code, run.stderr).toBe(0);
      // Its first line says which transync runs (printed before the rest loads: bench/cold-start.ts), then the plan.
      expect(run.stdout.split("\n").slice(0, 2)).toEqual([`transync ${pkg.version} (GitHub Action)`, "<!-- transync-plan env=staging -->"]);
      expect(run.outputs).toMatchObject({ exitcode: "2", changes: "true" });
    } finally {
      project.cleanup();
      await emulator.close();
    }
  });
  it("the Action's entry: an error outside the run's handling leaves through the fence and the redactor, exit 1", () => {
    const token = "sgp_bundle_SECRET_0123456789";
    const preload = join(dir, "fail.mjs");
    // Fails once the entry has installed its handlers, while the rest of transync is still loading.
    writeFileSync(
      preload,
      `const timer = setInterval(() => { if (process.listenerCount("uncaughtException") === 0) return; clearInterval(timer); throw new Error("::error::forged " + process.env.SEGMENT_API_TOKEN); }, 2);\n`,
    );
    const run = spawnSync(process.execPath, ["--import", pathToFileURL(preload).href, installed("dist/bundle/action.mjs")], {
      cwd: dir,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        INPUT_COMMAND: "validate",
        GITHUB_WORKSPACE: dir,
        SEGMENT_API_TOKEN: token,
        TRANSYNC_LOG_LEVEL: "warn",
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("forged");
    expect(run.stdout + run.stderr).not.toContain(token);
    expect(run.stdout + run.stderr).not.toMatch(/^::error::/m);
  });
});

describe("scripts/check-bundle.mjs (npm run check:bundle; .ci/run)", { timeout: 120_000 }, () => {
  it("passes on a fresh build (the build is deterministic) and fails, naming the fix, when a byte differs", () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-check-bundle-"));
    const node = (script: string, args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, "scripts", script), ...args], { cwd: ROOT, encoding: "utf8" });
    try {
      expect(node("bundle.mjs", ["--outdir", dir]).status).toBe(0);
      const current = node("check-bundle.mjs", ["--bundle-dir", dir]);
      expect([current.status, current.stderr]).toEqual([0, ""]);
      appendFileSync(join(dir, "action.mjs"), "\n");
      const stale = node("check-bundle.mjs", ["--bundle-dir", dir]);
      expect(stale.status).toBe(1);
      expect(stale.stderr).toMatch(/action\.mjs differ.*run npm run bundle and commit/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
