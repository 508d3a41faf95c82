import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../../src/emulator/faults.js";
import type { Transformation } from "../../src/model/transformation.js";
import { DesiredRepo } from "./desired-repo.js";
import { emptyFigures, renderFigures, scenarioPassed } from "./figures.js";
import { hasEnvelope } from "./hand-client.js";
import { runScenario } from "./scenario.js";
import { roundsScenario } from "./scenarios/rounds.js";
import { defaultOptions, SCENARIOS } from "./suite.js";
import { countDuplicates } from "./support.js";
import { git } from "../helpers/git.js";
import { Transcript } from "./transcript.js";

/** The suite's own checks must be able to fail: each is shown a failing case here. */
describe("chaos harness checks", () => {
  it("counts every extra object of a (name, sourceId) pair, not names across sources", () => {
    const o = (name: string, sourceId: string) => ({ name, sourceId });
    expect(countDuplicates([o("A", "s1"), o("A", "s1"), o("A", "s1"), o("A", "s2"), o("B", "s1")])).toBe(2);
  });

  it("finds a secret in recorded output without repeating it", () => {
    const transcript = new Transcript();
    transcript.addSecret("chaos-token-1-abcdef");
    transcript.record("plan stdout", "ok");
    transcript.record("apply stderr", "Bearer chaos-token-1-abcdef");
    expect(transcript.leaks).toEqual(["apply stderr: contains the API token"]);
  });

  it("an error reply without {errors:[{type, message}]} is an envelope violation", () => {
    expect(hasEnvelope({ errors: [{ type: "NotFound", message: "x" }] })).toBe(true);
    expect(hasEnvelope({ statusCode: 400, code: "FST_ERR_BAD_URL", message: "bad" })).toBe(false);
    expect(hasEnvelope({ errors: [] })).toBe(false);
  });

  it("compares live with desired: missing, drifted, extra and duplicated objects", () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-chaos-harness-"));
    try {
      const repo = new DesiredRepo(dir, seededRandom(3), "chaos-hashkey-test-0000");
      repo.createMany(3);
      const [a, b, c] = [...repo.docs.values()];
      const live = (d: typeof a, extra: Partial<Transformation> = {}) =>
        ({
          id: d!.name,
          name: d!.name,
          sourceId: d!.sourceId,
          enabled: d!.enabled,
          if: d!.if,
          newEventName: d!.newEventName,
          hashPropertiesConfiguration: d!.hashKey ? { key: d!.hashKey } : undefined,
          ...extra,
        }) as unknown as Transformation;
      expect(repo.compare([live(a), live(b), live(c)]).converged).toBe(true);
      const broken = repo.compare([live(a), live(a), live(b, { if: "event = 'other'" }), live(c, { name: "Stranger" })]);
      expect(broken).toMatchObject({ duplicates: 1, missing: [c!.name], drifted: [b!.name], extra: ["Stranger"], converged: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a scenario with any must-be-0 figure above 0 fails the run", () => {
    const clean = { name: "x", figures: emptyFigures(), failures: [], leaks: [], notes: [], ms: 1 };
    expect(scenarioPassed(clean)).toBe(true);
    const leaky = { ...clean, figures: { ...emptyFigures(), leaks: 1 } };
    expect(scenarioPassed(leaky)).toBe(false);
    expect(renderFigures(1, [clean, leaky])).toMatch(/leaks\s+1 {2}\(MUST BE 0\)[\s\S]*result: FAIL/);
  });

  it("a desired state with no net change since the last commit is committed (empty), not an error", () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-chaos-harness-"));
    try {
      const repo = new DesiredRepo(dir, seededRandom(5), "chaos-hashkey-test-0000");
      repo.createMany(2);
      repo.commit("round 1");
      repo.commit("round 2"); // the round's edits cancelled out: the same tree
      expect(git(dir, "rev-list", "--count", "HEAD")).toBe("2");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Seed 64 with sequence cursors: round 2's edits cancel out (found by replaying DesiredRepo's edits for seeds 1..).
  it("a randomized round with no net change passes (seed 64, 2 rounds, --cursors sequence)", async () => {
    const options = defaultOptions({ seed: 64, rounds: 2, offsetCursors: false });
    const result = await runScenario(roundsScenario, options, SCENARIOS.indexOf(roundsScenario));
    expect(result.error, result.error).toBeUndefined();
    expect(result.failures).toEqual([]);
    expect(result.figures).toMatchObject({ rounds: 2, duplicates: 0, lost: 0 });
  }, 120_000);
});
