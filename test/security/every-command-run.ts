import { expect } from "vitest";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import { FakeGitHub } from "../forge/fake-github.js";
import { FakeGitLab } from "../forge/fake-gitlab.js";
import { runAction } from "../../src/action/run-action.js";
import { main } from "../../src/cli.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { fileNameOf, type HostileNames } from "./command-forms.js";

/**
 * Every command and format of transync, the GitHub Action's entry among them, run on one project of
 * hostile names (test/security/command-forms.ts) against the emulator and fake code hosts; each run's
 * stdout and stderr kept for test/security/runner-commands.test.ts to read as GitHub's runner would.
 */
/** One output stream of one run, and how many commands transync meant to write on it. */
export interface Written {
  what: string;
  text: string;
  own: number;
}

export const PROJECT = "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\ndefaultEnvironment: staging\n";

export function projectOf(names: HostileNames): TempProject {
  const slugRef = (name: string) =>
    `apiVersion: transync/v1\nkind: Transformation\nname: ${JSON.stringify(`${name} by slug`)}\nsourceId: { slug: ${JSON.stringify(names.slug)} }\ndestinationMetadataId: { slug: ${JSON.stringify(names.slug)} }\nenabled: true\nif: event = 'A'\n`;
  const event = { type: "track", event: names.event, properties: { [names.event]: names.live } };
  return tempProject({
    "transync.yaml": PROJECT,
    // drop beside other transforms: a warning that names the file.
    [`transformations/${fileNameOf(names.file)}.yaml`]: docs(
      doc(names.document, "web", { if: `event = '${names.event}'`, newEventName: names.event }),
      doc(`${names.document} drop`, "web", { drop: true, newEventName: names.event }),
      slugRef(names.document),
    ),
    "events.jsonl": `${JSON.stringify({ source: "web", event })}\n`,
    "event.json": JSON.stringify(event),
    "tests/cases.yaml": `apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: ${JSON.stringify(names.testCase)}\n    source: web\n    event: ${JSON.stringify(event)}\n    expect: { contains: ${JSON.stringify({ event: names.live })} }\n`,
  });
}

export async function emulatorOf(names: HostileNames): Promise<RunningEmulator> {
  return startTestEmulator({
    workspaces: [
      {
        ...testWorkspace([{ id: "tfm_live", name: names.live, sourceId: "src_web", enabled: true, if: `event = '${names.event}'` }]),
        sources: [
          { id: "src_web", slug: "web" },
          { id: "src_h", slug: names.slug },
        ],
      },
    ],
    catalog: { destinations: [{ id: "meta_h", slug: names.slug, name: names.live }] },
  });
}

/** Both streams of a CLI run; `own` of stdout: the annotations the same command's JSON counts. */
export const streams = (what: string, run: CliRun, own = 0): Written[] => [
  { what: `${what}: stdout`, text: run.stdout, own },
  { what: `${what}: stderr`, text: run.stderr, own: 0 },
];

/** The JSON a run printed; its stderr if none. */
export function jsonOf<T>(run: CliRun): T {
  expect(run.stdout, run.stderr).not.toBe("");
  return JSON.parse(run.stdout) as T;
}

