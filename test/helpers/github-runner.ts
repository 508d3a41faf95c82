import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the step wrote to $GITHUB_OUTPUT, parsed as the runner parses it. */
  outputs: Record<string, string>;
  /** What it appended to $GITHUB_STEP_SUMMARY. */
  summary: string;
  /** RUNNER_TEMP of the step (where the plan files are). */
  runnerTemp: string;
  /** Removes RUNNER_TEMP. */
  cleanup(): void;
}

/**
 * Parses a $GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` … `DELIMITER` blocks.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#multiline-strings
 */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (!heredoc) {
      const eq = line.indexOf("=");
      if (eq < 0) throw new Error(`invalid output line: ${line}`);
      outputs[line.slice(0, eq)] = line.slice(eq + 1);
      continue;
    }
    const end = lines.indexOf(heredoc[2]!, i + 1);
    if (end < 0) throw new Error(`no closing delimiter ${heredoc[2]}`);
    outputs[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return outputs;
}

/**
 * Runs the action's entry as the runner runs an action step: `node ENTRY` in the workspace, inputs as
 * `INPUT_<NAME>` variables, a fresh $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY, RUNNER_TEMP, and the
 * event file. `entry` is src/action/main.ts through tsx unless given (a built file such as
 * dist/bundle/action.mjs, run by plain `node` as the runner runs `runs.main`).
 */
export async function runActionStep(options: {
  inputs: Record<string, string>;
  workspace: string;
  env?: NodeJS.ProcessEnv;
  event?: unknown;
  entry?: string;
}): Promise<ActionRun> {
  const runner = mkdtempSync(join(tmpdir(), "transync-runner-"));
  const cleanup = (): void => rmSync(runner, { recursive: true, force: true });
  try {
    const files = {
      GITHUB_OUTPUT: join(runner, "output"),
      GITHUB_STEP_SUMMARY: join(runner, "summary"),
      GITHUB_EVENT_PATH: join(runner, "event.json"),
    };
    for (const file of Object.values(files)) writeFileSync(file, "");
    writeFileSync(files.GITHUB_EVENT_PATH, JSON.stringify(options.event ?? {}));
    const inputs = Object.fromEntries(Object.entries(options.inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]));
    const env = {
      PATH: process.env.PATH,
      TRANSYNC_LOG_LEVEL: "warn",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: options.workspace,
      RUNNER_TEMP: runner,
      ...files,
      ...inputs,
      ...options.env,
    };
    const args = options.entry === undefined ? ["--import", TSX_LOADER, join(ROOT, "src", "action", "main.ts")] : [options.entry];
    const child = spawn(process.execPath, args, {
      cwd: options.workspace,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // 'close', not 'exit': the process can exit before its last output is read (on a loaded machine, often).
    const code = await new Promise<number | null>((done) => child.once("close", done));
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputFile(readFileSync(files.GITHUB_OUTPUT, "utf8")),
      summary: readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"),
      runnerTemp: runner,
      cleanup,
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}
