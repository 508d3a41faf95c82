import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { input, readActionInputs } from "../../src/action/inputs.js";

const ROOT = join(import.meta.dirname, "..", "..");

interface ActionStep {
  id: string;
  shell: string;
  run: string;
  env: Record<string, string>;
}
interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as ActionYml;

describe("action.yml", () => {
  it("has the inputs and outputs of issue 24; the outputs are the run step's", () => {
    expect(Object.keys(action.inputs).sort()).toEqual([
      "accept-blast-radius",
      "args",
      "break-freeze",
      "command",
      "comment",
      "environment",
      "github-token",
      "version",
      "working-directory",
    ]);
    expect(action.inputs.command!.required).toBe(true);
    expect(Object.fromEntries(Object.entries(action.outputs).map(([name, o]) => [name, o.value]))).toEqual(
      Object.fromEntries(["exitcode", "changes", "plan-json", "plan-markdown"].map((name) => [name, `\${{ steps.run.outputs.${name} }}`])),
    );
  });

  it("no expression is ever written into a script: inputs reach the steps only through env", () => {
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) expect(step.run, step.id).not.toContain("${{");
  });

  it("the run step passes every input but version by name, as the entry reads it (src/action/inputs.ts)", () => {
    const run = action.runs.steps.find((s) => s.id === "run")!;
    for (const name of Object.keys(action.inputs).filter((n) => n !== "version")) {
      const variable = Object.entries(run.env).find(([, value]) => value === `\${{ inputs.${name} }}`)?.[0];
      expect(variable, name).toBeDefined();
      expect(input({ [variable!]: "given" }, name), name).toBe("given");
    }
    expect(run.env.TRANSYNC_ACTION_ENTRY).toBe("${{ steps.setup.outputs.entry }}");
    expect(run.run).toBe('node "$TRANSYNC_ACTION_ENTRY"');
    const setup = action.runs.steps.find((s) => s.id === "setup")!;
    expect([setup.env, setup.run]).toEqual([
      { INPUT_VERSION: "${{ inputs.version }}" },
      'node "$GITHUB_ACTION_PATH/scripts/action-setup.mjs"',
    ]);
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
