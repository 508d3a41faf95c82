/**
 * Room src/action/: the GitHub Action's entry (`action.yml` runs `main.ts`): inputs from `INPUT_*`,
 * transync run in-process through `main()`, outputs to `$GITHUB_OUTPUT`, the job summary.
 * May import: src/cli.ts, src/pipeline/ (the output stream's type), src/report/, the ground floor.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { main } from "../cli.js";
import type { OutputStream } from "../pipeline/context.js";
import { userMessage } from "../errors.js";
import { annotationLine } from "../report/workflow-commands.js";
import { fenceText } from "../escape/text-escape.js";
import { code as inlineCode, fenced } from "../escape/markdown-escape.js";
import { NOTHING_TO_APPLY } from "../report/apply-result.js";
import { narrowFlags, readActionInputs, type ActionInputs } from "./inputs.js";
import { appendSummary, setOutput } from "./github-files.js";
import { stepLog, type StepLog } from "./step-log.js";

/** Where the action runs: the runner's process in production, buffers and a chosen environment in tests. */
export interface ActionIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

/** The io with the step's log (`stepLog`) for stdout and stderr. */
interface LoggedIo extends ActionIo {
  stdout: StepLog;
  stderr: StepLog;
}

interface Run {
  io: LoggedIo;
  inputs: ActionInputs;
  /** The environment transync runs with: the runner's, without the action's inputs. */
  env: NodeJS.ProcessEnv;
}

/**
 * The GitHub Action (action.yml): runs one transync command in `working-directory`, sets the step's
 * outputs (exitcode, changes, plan-json, plan-markdown), appends to the job summary, and for a plan
 * posts the pull-request comment when asked. Returns the step's exit code: a plan with changes
 * (exit 2 of --detailed-exitcode) succeeds.
 */
export async function runAction(outside: ActionIo): Promise<number> {
  // Each run of transync, and each annotation of the action's own, starts a line of the step's log.
  const io: LoggedIo = { ...outside, stdout: stepLog(outside.stdout), stderr: stepLog(outside.stderr) };
  let run: Run;
  try {
    const inputs = readActionInputs(io.env, io.env.GITHUB_WORKSPACE || io.cwd, resolve);
    if (!existsSync(inputs.workingDirectory) || !statSync(inputs.workingDirectory).isDirectory()) {
      throw new Error(`the input \`working-directory\` is not a folder: ${inputs.workingDirectory}`);
    }
    run = { io, inputs, env: Object.fromEntries(Object.entries(io.env).filter(([name]) => !name.startsWith("INPUT_"))) };
  } catch (error) {
    annotate(io, "error", userMessage(error));
    setOutputs(io.env, { exitcode: "1", changes: "false" });
    return 1;
  }
  if (run.inputs.command === "plan") return runPlan(run);
  if (run.inputs.command === "apply") return runApply(run);
  return runCheck(run);
}

/** validate and test: their findings as annotations (`--format github`), their last line in the summary. */
async function runCheck(run: Run): Promise<number> {
  const { command } = run.inputs;
  const { code, stdout } = await transync(run, [command, "--format", "github", ...envFlag(run), ...run.inputs.args]);
  writeRun(run.io, stdout);
  setOutputs(run.io.env, { exitcode: String(code), changes: "false" });
  // The last line is the count (`Validated …`, `N passed, N failed`), unless the run stopped before it.
  const last = stdout.trimEnd().split("\n").at(-1) ?? "";
  appendSummary(
    run.io.env,
    `**transync ${command}** (exit ${code})${last === "" || last.startsWith("::") ? "" : `: ${inlineCode(last)}`}\n`,
  );
  return code;
}

async function runPlan(run: Run): Promise<number> {
  const folder = mkdtempSync(join(run.io.env.RUNNER_TEMP || tmpdir(), "transync-plan-"));
  const planJson = join(folder, "plan.json");
  const planMarkdown = join(folder, "plan.md");
  const args = [
    "plan",
    "--format",
    "markdown",
    "--out",
    planJson,
    "--detailed-exitcode",
    ...envFlag(run),
    ...narrowFlags(run.inputs),
    ...run.inputs.args,
  ];
  const { code, stdout } = await transync(run, args);
  writeFileSync(planMarkdown, stdout);
  writeRun(run.io, stdout);
  const planned = code === 0 || code === 2;
  setOutputs(run.io.env, {
    exitcode: String(code),
    changes: String(code === 2),
    "plan-json": existsSync(planJson) ? planJson : "",
    "plan-markdown": planned ? planMarkdown : "",
  });
  if (!planned) return reportFailedPlan(run, code, stdout);
  appendSummary(run.io.env, stdout);
  if (run.inputs.comment) return postComment(run, stdout);
  if (code === 2) annotate(run.io, "notice", "the plan has changes; the job summary shows them");
  return 0;
}