/** Every command and format of the CLI on one project. */
export async function everyCommand(names: HostileNames, project: TempProject, emulator: RunningEmulator): Promise<Written[]> {
  const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "debug" };
  const cli = (args: string[], extra: NodeJS.ProcessEnv = {}, cwd = project.dir) => runCli(args, { env: { ...env, ...extra }, cwd });
  const out: Written[] = [];
  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await cli(args);
    out.push(...streams(args.join(" "), result));
    return result;
  };
  const validated = jsonOf<{ diagnostics: Array<{ file: string }> }>(await run("validate", "--format", "json"));
  expect(validated.diagnostics.map((d) => d.file)).toContain(`transformations/${fileNameOf(names.file)}.yaml`);
  out.push(...streams("validate --format github", await cli(["validate", "--format", "github"]), validated.diagnostics.length));
  for (const format of ["text", "sarif"]) await run("validate", "--format", format);
  const tested = jsonOf<{ cases: Array<{ name: string; status: string }> }>(await run("test", "--format", "json"));
  expect(tested.cases.map((c) => [c.name, c.status])).toEqual([[names.testCase, "failed"]]);
  out.push(...streams("test --format github", await cli(["test", "--format", "github"]), 1));
  for (const format of ["text", "junit"]) await run("test", "--format", format);
  for (const format of ["text", "json"]) await run("simulate", "--source", "web", "--event", "event.json", "--format", format);
  const plan = jsonOf<{ actions: Array<{ name: string }> }>(await run("plan", "--prune", "--format", "json"));
  expect(plan.actions.map((a) => a.name)).toEqual(expect.arrayContaining([names.document, names.live]));
  await run("plan", "--prune", "--events", "events.jsonl");
  const markdown = (await run("plan", "--prune", "--format", "markdown", "--events", "events.jsonl")).stdout;
  project.write("plan.md", markdown);
  await run("import", "--out", "imported", "--split");
  await run("reconcile", "--once", "--dry-run", "--prune");
  for (const shell of ["bash", "zsh", "fish"]) await run("completion", shell);
  const initDir = join(project.dir, fileNameOf(names.file));
  mkdirSync(initDir);
  out.push(...streams("init", await cli(["init"], {}, initDir)));
  out.push(...streams("schemas --write", await cli(["schemas", "--write"], {}, initDir)));
  out.push(...streams("schemas", await cli(["schemas"], {}, initDir)));
  out.push(...(await commentRuns(names, project)));
  out.push(...(await apiErrorRuns(names, project, emulator)));
  out.push(...(await emulatorCommandRuns(names, project)));
  await run("apply", "--prune");
  const applied = jsonOf<{ actions: Array<{ name: string }> }>(await run("apply", "--prune", "--auto-approve", "--format", "json"));
  expect(applied.actions.map((a) => a.name)).toEqual(expect.arrayContaining([names.document, names.live]));
  project.write(`transformations/${fileNameOf(names.file)}.yaml`, doc(`${names.document} again`, "web"));
  await run("apply", "--prune", "--auto-approve");
  return out;
}

/** `comment` to GitHub and to GitLab: posted, and refused with the host's error text. */
export async function commentRuns(names: HostileNames, project: TempProject): Promise<Written[]> {
  const github = new FakeGitHub();
  const gitlab = new FakeGitLab("42", "gl-token");
  await Promise.all([github.start(), gitlab.start()]);
  try {
    const githubEnv = { GITHUB_TOKEN: "gh-token", GITHUB_REPOSITORY: github.slug, GITHUB_API_URL: github.url };
    const gitlabEnv = { GITLAB_TOKEN: "gl-token", CI_API_V4_URL: gitlab.apiUrl, CI_PROJECT_ID: "42", CI_MERGE_REQUEST_IID: "7" };
    const comment = (args: string[], env: NodeJS.ProcessEnv) =>
      runCli(["comment", ...args, "--file", "plan.md"], { cwd: project.dir, env });
    const out = streams("comment", await comment(["--pr", "7"], githubEnv));
    github.faults.push({ status: 422, message: names.apiError });
    out.push(...streams("comment refused", await comment(["--pr", "7"], githubEnv)));
    out.push(...streams("comment --gitlab", await comment(["--gitlab"], gitlabEnv)));
    gitlab.faults.push({ status: 403, body: { message: names.apiError } });
    out.push(...streams("comment --gitlab refused", await comment(["--gitlab"], gitlabEnv)));
    return out;
  } finally {
    await Promise.all([github.stop(), gitlab.stop()]);
  }
}

