import { UsageError } from "../errors.js";

/*
 * The CI examples of `examples/ci/` for the environments of a project: the examples name one
 * environment, `production`, and its two variables; this writes every place that names them once per
 * environment (a comment bullet, a job, a matrix entry), from the example's own text, so that the
 * examples stay the one source of the pipelines and keep their comments. Pure text in, text out.
 */

/** A CI provider whose example `init --ci` copies from the package's `examples/ci/`. */
export type CiProvider = "github" | "gitlab";
/** How the pipeline runs transync: scripts installing the pinned npm release, or the GitHub Action. */
export type CiStyle = "script" | "action";

/** One environment of the pipeline: its name and the variables of its tokens, as transync.yaml names them. */
export interface CiEnvironment {
  name: string;
  /** planTokenEnv: the read-only token of pull-request, plan and drift jobs. */
  readTokenEnv: string;
  /** tokenEnv: the write token, given to the environment's apply job only. */
  writeTokenEnv: string;
}

/** The environment the examples are written for: every name of it below is replaced. */
const EXAMPLE_NAME = "production";
/** Its variables by init's naming rule (templates.ts, environmentWithToken): SEGMENT_API_TOKEN_PRODUCTION and _READ. */
const EXAMPLE_WRITE = `SEGMENT_API_TOKEN_${EXAMPLE_NAME.toUpperCase()}`;
const EXAMPLE_READ = `${EXAMPLE_WRITE}_READ`;

/**
 * The example's names, in one pass (a replacement is never replaced again): the two variables, and
 * `production` where it is the environment (after `.`, `/`, a backtick, a quote, `=`, `[`, `-` or `: `),
 * not the word of prose ("the production key").
 */
const EXAMPLE_NAMES = new RegExp(`\\b${EXAMPLE_READ}\\b|\\b${EXAMPLE_WRITE}\\b|(?<=[./\`'=[-]|: )${EXAMPLE_NAME}\\b`, "g");

/** Whether a line names the example's environment or its variables. */
export const namesEnvironment = (line: string): boolean => new RegExp(EXAMPLE_NAMES.source).test(line);

/** Words YAML 1.1 parsers (GitLab's) read as booleans or null when plain. */
const YAML_WORDS = /^(y|n|yes|no|on|off|true|false|null)$/i;

/**
 * An environment name as a YAML value: plain when any YAML parser reads it back as that string,
 * else double-quoted (`"1st"`, `"1.5"`, `"on"`). Names hold only letters, digits, `_`, `.` and `-`.
 */
export function yamlScalar(name: string): string {
  return /^[A-Za-z][A-Za-z0-9_.-]*$/.test(name) && !YAML_WORDS.test(name) ? name : JSON.stringify(name);
}

