import { main } from "../../src/cli.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output and an explicit environment (no inherited token). */
export async function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; signal?: AbortSignal } = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(["node", "transync", ...args], {
    stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
    stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
    env: { TRANSYNC_LOG_LEVEL: "warn", ...options.env },
    cwd: options.cwd,
    signal: options.signal,
  });
  return { code, stdout, stderr };
}
