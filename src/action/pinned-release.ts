import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { input } from "./inputs.js";

/**
 * The input `version`: a released transync runs this step instead of the action's own bundle. The
 * package is installed into RUNNER_TEMP (never the workspace: nothing a pull request commits, such
 * as an .npmrc or a lockfile, chooses the code that runs), then its Action entry runs with the same
 * inputs and environment, and its exit code is the step's.
 */

/** An npm version or dist-tag: no range, path, URL or git spec, nothing a shell or npm would read as more. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** Where a release keeps its Action entry: the bundle, else (0.1.x, the composite action) the build. */
export const RELEASE_ENTRIES = [join("dist", "bundle", "action.mjs"), join("dist", "src", "action", "main.js")];

/** The pinned version, or undefined when the input is empty or `local` (the action's own code runs). */
export function pinnedVersion(env: NodeJS.ProcessEnv): string | undefined {
  const version = input(env, "version");
  return version === "" || version === "local" ? undefined : version;
}

export interface ReleaseIo {
  stdout: { write(chunk: string): unknown };
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** Runs `file args` with the step's output as its own; resolves with its exit code (1 when a signal ended it). */
function run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "inherit", "inherit"] });
    const stop = (): void =>
      void child.kill(typeof options.signal?.reason === "string" ? (options.signal.reason as NodeJS.Signals) : "SIGTERM");
    options.signal?.addEventListener("abort", stop, { once: true });
    child.on("error", () => resolve(127));
    child.on("close", (code) => {
      options.signal?.removeEventListener("abort", stop);
      resolve(code ?? 1);
    });
  });
}

/** A workflow command of the action's own text (no input is echoed): nothing to escape for the runner. */
function fail(io: ReleaseIo, message: string): number {
  io.stdout.write(`::error title=transync::${message}\n`);
  return 1;
}

export async function runPinnedRelease(version: string, io: ReleaseIo): Promise<number> {
  if (!VERSION.test(version))
    return fail(
      io,
      "the input `version` must be a version of the transync npm package (such as 1.2.3), or empty / `local` for the action's own code.",
    );
  const temp = io.env.RUNNER_TEMP || tmpdir();
  const prefix = join(temp, `transync-${version}`);
  mkdirSync(prefix, { recursive: true });
  const npmArgs = ["install", "--global", "--prefix", prefix, "--no-audit", "--no-fund", `transync@${version}`];
  const npmCode = await run("npm", npmArgs, { cwd: temp, env: io.env, signal: io.signal });
  if (npmCode !== 0) return fail(io, `npm could not install transync@${version} (exit ${npmCode}); see the lines above.`);
  const packageDir = join(prefix, "lib", "node_modules", "transync");
  const entry = RELEASE_ENTRIES.map((file) => join(packageDir, file)).find((file) => existsSync(file));
  if (entry === undefined) return fail(io, "that transync version has no GitHub Action entry; use a newer version.");
  // The release reads the same inputs; without `version` it runs its own code instead of installing again.
  const env = { ...io.env, INPUT_VERSION: "" };
  return run(process.execPath, [entry], { cwd: process.cwd(), env, signal: io.signal });
}