/** One line of an example, written for `env`: a name standing alone as a key's value is quoted as YAML needs. */
export function forEnvironment(line: string, env: CiEnvironment): string {
  return line.replace(EXAMPLE_NAMES, (found: string, offset: number) => {
    if (found === EXAMPLE_READ) return env.readTokenEnv;
    if (found === EXAMPLE_WRITE) return env.writeTokenEnv;
    const before = line.slice(0, offset);
    const after = line.slice(offset + found.length);
    const value = /^\s*(?:-\s+)?[\w-]+: $/.test(before) && /^(\s*(#.*)?)$/.test(after);
    return value ? yamlScalar(env.name) : env.name;
  });
}

/** Text of lines, each written for `env`. */
export const blockFor = (lines: readonly string[], env: CiEnvironment): string[] => lines.map((line) => forEnvironment(line, env));

/**
 * The leading comment of an example: each bullet (`# - ` and its `#   ` continuation lines) that names
 * the environment once per environment, in order; every other line for the first environment.
 */
export function headerFor(lines: readonly string[], envs: readonly CiEnvironment[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    let end = i + 1;
    if (lines[i]!.startsWith("# - ")) while (end < lines.length && lines[end]!.startsWith("#   ")) end += 1;
    const group = lines.slice(i, end);
    const repeated = lines[i]!.startsWith("# - ") && group.some(namesEnvironment);
    for (const env of repeated ? envs : envs.slice(0, 1)) out.push(...blockFor(group, env));
    i = end;
  }
  return out;
}

/** An example split into its leading comment and the rest. */
export function splitHeader(text: string): { header: string[]; body: string[] } {
  const lines = text.split("\n");
  const first = lines.findIndex((line) => !line.startsWith("#"));
  return { header: lines.slice(0, first), body: lines.slice(first) };
}

/**
 * The blocks of a mapping at one indentation: each key line at `indent` starts a block, which runs to
 * the next one; lines before the first key are the block `""`.
 */
export function blocksAt(lines: readonly string[], indent: string): Array<{ key: string; lines: string[] }> {
  const keyLine = new RegExp(`^${indent}([^\\s#:][^\\s:]*):`);
  const blocks: Array<{ key: string; lines: string[] }> = [{ key: "", lines: [] }];
  for (const line of lines) {
    const key = keyLine.exec(line)?.[1];
    if (key !== undefined) blocks.push({ key, lines: [line] });
    else blocks[blocks.length - 1]!.lines.push(line);
  }
  return blocks;
}

/**
 * Refuses environments whose CI would be unsafe or ambiguous: two environments with one variable (one
 * secret cannot hold two workspaces' tokens), or an environment whose read and write variables are
 * one (its pull-request jobs would get the write token). Before any request, naming the variables.
 */
export function checkCiVariables(envs: readonly CiEnvironment[]): void {
  const owner = new Map<string, string>();
  for (const env of envs) {
    if (env.readTokenEnv === env.writeTokenEnv) {
      throw new UsageError(
        `--ci: environment ${env.name} reads and writes with one variable, ${env.writeTokenEnv}; the CI gives pull-request jobs the read variable, so give a read-only token its own (--env ${env.name}=SEGMENT_API_TOKEN_<SUFFIX>).`,
      );
    }
    for (const variable of [env.readTokenEnv, env.writeTokenEnv]) {
      const other = owner.get(variable);
      if (other !== undefined) {
        throw new UsageError(
          `--ci: environments ${other} and ${env.name} both name ${variable}; one CI secret holds one workspace's token, so give each environment its own variables (--env NAME=VARIABLE names the read one; the write one, SEGMENT_API_TOKEN_<NAME>, follows the name).`,
        );
      }
      owner.set(variable, env.name);
    }
  }
}

/** A job id or name per environment, unique in the file: `make(env)`, then `-2`, `-3`… on a clash. */
export function uniqueNames(envs: readonly CiEnvironment[], make: (env: CiEnvironment) => string): string[] {
  const taken = new Set<string>();
  return envs.map((env) => {
    const base = make(env);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    taken.add(name);
    return name;
  });
}

/** A line that runs `transync test`: a script's command, or the Action's `command: test` input. */
const RUNS_TESTS = /^\s*(?:(?:run:\s*|-\s+)transync test\b|command: test\s*$)/;

/**
 * The lines without the steps that run `transync test`, for a project with no test files (where
 * `transync test` fails, saying so): each such list item (a GitHub step, a GitLab script line) goes
 * with the comment lines just above it, and a blank line it leaves doubled.
 */
export function withoutTestSteps(lines: readonly string[]): string[] {
  const out = [...lines];
  for (let at = out.findIndex((line) => RUNS_TESTS.test(line)); at !== -1; at = out.findIndex((line) => RUNS_TESTS.test(line))) {
    let start = at;
    while (start > 0 && !/^\s*- /.test(out[start]!)) start -= 1;
    const indent = /^(\s*)/.exec(out[start]!)![1]!;
    let end = start + 1;
    while (end < out.length && out[end]!.trim() !== "" && indentOf(out[end]!) > indent.length) end += 1;
    while (start > 0 && out[start - 1]!.startsWith(`${indent}#`)) start -= 1;
    const doubled = (start === 0 || out[start - 1]!.trim() === "") && out[end]?.trim() === "";
    out.splice(start, end - start + (doubled ? 1 : 0));
  }
  return out;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;
