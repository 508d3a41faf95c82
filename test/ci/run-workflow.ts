import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "..", "..");
export const CI_EXAMPLES = join(ROOT, "examples", "ci");

/** The outcome of one shell script of a workflow (a GitHub step, a GitLab job's script). */
export interface ScriptRun {
  name: string;
  code: number;
  output: string;
}

/** What a job's scripts run with: the checkout, the variables a runner would set, the values of `${{ }}` expressions. */
export interface Runner {
  checkout: string;
  /** Variables of the runner and the test (never the API token: that must come from the workflow). */
  env: Record<string, string>;
  /** `${{ expression }}` -> value; an expression missing here fails the test. */
  expressions: Record<string, string>;
}

export function readWorkflow(path: string): Record<string, unknown> {
  return parse(readFileSync(join(CI_EXAMPLES, path), "utf8")) as Record<string, unknown>;
}

/**
 * A folder with a `transync` command that runs this checkout's source: it stands for the pinned
 * release the workflows install, which the tests cannot download. The source is bundled once with
 * esbuild (what tsx would compile on every start, a second each under load), into a folder that
 * looks like an installed package: its package.json and this checkout's node_modules.
 */
export async function installShim(dir: string): Promise<string> {
  const app = join(dir, "app");
  mkdirSync(join(app, "dist"), { recursive: true });
  copyFileSync(join(ROOT, "package.json"), join(app, "package.json"));
  symlinkSync(join(ROOT, "node_modules"), join(app, "node_modules"));
  const entry = join(app, "dist", "bin.mjs");
  await build({
    entryPoints: [join(ROOT, "src", "bin.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: entry,
    logLevel: "warning",
  });
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "transync"), `#!/bin/sh\nexec "${process.execPath}" "${entry}" "$@"\n`);
  chmodSync(join(bin, "transync"), 0o755);
  return bin;
}

/** The step that installs transync: it must install the pinned release; the shim stands for it. */
export function isPinnedInstall(script: string): boolean {
  return /npm install --global [^\n]*"transync@\$\{TRANSYNC_VERSION\}"/.test(script);
}

/** Replaces every `${{ expression }}` with its value from the runner. */
export function substitute(text: string, runner: Runner): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    const value = runner.expressions[expression] ?? conditional(expression, runner);
    if (value === undefined) throw new Error(`the test gives no value for \${{ ${expression} }}`);
    return value;
  });
}

/** GitHub's `a == 'x' && b || ''` (b when a is x, else empty), the one operator form the examples use. */
function conditional(expression: string, runner: Runner): string | undefined {
  const match = /^([\w.]+) == '([^']*)' && ([\w.]+) \|\| ''$/.exec(expression);
  if (!match) return undefined;
  const [, left, literal, then] = match;
  const actual = runner.expressions[left!];
  if (actual === undefined) return undefined;
  return actual === literal ? runner.expressions[then!] : "";
}

function stringsOf(record: unknown, runner: Runner): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((record ?? {}) as Record<string, unknown>)) out[key] = substitute(String(value), runner);
  return out;
}

/** Runs a script as the runner's shell does (`bash -eo pipefail`), with exactly the variables given. */
export function runScript(name: string, script: string, env: Record<string, string>, cwd: string): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ name, code: code ?? 1, output })); // after the last output, unlike 'exit'
  });
}

/**
 * Runs a step that uses the transync Action, with its `with:` inputs (expressions substituted) and
 * the variables the step would get; the test runs the Action's entry for it.
 */
export type ActionStepRunner = (
  name: string,
  inputs: Record<string, string>,
  env: Record<string, string>,
  cwd: string,
) => Promise<ScriptRun>;

/**
 * Runs one GitHub Actions job: `uses:` steps are left out (the test made the checkout), except the
 * transync Action's (`OWNER/transync@…`), which `action` runs when given; the install step is checked
 * to install the pinned release, every other `run:` runs in bash with the job's and the step's `env:`.
 * After a failed step only steps with `always()` in their `if:` run.
 */
