import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
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

/** Wall time (ms) of the CLI users run (the committed bundle, `npm run bundle`) in its own process; undefined without it. */
export function builtCliMs(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): number | undefined {
  const bin = join(ROOT, "dist", "bundle", "transync.mjs");
  if (!existsSync(bin)) return undefined;
  const start = performance.now();
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "warn", ...cacheEnv(), ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`built CLI ${args[0] ?? ""} failed: ${run.stderr.toString()}`);
  return ms;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
