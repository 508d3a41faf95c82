import { describe, expect, it } from "vitest";
import { computeDigestedPlan, computePlan, planDigest } from "../../src/plan/index.js";
import { mayBeRedactedFrom, redactPlan, REDACTED_PLAN_WARNING } from "../../src/secrets/redact-plan.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import { doc, live, liveState, options } from "../plan/builders.js";

const SECRET = "registered-secret-value";
const secrets = new SecretRegistry();
secrets.add(SECRET);
const redact = (text: string): string => secrets.redact(text);

describe("redactPlan", () => {
  it("a plan without a secret is returned as is", () => {
    const plan = computePlan([doc("T")], liveState([live("id1", "T", { enabled: false })]), options());
    expect(redactPlan(plan, redact, planDigest)).toBe(plan);
  });

  it("redacts live values, keeps the body apply sends, warns, and digests the redacted plan", () => {
    // The live `if` echoes the secret; the document's own `if` holds it too (written in git).
    const plan = computePlan(
      [doc("T", { if: `event = '${SECRET}'` })],
      liveState([live("id1", "T", { if: `x = '${SECRET}'` })]),
      options(),
    );
    const redacted = redactPlan(plan, redact, planDigest);
    const action = redacted.actions[0]!;
    expect(action.changes).toContainEqual({ field: "if", before: "x = '[redacted]'", after: "event = '[redacted]'" });
    expect(action.body).toEqual(plan.actions[0]!.body);
    expect(redacted.warnings).toContainEqual({ message: REDACTED_PLAN_WARNING });
    expect(redacted.digest).toBe(planDigest(redacted));
    expect(redacted.fingerprints).toEqual(plan.fingerprints);
    expect(JSON.stringify({ ...redacted, actions: redacted.actions.map((a) => ({ ...a, body: undefined })) })).not.toContain(SECRET);
  });

  it("a create's body keeps the name as the document wrote it (what apply sends and its create guard matches by)", () => {
    const plan = computePlan([doc(`named ${SECRET}`)], liveState([]), options());
    const redacted = redactPlan(plan, redact, planDigest);
    expect(redacted.actions[0]!.name).toBe("named [redacted]");
    expect(redacted.actions[0]!.body?.name).toBe(`named ${SECRET}`);
    expect(redacted.actions[0]!.body).toEqual(plan.actions[0]!.body);
    expect(redacted.digest).toBe(planDigest(redacted));
  });
});

describe("mayBeRedactedFrom", () => {
  it("each [redacted] stands for some text, everything else is the same", () => {
    expect(mayBeRedactedFrom("B [redacted]", "B pepper-77")).toBe(true);
    expect(mayBeRedactedFrom("[redacted] and [redacted]", "a.b and (c)")).toBe(true);
    expect(mayBeRedactedFrom("B [redacted]", "B ")).toBe(false);
    expect(mayBeRedactedFrom("B [redacted]", "C pepper")).toBe(false);
    expect(mayBeRedactedFrom("B.*", "B pepper")).toBe(false);
  });

  it("a text without [redacted], or with too many, matches nothing (a hostile file cannot make the pattern slow)", () => {
    expect(mayBeRedactedFrom("B pepper", "B pepper")).toBe(false);
    expect(mayBeRedactedFrom("[redacted]".repeat(9), "x".repeat(9))).toBe(false);
  });
});

describe("redactPlan given the plan's digest text (computeDigestedPlan)", () => {
  it("finds a secret in that text as in the plan's own JSON, and returns a plan without one as is", () => {
    const clean = computeDigestedPlan([doc("T")], liveState([live("id1", "T", { enabled: false })]), options());
    expect(redactPlan(clean.plan, redact, planDigest, clean.text)).toBe(clean.plan);
    const echoed = computeDigestedPlan([doc("T")], liveState([live("id1", "T", { if: `x = '${SECRET}'` })]), options());
    const redacted = redactPlan(echoed.plan, redact, planDigest, echoed.text);
    expect(redacted).toEqual(redactPlan(echoed.plan, redact, planDigest));
    expect(redacted.warnings).toContainEqual({ message: REDACTED_PLAN_WARNING });
  });
});
