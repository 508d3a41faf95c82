import { UsageError } from "../errors.js";

export const ACTION_COMMANDS = ["validate", "test", "plan", "apply"] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

/** The inputs of action.yml, read as the runner passes an action's inputs: `INPUT_<NAME>` variables. */
export interface ActionInputs {
  command: ActionCommand;
  environment?: string;
  /** Absolute: `working-directory` from the workspace. */
  workingDirectory: string;
  /** Post or update the plan's pull-request comment (`transync comment`). */
  comment: boolean;
  githubToken?: string;
  /** `break-freeze`: apply's `--break-freeze REASON` (a workflow's input, never a file of the pull request). */
  breakFreeze?: string;
  /** `skip-order`: apply's `--skip-order REASON` (a workflow's input, never a file of the pull request). */
  skipOrder?: string;
  /** `target` and `exclude`: plan's and apply's `--target`/`--exclude`, one per line or comma-separated. */
  target: string[];
  exclude: string[];
  /** `accept-blast-radius`: apply's `--accept-blast-radius NAME`, one name a line (a workflow's input, never a file). */
  acceptBlastRadius?: string[];
  /** `args`, split into words (quotes group; nothing is expanded: no shell ever reads them). */
  args: string[];
}

/** Flags the action sets itself for a command; the same in `args` would contradict it. */
const OWN_FLAGS: Record<ActionCommand, readonly string[]> = {
  validate: ["--format", "--env"],
  test: ["--format", "--env"],
  plan: ["--format", "--out", "--detailed-exitcode", "--env"],
  apply: ["--format", "--auto-approve", "--env", "--break-freeze", "--skip-order", "--accept-blast-radius"],
};

/**
 * An input, from the variable the runner gives a JavaScript action (`working-directory` ->
 * `INPUT_WORKING-DIRECTORY`: upper case, spaces to `_`), else with `_` for `-`, the name action.yml
 * passes (a composite action gets no INPUT_ variables, and a shell may drop a name with `-`).
 */
export function input(env: NodeJS.ProcessEnv, name: string): string {
  const runnerName = `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
  return (env[runnerName] ?? env[runnerName.replace(/-/g, "_")] ?? "").trim();
}

export function readActionInputs(
  env: NodeJS.ProcessEnv,
  workspace: string,
  resolvePath: (base: string, path: string) => string,
): ActionInputs {
  const command = input(env, "command");
  if (!(ACTION_COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`the input \`command\` must be one of ${ACTION_COMMANDS.join(", ")}; got "${command}".`);
  }
  const comment = input(env, "comment").toLowerCase();
  if (!["", "true", "false"].includes(comment)) throw new UsageError(`the input \`comment\` must be true or false; got "${comment}".`);
  const args = splitArgs(input(env, "args"));
  const own = OWN_FLAGS[command as ActionCommand].filter((flag) => args.some((arg) => arg === flag || arg.startsWith(`${flag}=`)));
  if (own.length > 0)
    throw new UsageError(
      `the input \`args\` sets ${own.join(", ")}, which the action sets itself for ${command}; use the action's inputs (environment) and outputs (plan-json, plan-markdown) instead.`,
    );
  const environment = input(env, "environment");
  const githubToken = input(env, "github-token");
  const target = namesInput(env, "target", command);
  const exclude = namesInput(env, "exclude", command);
  return {
    command: command as ActionCommand,
    ...(environment !== "" ? { environment } : {}),
    workingDirectory: resolvePath(workspace, input(env, "working-directory") || "."),
    comment: comment === "true",
    ...(githubToken !== "" ? { githubToken } : {}),
    ...applyOverrides(env, command),
    target,
    exclude,
    args,
  };
}

/**
 * `target`/`exclude`: names or globs, one per line or separated by commas (a YAML block or a
 * workflow input), blanks dropped; for plan and apply only. A name holding a comma goes in `args`.
 */
function namesInput(env: NodeJS.ProcessEnv, name: "target" | "exclude", command: string): string[] {
  const names = input(env, name)
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (names.length > 0 && command !== "plan" && command !== "apply")
    throw new UsageError(`the input \`${name}\` is for command: plan or apply (--${name}); got command: ${command}.`);
  return names;
}

/** The flags of the `target` and `exclude` inputs: `--target NAME` for each name. */
export function narrowFlags(inputs: Pick<ActionInputs, "target" | "exclude">): string[] {
  return [...inputs.target.flatMap((name) => ["--target", name]), ...inputs.exclude.flatMap((name) => ["--exclude", name])];
}

/**
 * The inputs that let apply write what it would refuse: `break-freeze` and `skip-order` (reasons) and
 * `accept-blast-radius` (transformation names, one a line). Only for command: apply.
 */
function applyOverrides(env: NodeJS.ProcessEnv, command: string): Pick<ActionInputs, "breakFreeze" | "skipOrder" | "acceptBlastRadius"> {
  const breakFreeze = input(env, "break-freeze");
  const skipOrder = input(env, "skip-order");
  const accepted = input(env, "accept-blast-radius")
    .split("\n")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  for (const [name, given, why] of [
    ["break-freeze", breakFreeze !== "", "a freeze window refuses only writes"],
    ["skip-order", skipOrder !== "", "staging first refuses only writes"],
    ["accept-blast-radius", accepted.length > 0, "the guards refuse only writes"],
  ] as const)
    if (given && command !== "apply")
      throw new UsageError(`the input \`${name}\` is for command: apply (${why}); got command: ${command}.`);
  return {
    ...(breakFreeze !== "" ? { breakFreeze } : {}),
    ...(skipOrder !== "" ? { skipOrder } : {}),
    ...(accepted.length > 0 ? { acceptBlastRadius: accepted } : {}),
  };
}

/**
 * Words of `args` as a shell would split them, without any expansion: white space separates,
 * single quotes keep everything, double quotes keep everything but `\"` and `\\`.
 */
export function splitArgs(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === undefined && /\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (quote === undefined && (char === "'" || char === '"')) {
      quote = char;
      word ??= "";
    } else if (char === quote) {
      quote = undefined;
    } else {
      const escaped = quote === '"' && char === "\\" && (text[i + 1] === '"' || text[i + 1] === "\\");
      word = (word ?? "") + (escaped ? text[++i]! : char);
    }
  }
  if (quote !== undefined) throw new UsageError(`the input \`args\` has an unclosed ${quote} quote.`);
  if (word !== undefined) words.push(word);
  return words;
}
