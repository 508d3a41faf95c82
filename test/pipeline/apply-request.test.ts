import { describe, expect, it } from "vitest";
import { applyRequest, type ApplyFlags } from "../../src/pipeline/apply-request.js";
import { planRequest, SHOWN_PLAN } from "../../src/pipeline/plan-request.js";
import { UsageError } from "../../src/errors.js";

const flags = (more: Partial<ApplyFlags> = {}): ApplyFlags => ({
  concurrency: 4,
  maxDeletes: 10,
  format: "text",
  acceptBlastRadius: [],
  ...more,
});

describe("apply's flags decided once into one ApplyRequest (src/pipeline/apply-request.ts)", () => {
  it("a fresh plan carries its planning request: the write token, reads that finish, every key needed, freezes refused", () => {
    const request = applyRequest(flags({ env: "prod", breakFreeze: "incident 42" }));
    expect(request.plan).toMatchObject({
      from: "fresh",
      request: {
        flags: { env: "prod" },
        mode: {
          tokenUse: "write",
          interruptReads: false,
          hashKeysNeeded: true,
          concurrency: 4,
          freeze: { refuse: true, breakReason: "incident 42" },
        },
      },
    });
    expect(request.lock.taken).toBe("after the checks");
    expect(request.overrides).toEqual({ breakFreeze: "incident 42", skipOrder: undefined });
  });

  it("--auto-approve without a plan file takes the lock before the read; with a plan file after the checks", () => {
    expect(applyRequest(flags({ autoApprove: true })).lock.taken).toBe("before the read");
    const saved = applyRequest(flags({ autoApprove: true, planFile: "plan.json", lockDir: "locks" }));
    expect(saved.plan).toEqual({ from: "file", file: "plan.json" });
    expect(saved.lock).toEqual({ dir: "locks", taken: "after the checks" });
    expect(saved.autoApprove).toBe(true);
  });

  it("a planning flag given with a plan file is a usage error naming each, before anything is read", () => {
    const refused = (): unknown => applyRequest(flags({ planFile: "plan.json", env: "prod", target: ["a"] }));
    expect(refused).toThrow(UsageError);
    expect(refused).toThrow(/^--env, --target cannot be used with a plan file/);
  });

  it("--base makes a pull-request plan: one field of the request (pullRequest), not a flag each stage reads again", () => {
    const request = applyRequest(flags({ base: "origin/main", env: "prod" }));
    expect(request.plan).toMatchObject({ from: "fresh", request: { pullRequest: { base: "origin/main" }, flags: { env: "prod" } } });
    expect(request.plan.from === "fresh" && "base" in request.plan.request.flags).toBe(false);
    const shown = planRequest({ base: "applied", prune: "removed" }, SHOWN_PLAN);
    expect(shown).toEqual({ flags: { prune: "removed" }, pullRequest: { base: "applied" }, mode: SHOWN_PLAN });
    expect(planRequest({ env: "prod" }, SHOWN_PLAN)).toEqual({ flags: { env: "prod" }, mode: SHOWN_PLAN });
  });

  it("a plan only shown reads with the read token, stops at an interrupt, and needs no hash key", () => {
    expect(SHOWN_PLAN).toEqual({ tokenUse: "read", interruptReads: true, hashKeysNeeded: false, freeze: { refuse: false } });
  });
});