/** `transync emulator` serving a workspace of hostile names, asked for a hostile path, then stopped; and with a config file it cannot read. */
export async function emulatorCommandRuns(names: HostileNames, project: TempProject): Promise<Written[]> {
  const config = {
    workspaces: [
      {
        ...testWorkspace([{ id: "tfm_h", name: names.live, sourceId: "src_h", enabled: true, if: "event = 'A'" }]),
        sources: [{ id: "src_h", slug: names.slug }],
      },
    ],
  };
  project.write("emulator.json", JSON.stringify(config));
  let stdout = "";
  let stderr = "";
  const stop = new AbortController();
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const served = main(["node", "transync", "emulator", "--port", "0", "--config", "emulator.json"], {
    stdout: { write: (s: string) => ((stdout += s), listening(/listening on (\S+)/.exec(stdout)?.[1] ?? ""), true), isTTY: false },
    stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
    env: { TRANSYNC_LOG_LEVEL: "debug" },
    cwd: project.dir,
    signal: stop.signal,
  });
  const base = await url;
  const headers = { authorization: `Bearer ${TEST_TOKEN}` };
  await fetch(`${base}/transformations/${encodeURIComponent(names.apiError)}?q=${encodeURIComponent(names.event)}`, { headers });
  await fetch(`${base}/transformations`, { headers });
  stop.abort();
  expect(await served).toBe(0);
  const unreadable = await runCli(["emulator", "--port", "0", "--config", `${fileNameOf(names.file)}.json`], { cwd: project.dir });
  return [...streams("emulator", { code: 0, stdout, stderr }), ...streams("emulator, unreadable config", unreadable)];
}

/** The Segment API's error text, through a plan and the Action's plan. */
export async function apiErrorRuns(names: HostileNames, project: TempProject, emulator: RunningEmulator): Promise<Written[]> {
  const api = new ScriptedApi(emulator.url);
  api.route("GET", /transformations/, { status: 400, body: { errors: [{ type: "bad-request", message: names.apiError }] } });
  const url = await api.start();
  try {
    const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: url };
    const planned = await runCli(["plan"], { cwd: project.dir, env });
    expect(planned.code).toBe(1);
    return [...streams("plan, API error", planned), ...(await actionRun("plan, API error", { command: "plan" }, project, env, 0))];
  } finally {
    await api.close();
  }
}

/** The GitHub Action's entry in this process, as main.ts runs it; `own`: the annotations it means to write. */
export async function actionRun(
  what: string,
  inputs: Record<string, string>,
  project: TempProject,
  env: NodeJS.ProcessEnv,
  own: number,
): Promise<Written[]> {
  const runner = mkdtempSync(join(tmpdir(), "transync-runner-"));
  let stdout = "";
  let stderr = "";
  try {
    await runAction({
      stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
      cwd: project.dir,
      env: {
        ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
        ...env,
        GITHUB_WORKSPACE: project.dir,
        GITHUB_OUTPUT: join(runner, "output"),
        GITHUB_STEP_SUMMARY: join(runner, "summary"),
        RUNNER_TEMP: runner,
        TRANSYNC_CACHE_DIR: join(runner, "cache"),
        TRANSYNC_LOG_LEVEL: "debug",
      },
    });
  } finally {
    rmSync(runner, { recursive: true, force: true });
  }
  return [
    { what: `action ${what}: stdout`, text: stdout, own },
    { what: `action ${what}: stderr`, text: stderr, own: 0 },
  ];
}

/** The Action's entry: validate and test annotate, plan with changes adds a notice, a missing folder an error. */
export async function actionRuns(
  names: HostileNames,
  project: TempProject,
  emulator: RunningEmulator,
  own: { validate: number },
): Promise<Written[]> {
  const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url };
  const base = { environment: "staging", args: "--prune" };
  return [
    ...(await actionRun("validate", { command: "validate" }, project, env, own.validate)),
    ...(await actionRun("test", { command: "test" }, project, env, 1)),
    ...(await actionRun("plan", { command: "plan", ...base }, project, env, 1)),
    ...(await actionRun("missing folder", { command: "plan", "working-directory": fileNameOf(names.file) + "-missing" }, project, env, 1)),
  ];
}
