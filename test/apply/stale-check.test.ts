import { describe, expect, it } from "vitest";
import type { LiveState } from "../../src/model/live-state.js";
import type { Plan } from "../../src/plan/types.js";
import { checkPlanFresh, versionsCompatible } from "../../src/apply/stale-check.js";
import { executePlan } from "../../src/apply/execute.js";
import { ConflictError } from "../../src/errors.js";
import { silentLogger } from "../../src/log.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { createAction, deleteAction, makePlan, testFingerprint, tf, updateAction } from "./plan-builder.js";

const opts = { fingerprint: testFingerprint, transyncVersion: "0.1.3" };
const orders = tf("tf_a", "Orders");
const signups = tf("tf_b", "Signups");
const legacy = tf("tf_c", "Legacy");

function basePlan(): Plan {
  return makePlan([deleteAction(legacy), updateAction(orders, { enabled: false }), createAction("Checkout")], [orders, signups, legacy]);
}

async function readLive(api: FakeLiveApi): Promise<LiveState> {
  const transformations = [];
  let cursor: string | undefined;
  do {
    const page = await api.listPage(cursor);
    transformations.push(...page.items);
    cursor = page.next;
  } while (cursor !== undefined);
  return { workspaceId: (await api.getWorkspace()).id, transformations, apiCalls: 0 };
}

/** What `apply plan.json` does: re-read live state, refuse a stale plan, then execute. */
async function applySavedPlan(plan: Plan, api: FakeLiveApi): Promise<void> {
  checkPlanFresh(plan, await readLive(api), opts);
  await executePlan(plan, api, { logger: silentLogger() });
}

function staleMessage(plan: Plan, live: LiveState): string {
  try {
    checkPlanFresh(plan, live, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(ConflictError);
    return (error as Error).message;
  }
  throw new Error("expected the plan to be refused");
}

describe("checkPlanFresh", () => {
  it("accepts a plan whose objects are as planned, and apply then writes", async () => {
    const api = new FakeLiveApi("ws_1", [orders, signups, legacy]);
    await applySavedPlan(basePlan(), api);
    expect(api.writes.map((w) => w.method)).toEqual(["remove", "update", "create"]);
  });

  it("refuses a stale plan and changes nothing", async () => {
    const api = new FakeLiveApi("ws_1", [{ ...orders, if: "event = 'Order Done'" }, signups, legacy]);
    await expect(applySavedPlan(basePlan(), api)).rejects.toThrow(/^stale plan, run plan again/);
    expect(api.writes).toEqual([]);
    expect(api.store.size).toBe(3);
  });

  it("names an updated object that changed", () => {
    const message = staleMessage(basePlan(), {
      workspaceId: "ws_1",
      transformations: [{ ...orders, enabled: false }, signups, legacy],
      apiCalls: 0,
    });
    expect(message).toContain(`"Orders" (tf_a), which the plan updates, changed since the plan was made`);
  });

  it("names a deleted object that is gone", () => {
    const message = staleMessage(basePlan(), { workspaceId: "ws_1", transformations: [orders, signups], apiCalls: 0 });
    expect(message).toContain(`"Legacy" (tf_c), which the plan deletes, was deleted since the plan was made`);
  });

  it("names a new object holding a name the plan creates", () => {
    const message = staleMessage(basePlan(), {
      workspaceId: "ws_1",
      transformations: [orders, signups, legacy, tf("tf_z", "Checkout")],
      apiCalls: 0,
    });
    expect(message).toContain(`"Checkout" (tf_z) now exists, and the plan would create an object of that name`);
  });

  it("a new object whose id is a property name (constructor, __proto__) is new, not taken for one the plan read", () => {
    for (const id of ["constructor", "__proto__", "toString"]) {
      const message = staleMessage(basePlan(), {
        workspaceId: "ws_1",
        transformations: [orders, signups, legacy, tf(id, "Checkout")],
        apiCalls: 0,
      });
      expect(message, id).toContain(`"Checkout" (${id}) now exists, and the plan would create an object of that name`);
    }
  });

  it("names an object renamed since the plan onto a name the plan creates", () => {
    const message = staleMessage(basePlan(), {
      workspaceId: "ws_1",
      transformations: [orders, { ...signups, name: "Checkout" }, legacy],
      apiCalls: 0,
    });
    expect(message).toContain(`"Checkout" (tf_b) changed since the plan was made and now holds a name the plan would create`);
  });

  it("accepts a create whose name an update of the same plan frees (rename away)", () => {
    const plan = makePlan([updateAction(orders, { name: "Orders v2" }), createAction("Orders")], [orders]);
    expect(() => checkPlanFresh(plan, { workspaceId: "ws_1", transformations: [orders], apiCalls: 0 }, opts)).not.toThrow();
  });

  it('a plan for another workspace gets its own message, not a list of objects "deleted" since', () => {
    const plan = { ...basePlan(), workspaceId: "ws_other" };
    const message = staleMessage(plan, { workspaceId: "ws_1", transformations: [tf("tf_x", "Elsewhere")], apiCalls: 0 });
    expect(message).toMatch(
      /^the plan was made for workspace ws_other, but SEGMENT_API_TOKEN \(and the API URL\) reach workspace ws_1; nothing was changed/,
    );
    expect(message).not.toMatch(/deleted|stale/);
  });

  it("names format version and incompatible transync version, all at once", () => {
    const plan = { ...basePlan(), formatVersion: 2, transyncVersion: "0.2.0" } as unknown as Plan;
    const message = staleMessage(plan, { workspaceId: "ws_1", transformations: [orders, signups, legacy], apiCalls: 0 });
    expect(message).toContain("the plan has format version 2; this transync reads version 1");
    expect(message).toContain("the plan was made by transync 0.2.0, which is incompatible with this transync 0.1.3");
  });

  it("treats versions as compatible within a major (and within a minor below 1.0)", () => {
    expect(versionsCompatible("1.2.0", "1.9.1")).toBe(true);
    expect(versionsCompatible("1.2.0", "2.0.0")).toBe(false);
    expect(versionsCompatible("0.1.0", "0.1.7")).toBe(true);
    expect(versionsCompatible("0.1.0", "0.2.0")).toBe(false);
  });
});
