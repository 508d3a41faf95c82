import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { assertPlanSecrets, computePlan, resolveBodySecrets } from "../../src/plan/index.js";
import { makeHasher } from "../../src/simulate/hash.js";
import { doc as planDoc, liveState, options } from "../plan/builders.js";

/**
 * Every path that finds a hash key's variable unset names the variable and says to set it; none
 * suggests writing the key into a document (a document is in git: every clone and pull request reads
 * it). Issue 35 found apply's error saying "or write the key in the document".
 */
const VARIABLE = "TRANSYNC_KEY_MESSAGES";
const KEY = { fromEnv: VARIABLE };
const hash = { algorithm: "SHA256", paths: ["traits.email"], key: KEY };

/** Phrasings that would put a secret in git: write/put/paste/give/add … key … document/YAML/file, or a literal key. */
const SUGGESTS_A_LITERAL_KEY = [
  /\b(?:write|put|paste|give|add|inline|hard-?code)\b[^.;:]*\b(?:key|it|value)\b[^.;:]*\b(?:document|yaml|file|transformation)\b/i,
  /\bliteral\b/i,
  /\bkey:\s*["']/i,
];

function expectHonest(message: string): void {
  expect(message).toContain(VARIABLE);
  expect(message).toContain(`set ${VARIABLE} where transync runs`);
  for (const pattern of SUGGESTS_A_LITERAL_KEY) expect(message, `${pattern} in: ${message}`).not.toMatch(pattern);
}

function thrownMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const issues = (error as { issues?: Array<{ message: string }> }).issues ?? [];
    return [(error as Error).message, ...issues.map((i) => i.message)].join("\n");
  }
  throw new Error("expected an error");
}

describe("messages of a hash key whose variable is unset", () => {
  it("the simulator's hasher, apply's body resolution, apply's plan-file check and plan's warning", () => {
    expectHonest(thrownMessage(() => makeHasher({ algorithm: "SHA256", key: KEY as unknown as string })));
    const body = { name: "H", sourceId: "s", enabled: true, if: "type = 'identify'", hashPropertiesConfiguration: hash };
    expectHonest(thrownMessage(() => resolveBodySecrets(body, {}, "H")));
    const plan = computePlan([planDoc("H", { hashPropertiesConfiguration: hash })], liveState([]), options());
    const assertion = thrownMessage(() => assertPlanSecrets(plan, {}));
    expect(assertion).toMatch(/Nothing was sent/);
    expectHonest(assertion);
    const warned = computePlan(
      [planDoc("H", { hashPropertiesConfiguration: hash })],
      liveState([]),
      options({ unsetKeyVariables: [VARIABLE] }),
    );
    expect(warned.warnings).toHaveLength(1);
    expectHonest(warned.warnings[0]!.message);
  });

  describe("through the CLI", () => {
    let emulator: RunningEmulator;
    let project: TempProject;
    beforeEach(async () => {
      emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
      project = tempProject({
        "transync.yaml": "apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_web } }\ndefaultEnvironment: prod\n",
        "transformations/h.yaml": doc("Hash email", "web", { if: "type = 'identify'", hashPropertiesConfiguration: hash }),
        "identify.json": JSON.stringify({ type: "identify", traits: { email: "a@b.c" } }),
      });
    });
    afterEach(async () => {
      project.cleanup();
      await emulator.close();
    });
    const run = (...args: string[]) =>
      runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url } });

    it("plan warns, apply and simulate refuse: each names the variable and never suggests a key in the document", async () => {
      const plan = await run("plan");
      expect(plan.code, plan.stderr).toBe(0);
      // Text reports wrap long lines.
      expectHonest(plan.stdout.replace(/\s+/g, " "));
      const apply = await run("apply", "--auto-approve");
      expect(apply.code).toBe(1);
      expect(apply.stderr).toContain("nothing was sent");
      expectHonest(apply.stderr.replace(/\s+/g, " "));
      const simulate = await run("simulate", "--source", "web", "--event", "identify.json");
      expect(simulate.code).toBe(1);
      expectHonest(simulate.stderr.replace(/\s+/g, " "));
    });
  });
});
