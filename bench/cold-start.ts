// `npm run bench:cold-start`: how soon the GitHub Action prints, as the runner runs it. From the spawn of
// `node dist/bundle/action.mjs` (action.yml `runs.main`, the committed bundle: nothing is installed or
// compiled first) to the first byte of its output, for a plan against the emulator; beside it the
// floor, `node -e 0` to its exit. Prints the median of each and their ratio, which issue 39 holds
// under 5. A ratio, not a time: the machine's load moves both alike (test/bundle/bundle.test.ts holds
// the behaviour: the entry runs from a folder with no node_modules and prints its first line).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, startChildEmulator } from "./support.js";

const RUNS = Number(process.env.RUNS ?? 7);
const LIMIT = 5;

/** Milliseconds from the spawn to the first output byte (the exit, for a process that prints nothing), and to the exit. */
function timings(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ first: number; exit: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let at: number | undefined;
    const mark = (): void => void (at ??= performance.now() - start);
    child.stdout.once("data", mark);
    child.stdout.resume();
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => {
      const exit = performance.now() - start;
      resolve({ first: at ?? exit, exit });
    });
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), "transync-cold-start-"));
const emulatorConfig = join(dir, "emulator.yaml");
writeFileSync(
  emulatorConfig,
  "workspaces:\n  - id: ws_bench\n    slug: bench\n    name: Bench\n    tokens: [bench-token]\n    sources: [{ id: src_web, slug: web, name: Web }]\n",
);
const emulator = await startChildEmulator(emulatorConfig);
try {
  const workspace = join(dir, "workspace");
  mkdirSync(join(workspace, "transformations"), { recursive: true });
  writeFileSync(join(workspace, "transync.yaml"), "apiVersion: transync/v1\nenvironments:\n  bench: { sources: { web: src_web } }\n");
  writeFileSync(
    join(workspace, "transformations", "a.yaml"),
    "apiVersion: transync/v1\nkind: Transformation\nname: Rename\nsourceId: web\nenabled: true\nif: event = 'A'\nnewEventName: B\n",
  );
  const env = {
    PATH: process.env.PATH,
    TRANSYNC_LOG_LEVEL: "warn",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: join(dir, "output"),
    GITHUB_STEP_SUMMARY: join(dir, "summary"),
    INPUT_COMMAND: "plan",
    INPUT_ENVIRONMENT: "bench",
    SEGMENT_API_TOKEN: "bench-token",
    SEGMENT_API_URL: emulator.url,
  };
  const floor: number[] = [];
  const action: number[] = [];
  const done: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push((await timings(["-e", "0"], dir, env)).exit);
    const run = await timings([join(ROOT, "dist", "bundle", "action.mjs")], workspace, env);
    action.push(run.first);
    done.push(run.exit);
  }
  const ratio = median(action) / median(floor);
  console.log(`node -e 0:                              ${median(floor).toFixed(0)} ms (median of ${RUNS})`);
  console.log(`dist/bundle/action.mjs, its first line: ${median(action).toFixed(0)} ms (command: plan, against the emulator)`);
  console.log(`dist/bundle/action.mjs, the whole plan: ${median(done).toFixed(0)} ms`);
  console.log(`ratio: ${ratio.toFixed(1)}x (issue 39: under ${LIMIT}x) ${ratio < LIMIT ? "ok" : "OVER"}`);
  if (ratio >= LIMIT) process.exitCode = 1;
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