/**
 * A failed plan's Markdown (the error under the environment's marker, src/report/render-failed-plan.ts)
 * goes to the summary and, with `comment`, replaces the comment, so it never keeps an older commit's
 * plan; the step fails with the plan's exit code either way.
 */
async function reportFailedPlan(run: Run, code: number, markdown: string): Promise<number> {
  if (markdown.trim() === "") return code;
  appendSummary(run.io.env, markdown);
  if (run.inputs.comment) await postComment(run, markdown);
  return code;
}

/** apply, approved by the workflow that runs it (`--auto-approve`); its report in the summary. */
async function runApply(run: Run): Promise<number> {
  const breakFreeze = run.inputs.breakFreeze !== undefined ? ["--break-freeze", run.inputs.breakFreeze] : [];
  const skipOrder = run.inputs.skipOrder !== undefined ? ["--skip-order", run.inputs.skipOrder] : [];
  const accepted = (run.inputs.acceptBlastRadius ?? []).flatMap((name) => ["--accept-blast-radius", name]);
  const { code, stdout } = await transync(run, [
    "apply",
    "--auto-approve",
    ...envFlag(run),
    ...breakFreeze,
    ...skipOrder,
    ...accepted,
    ...narrowFlags(run.inputs),
    ...run.inputs.args,
  ]);
  writeRun(run.io, stdout);
  setOutputs(run.io.env, { exitcode: String(code), changes: String(code === 0 && stdout !== NOTHING_TO_APPLY) });
  appendSummary(run.io.env, `### transync apply (exit ${code})\n\n${fenced("text", stdout.trimEnd().split("\n"))}\n`);
  return code;
}

/** `transync comment` with the plan's Markdown on standard input; the summary already has it. */
async function postComment(run: Run, markdown: string): Promise<number> {
  const pr = pullRequestNumber(run.env);
  if (pr === undefined) {
    annotate(run.io, "warning", "comment: true, but this run is not for a pull request (no pull_request in the event); no comment posted");
    return 0;
  }
  const { GITHUB_STEP_SUMMARY: _summary, ...env } = run.env;
  const token = run.inputs.githubToken ?? run.env.GITHUB_TOKEN;
  const commented = await transync(
    { ...run, env: { ...env, ...(token !== undefined ? { GITHUB_TOKEN: token } : {}) } },
    ["comment", "--pr", String(pr)],
    markdown,
  );
  writeRun(run.io, commented.stdout);
  return commented.code;
}

/** The pull request of the event that started the workflow (`pull_request`, `pull_request_target`). */
export function pullRequestNumber(env: NodeJS.ProcessEnv): number | undefined {
  if (!env.GITHUB_EVENT_PATH) return undefined;
  try {
    const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, "utf8")) as { pull_request?: { number?: unknown } };
    const number = event.pull_request?.number;
    return typeof number === "number" && Number.isInteger(number) && number > 0 ? number : undefined;
  } catch {
    return undefined;
  }
}

/** transync in this process, in `working-directory`; its standard output (already fenced and redacted) captured. */
async function transync(run: Run, args: string[], stdin?: string): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  run.io.stderr.startLine();
  const code = await main(["node", "transync", ...args], {
    stdout: { write: (chunk: string) => ((stdout += chunk), true), isTTY: false },
    stderr: run.io.stderr,
    env: run.env,
    cwd: run.inputs.workingDirectory,
    ...(run.io.signal ? { signal: run.io.signal } : {}),
    ...(stdin !== undefined ? { stdin: Readable.from([stdin]) } : {}),
  });
  return { code, stdout };
}

const envFlag = (run: Run): string[] => (run.inputs.environment !== undefined ? ["--env", run.inputs.environment] : []);

function setOutputs(env: NodeJS.ProcessEnv, outputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(outputs)) setOutput(env, name, value);
}

/** A run's standard output (fenced by its own run, src/cli.ts) on the step's log, from a line's start. */
function writeRun(io: LoggedIo, stdout: string): void {
  io.stdout.startLine();
  io.stdout.write(stdout);
}

/** A workflow command of the action itself, written as transync writes its own (through the fence). */
function annotate(io: LoggedIo, level: "error" | "warning" | "notice", message: string): void {
  io.stdout.startLine();
  io.stdout.write(fenceText(`${annotationLine({ level, title: "transync", message })}\n`, true));
}
