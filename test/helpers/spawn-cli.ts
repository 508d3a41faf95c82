import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(import.meta.dirname, "..", "..");
// An absolute loader path: the child runs in a temp project where "tsx" does not resolve.
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

export interface SpawnedCli {
  child: ChildProcessWithoutNullStreams;
  /** Resolves at exit with the code and everything written. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /**
   * Resolves when what the process wrote to stderr so far matches `pattern` (checked on each chunk:
   * an event, not a poll); rejects if the process exits first, with what it wrote.
   */
  stderrMatches(pattern: RegExp): Promise<void>;
}

/** `transync` as a real process (through tsx), so it can be killed or run beside another. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): SpawnedCli {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, join(ROOT, "src", "bin.ts"), ...args], {
    cwd,
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "warn", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the process can exit before its last output is read (on a loaded machine, often).
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
  const stderrMatches = (pattern: RegExp): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!pattern.test(stderr)) return;
        child.stderr.off("data", check);
        resolve();
      };
      child.stderr.on("data", check);
      void done.then(({ code }) => reject(new Error(`exited (${code}) before stderr matched ${pattern}:\n${stderr}`)));
      check();
    });
  return { child, done, stderrMatches };
}