export async function runGitHubJob(
  workflow: Record<string, unknown>,
  job: string,
  runner: Runner,
  action?: ActionStepRunner,
): Promise<ScriptRun[]> {
  const spec = (workflow.jobs as Record<string, Record<string, unknown>>)[job];
  if (!spec) throw new Error(`no job ${job}`);
  const jobEnv = stringsOf(spec.env, runner);
  const runs: ScriptRun[] = [];
  for (const step of spec.steps as Array<Record<string, unknown>>) {
    const skipped = runs.some((r) => r.code !== 0) && !String(step.if ?? "").includes("always()");
    if (action && /\/transync@/.test(String(step.uses ?? "")) && !skipped) {
      const env = { ...runner.env, ...jobEnv, ...stringsOf(step.env, runner) };
      const with_ = stringsOf(step.with, runner);
      runs.push(await action(String(step.id ?? with_.command), with_, env, runner.checkout));
      continue;
    }
    if (typeof step.run !== "string") continue;
    const name = String(step.name ?? step.run);
    if (/\bnpm (install|ci)\b|\bnpx\b/.test(step.run)) {
      if (!isPinnedInstall(step.run)) throw new Error(`step "${name}" installs something other than the pinned transync release`);
      continue;
    }
    if (runs.some((r) => r.code !== 0) && !String(step.if ?? "").includes("always()")) continue;
    const env = { ...runner.env, ...jobEnv, ...stringsOf(step.env, runner) };
    const cwd = step["working-directory"] !== undefined ? substitute(String(step["working-directory"]), runner) : runner.checkout;
    runs.push(await runScript(name, substitute(step.run, runner), env, cwd));
  }
  return runs;
}

/** The GitLab jobs whose `rules:` admit a pipeline with these variables, in stage order. */
export function gitlabJobs(pipeline: Record<string, unknown>, variables: Record<string, string>): string[] {
  const stages = pipeline.stages as string[];
  const jobs = Object.entries(pipeline).filter(
    ([name, spec]) => !["default", "variables", "stages", "workflow"].includes(name) && typeof spec === "object",
  );
  const admitted = jobs.filter(([, spec]) =>
    ((spec as { rules?: Array<{ if: string }> }).rules ?? []).some((rule) => ruleHolds(rule.if, variables)),
  );
  return admitted
    .sort(([, a], [, b]) => stages.indexOf((a as { stage: string }).stage) - stages.indexOf((b as { stage: string }).stage))
    .map(([name]) => name);
}

/** The rules the examples use: `A == B` joined by `&&`, each side `$VARIABLE` or a quoted string. */
function ruleHolds(condition: string, variables: Record<string, string>): boolean {
  const side = (text: string): string => {
    const t = text.trim();
    if (t.startsWith("$")) return variables[t.slice(1)] ?? "";
    if (/^".*"$/.test(t)) return t.slice(1, -1);
    throw new Error(`the test cannot evaluate "${t}" in a GitLab rule`);
  };
  return condition.split("&&").every((part) => {
    const [left, right] = part.split("==");
    if (right === undefined) throw new Error(`the test cannot evaluate the GitLab rule "${part}"`);
    return side(left!) === side(right);
  });
}

/**
 * Runs one GitLab pipeline: the jobs its rules admit, stage by stage, each job's `script` in bash
 * with the pipeline's and the job's `variables`; `before_script` is checked to install the pinned
 * release (the shim stands for it). Stops after the first failed job.
 */
export async function runGitLabPipeline(
  pipeline: Record<string, unknown>,
  variables: Record<string, string>,
  runner: Runner,
): Promise<ScriptRun[]> {
  const before = ((pipeline.default as { before_script?: string[] } | undefined)?.before_script ?? []).join("\n");
  if (!isPinnedInstall(before)) throw new Error("the GitLab pipeline does not install the pinned transync release in before_script");
  const runs: ScriptRun[] = [];
  for (const job of gitlabJobs(pipeline, variables)) {
    const spec = pipeline[job] as { script: string[]; variables?: Record<string, string> };
    const env = { ...runner.env, ...stringsOf(pipeline.variables, runner), ...stringsOf(spec.variables, runner), ...variables };
    const run = await runScript(job, spec.script.join("\n"), env, runner.checkout);
    runs.push(run);
    if (run.code !== 0) break;
  }
  return runs;
}
