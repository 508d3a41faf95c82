import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli.js";

export const ROOT = join(import.meta.dirname, "..");

/** `transync emulator` in a child process, so its memory is not counted in the benchmark's peak RSS. */
export async function startChildEmulator(configPath: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "src", "bin.ts"), "emulator", "--port", "0", "--config", configPath],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, TRANSYNC_LOG_LEVEL: "warn" },
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
    lines.on("line", (line) => {
      const match = /listening on (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value));
}

/**
 * One cache folder per benchmark process (workspace lock files, clones): two benchmarks, or a
 * benchmark and a test run, on one machine must never meet at the lock of the workspace `ws_bench`
 * in the user's ~/.cache.
 */
let benchCache: string | undefined;
function cacheEnv(): NodeJS.ProcessEnv {
  benchCache ??= mkdtempSync(join(tmpdir(), "transync-bench-cache-"));
  return { TRANSYNC_CACHE_DIR: benchCache };
}

/** Runs the CLI in-process and returns exit code, stdout and stderr. */
export async function cli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "transync", ...args], {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: process.env.TRANSYNC_LOG_LEVEL ?? "warn", ...cacheEnv(), ...env },
    cwd,
  });
  return { code, stdout, stderr };
}

/**
 * The CLI users run, built from the sources of this checkout (scripts/bundle.mjs, `--outdir`) into a
 * folder of its own with package.json and schemas/ beside it (the bundle finds its package root up
 * from its own file): so a benchmark measures the code as it is, never a stale committed bundle.
 * Built once per benchmark process; the folder is removed when it exits.
 */
let benchBin: string | undefined;
export function builtCli(): string {
  if (benchBin !== undefined) return benchBin;
  const root = mkdtempSync(join(tmpdir(), "transync-bench-bundle-"));
  const build = spawnSync(process.execPath, [join(ROOT, "scripts", "bundle.mjs"), "--outdir", join(root, "dist", "bundle")], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`bundle build failed: ${build.stderr}`);
  symlinkSync(join(ROOT, "package.json"), join(root, "package.json"));
  symlinkSync(join(ROOT, "schemas"), join(root, "schemas"));
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  benchBin = join(root, "dist", "bundle", "transync.mjs");
  return benchBin;
}

/** One run of the built CLI (builtCli) in its own process: wall time from spawn to exit, start-up included, and its stdout. */
export function runBuiltCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { ms: number; stdout: string } {
  const bin = builtCli();
  const start = performance.now();
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "warn", ...cacheEnv(), ...env },
    maxBuffer: 256 * 1024 * 1024,
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`built CLI ${args[0] ?? ""} failed: ${run.stderr}`);
  return { ms, stdout: run.stdout };
}

/** Wall time (ms) of the built CLI (builtCli) in its own process. */
export function builtCliMs(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): number {
  return runBuiltCli(args, cwd, env).ms;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
