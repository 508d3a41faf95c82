import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { input, narrowFlags, readActionInputs } from "../../src/action/inputs.js";

const ROOT = join(import.meta.dirname, "..", "..");

interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value?: string }>;
  runs: { using: string; main: string };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as ActionYml;

/** The variable the runner gives a JavaScript action for an input: `INPUT_` and the name upper-cased, spaces to `_`. */
const runnerVariable = (name: string): string => `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;

describe("action.yml", () => {
  it("has the inputs and outputs of issue 24", () => {
    expect(Object.keys(action.inputs).sort()).toEqual([
      "accept-blast-radius",
      "args",
      "break-freeze",
      "command",
      "comment",
      "environment",
      "exclude",
      "github-token",
      "skip-order",
      "target",
      "version",
      "working-directory",
    ]);
    expect(action.inputs.command!.required).toBe(true);
    expect(Object.keys(action.outputs).sort()).toEqual(["changes", "exitcode", "plan-json", "plan-markdown"]);
  });

  it("is a JavaScript action running the committed bundle: nothing to install, no script for an expression to land in", () => {
    expect(action.runs).toEqual({ using: "node20", main: "dist/bundle/action.mjs" });
    expect(existsSync(join(ROOT, action.runs.main))).toBe(true);
    // A JavaScript action's outputs are what the entry writes to $GITHUB_OUTPUT; a `value` is a composite action's.
    for (const [name, output] of Object.entries(action.outputs)) expect(output.value, name).toBeUndefined();
  });

  it("the entry reads every input from the variable the runner sets for it (src/action/inputs.ts)", () => {
    for (const name of Object.keys(action.inputs)) expect(input({ [runnerVariable(name)]: "given" }, name), name).toBe("given");
  });
});

describe("examples/ci/github/transync-action.yml", () => {
  it("every step that uses the action gives only its inputs, and inputs the entry accepts", () => {
    const workflow = parse(readFileSync(join(ROOT, "examples/ci/github/transync-action.yml"), "utf8")) as {
      jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, string> }> }>;
    };
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((s) => /\/transync@/.test(s.uses ?? "")));
    expect(uses.map((s) => s.with?.command)).toEqual(["validate", "plan", "test", "apply"]);
    for (const step of uses) {
      expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(Object.keys(step.with ?? {})));
      // An expression is the runner's to evaluate: `comment` is then true or false, anything else a word.
      const evaluated = (name: string, value: string): string => value.replace(/\$\{\{[^}]*\}\}/g, name === "comment" ? "true" : "main");
      const env = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, evaluated(name, value)]),
      );
      expect(() => readActionInputs(env, ROOT, resolve)).not.toThrow();
    }
  });
});

describe("the target and exclude inputs (plan's and apply's --target/--exclude)", () => {
  const read = (env: NodeJS.ProcessEnv) => readActionInputs({ INPUT_COMMAND: "apply", ...env }, ROOT, resolve);

  it("take names one per line or separated by commas, blanks dropped, each one flag", () => {
    const inputs = read({ INPUT_TARGET: "Rename*, Hotfix one\n\n  tfm_9 \n", INPUT_EXCLUDE: "Rename legacy" });
    expect([inputs.target, inputs.exclude]).toEqual([["Rename*", "Hotfix one", "tfm_9"], ["Rename legacy"]]);
    expect(narrowFlags(inputs)).toEqual([
      "--target",
      "Rename*",
      "--target",
      "Hotfix one",
      "--target",
      "tfm_9",
      "--exclude",
      "Rename legacy",
    ]);
    expect(narrowFlags(read({}))).toEqual([]);
  });

  it("are refused for validate and test, which have nothing to narrow", () => {
    expect(() => readActionInputs({ INPUT_COMMAND: "test", INPUT_EXCLUDE: "A" }, ROOT, resolve)).toThrow(
      "the input `exclude` is for command: plan or apply (--exclude); got command: test.",
    );
  });
});
