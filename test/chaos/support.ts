import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { main } from "../../src/cli.js";
import type { Clock } from "../../src/live/clock.js";
import { createLogger } from "../../src/log.js";
import { startEmulator, type EmulatorConfig, type Faults, type RunningEmulator } from "../../src/emulator/index.js";
import type { Transcript } from "./transcript.js";

export const ROOT = join(import.meta.dirname, "..", "..");
// An absolute loader path: children run in temp folders where "tsx" does not resolve.
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;
export const WORKSPACE = "ws_chaos";

/** Whether the rounds run the emulator with the real service's `offset` cursors (`compat.cursors`). */
export const EMULATOR_COMPAT_AVAILABLE = true;

export interface Run {
  code: number | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a run: API URL and token, and a cache folder of its own (locks live there; never ~/.cache). */
export function apiEnv(url: string, token: string, cacheDir: string): NodeJS.ProcessEnv {
  return { SEGMENT_API_TOKEN: token, SEGMENT_API_URL: url, TRANSYNC_CACHE_DIR: cacheDir };
}

/** transync in this process (`main()` from src/cli.ts); every output is recorded in the transcript. */
export async function runTransync(
  transcript: Transcript,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  signal?: AbortSignal,
  clock?: Clock,
): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "transync", ...args], {
    stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
    stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "info", ...env },
    cwd,
    signal,
    clock,
  });
  transcript.record(`${args[0] ?? "transync"} stdout`, stdout);
  transcript.record(`${args[0] ?? "transync"} stderr`, stderr);
  return { code, stdout, stderr };
}

export interface Child {
  child: ChildProcess;
  /** Resolves when the process exits; its output is then recorded in the transcript. */
  done: Promise<Run>;
}

/** transync as a real process (through tsx), so it can be killed. */
export function spawnTransync(transcript: Transcript, args: string[], env: NodeJS.ProcessEnv, cwd: string, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, "--import", TSX_LOADER, join(ROOT, "src", "bin.ts"), ...args], {
    cwd,
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) => {
    child.once("close", (code, signal) => {
      transcript.record(`${args[0] ?? "transync"} process stdout`, stdout);
      transcript.record(`${args[0] ?? "transync"} process stderr`, stderr);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

export interface ChaosEmulatorOptions {
  token: string;
  faults?: Partial<Faults>;
  /** Emulator `compat.cursors: offset`, the real service's cursors. */
  offsetCursors?: boolean;
  dataFile?: string;
}

/** The chaos workspace `ws_chaos`, as an emulator config. */
export function chaosConfig(options: ChaosEmulatorOptions): EmulatorConfig {
  const config: EmulatorConfig = { workspaces: [{ id: WORKSPACE, slug: "chaos", name: "Chaos", tokens: [options.token] }] };
  if (options.faults) config.faults = options.faults;
  if (options.offsetCursors) config.compat = { cursors: "offset" };
  return config;
}

/** An in-process emulator on 127.0.0.1, port 0; its request log goes through the transcript. */
export async function startChaosEmulator(transcript: Transcript, options: ChaosEmulatorOptions): Promise<RunningEmulator> {
  const logger = createLogger({ level: "info", destination: { write: (s: string) => void transcript.record("emulator log", s) } });
  return startEmulator({ host: "127.0.0.1", port: 0, config: chaosConfig(options), logger, dataFile: options.dataFile });
}

/** A temp folder removed by `cleanup()`. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `transync-chaos-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value));
}

/** Extra objects sharing a (name, sourceId) pair: a pair held by 3 objects counts 2. */
export function countDuplicates(objects: ReadonlyArray<{ name: string; sourceId: string }>): number {
  const seen = new Set<string>();
  let extra = 0;
  for (const o of objects) {
    const key = `${o.sourceId}\u0000${o.name}`;
    if (seen.has(key)) extra += 1;
    seen.add(key);
  }
  return extra;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/** Whole number in [0, n) from a seeded random source. */
export function pick(random: () => number, n: number): number {
  return Math.floor(random() * n);
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
