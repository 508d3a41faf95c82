import { UsageError } from "../errors.js";
import {
  blockFor,
  blocksAt,
  checkCiVariables,
  forEnvironment,
  headerFor,
  namesEnvironment,
  splitHeader,
  uniqueNames,
  withoutTestSteps,
  yamlScalar,
  type CiEnvironment,
  type CiProvider,
  type CiStyle,
} from "./ci-environments.js";

/*
 * The pipeline of `init --ci` for the environments of transync.yaml, in their order (staging first),
 * from the examples' text (ci-environments.ts): with one environment, each example with its names
 * replaced; with more, every job that names the environment once per environment, the apply jobs
 * chained with `needs:`, and each job holding its own environment's variables only.
 */

/** An example file: its name in examples/ci/<provider>/ and its text. */
export interface CiExample {
  name: string;
  text: string;
}

/**
 * The example files of the pipeline, written for `envs`; without `withTests` (a project with no test
 * files) the steps that run `transync test` are left out.
 */
export function pipelineFor(
  provider: CiProvider,
  style: CiStyle,
  examples: readonly CiExample[],
  envs: readonly CiEnvironment[],
  withTests = true,
): CiExample[] {
  if (envs.length === 0) throw new UsageError("--ci needs at least one environment.");
  checkCiVariables(envs);
  return examples.map(({ name, text }) => ({ name, text: exampleFor(provider, name, text, envs, withTests) }));
}

function exampleFor(provider: CiProvider, name: string, text: string, envs: readonly CiEnvironment[], withTests: boolean): string {
  const { header, body: all } = splitHeader(text);
  const body = withTests ? all : withoutTestSteps(all);
  const lines =
    envs.length === 1 ? blockFor(body, envs[0]!) : provider === "gitlab" ? gitlabJobs(body, envs) : githubJobs(name, body, envs);
  return [...headerFor(header, envs), ...lines].join("\n");
}

/**
 * A GitHub workflow: a job whose lines name the environment becomes one job per environment
 * (`apply-staging`, `apply-prod`, each apply job `needs:` the one before; the Action's `plan-staging`…
 * too); a matrix job stays one job, its matrix lists every environment, and a line that chooses by
 * `matrix.environment` is written once per environment.
 */
function githubJobs(file: string, body: readonly string[], envs: readonly CiEnvironment[]): string[] {
  const jobsAt = body.findIndex((line) => line === "jobs:");
  if (jobsAt === -1) throw new Error(`examples/ci/github/${file} has no jobs:`);
  const out = blockFor(body.slice(0, jobsAt + 1), envs[0]!);
  for (const job of blocksAt(body.slice(jobsAt + 1), "  ")) {
    if (job.key === "" || job.lines.some((line) => line.includes("matrix."))) out.push(...matrixJob(job.lines, envs));
    else if (!job.lines.some(namesEnvironment)) out.push(...job.lines);
    else out.push(...jobPerEnvironment(job.key, job.lines, envs));
  }
  return out;
}

function matrixJob(lines: readonly string[], envs: readonly CiEnvironment[]): string[] {
  return lines.flatMap((line) => {
    const list = /^(\s*environment: )\[production\]$/.exec(line);
    if (list) return [`${list[1]}[${envs.map((env) => yamlScalar(env.name)).join(", ")}]`];
    if (line.includes("matrix.environment == 'production'")) return envs.map((env) => forEnvironment(line, env));
    return [forEnvironment(line, envs[0]!)];
  });
}

/** GitHub job ids hold letters, digits, `-` and `_`: `apply-prod.eu` is written `apply-prod_eu`. */
function jobPerEnvironment(job: string, lines: readonly string[], envs: readonly CiEnvironment[]): string[] {
  const ids = uniqueNames(envs, (env) => `${job}-${env.name.replace(/[^A-Za-z0-9_-]/g, "_")}`);
  return envs.flatMap((env, i) => {
    const [, ...rest] = blockFor(lines, env);
    const needs = job === "apply" && i > 0 ? [`    needs: ${ids[i - 1]} # ${envs[i - 1]!.name} applies first`] : [];
    return [`  ${ids[i]}:`, ...needs, ...rest];
  });
}

/**
 * `.gitlab-ci.yml`: every job that names the environment through TRANSYNC_ENV (all of them) once per
 * environment, `validate:staging`, `apply:prod`…, each with its own `TRANSYNC_ENV`, the apply jobs
 * chained with `needs:`; the pipeline-wide TRANSYNC_ENV goes.
 */
function gitlabJobs(body: readonly string[], envs: readonly CiEnvironment[]): string[] {
  const out: string[] = [];
  for (const block of blocksAt(body, "")) {
    const isJob = block.lines.some((line) => /^ {2}stage: /.test(line));
    if (!isJob) {
      out.push(
        ...blockFor(
          block.lines.filter((line) => !/^ {2}TRANSYNC_ENV: production$/.test(line)),
          envs[0]!,
        ),
      );
      continue;
    }
    const names = uniqueNames(envs, (env) => `${block.key}:${env.name}`);
    envs.forEach((env, i) => {
      const [, ...rest] = blockFor(block.lines, env);
      const stage = rest.findIndex((line) => /^ {2}stage: /.test(line)) + 1;
      const needs = block.key === "apply" && i > 0 ? [`  needs: ["${names[i - 1]}"] # ${envs[i - 1]!.name} applies first`] : [];
      out.push(
        `${names[i]}:`,
        ...rest.slice(0, stage),
        "  variables:",
        `    TRANSYNC_ENV: ${yamlScalar(env.name)}`,
        ...needs,
        ...rest.slice(stage),
      );
    });
  }
  return out;
}
