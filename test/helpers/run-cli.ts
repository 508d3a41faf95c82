import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli.js";
import type { Clock } from "../../src/live/clock.js";

/**
 * One cache folder per test worker (repository clones, workspace lock files): tests never touch
 * the machine's ~/.cache, and two test files applying to emulators that share the workspace id
 * `ws_test` never meet at one lock.
 */
let workerCache: string | undefined;
function defaultCacheEnv(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  if (env?.TRANSYNC_CACHE_DIR !== undefined || env?.XDG_CACHE_HOME !== undefined) return {};
  workerCache ??= mkdtempSync(join(tmpdir(), "transync-test-cache-"));
  return { TRANSYNC_CACHE_DIR: workerCache };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  signal?: AbortSignal;
  clock?: Clock;
  /** Called after each write with everything written so far: a test acts on what the command says (an event), not after a delay. */
  onOutput?: (written: { stdout: string; stderr: string }) => void;
}

/** Runs the CLI in-process with captured output and an explicit environment (no inherited token). */
export async function runCli(args: string[], options: RunCliOptions = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const told = (): true => (options.onOutput?.({ stdout, stderr }), true);
  const code = await main(["node", "transync", ...args], {
    stdout: { write: (s: string) => ((stdout += s), told()), isTTY: false },
    stderr: { write: (s: string) => ((stderr += s), told()), isTTY: false },
    env: { TRANSYNC_LOG_LEVEL: "warn", ...defaultCacheEnv(options.env), ...options.env },
    cwd: options.cwd,
    signal: options.signal,
    clock: options.clock,
  });
  return { code, stdout, stderr };
}
