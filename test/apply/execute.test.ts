import { describe, expect, it } from "vitest";
import type { ApplyEvent } from "../../src/apply/types.js";
import type { PlanAction } from "../../src/plan/types.js";
import { executePlan, formatApplySummary } from "../../src/apply/execute.js";
import { silentLogger } from "../../src/log.js";
import { ApiError } from "../../src/errors.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { createAction, deleteAction, makePlan, tf, updateAction } from "./plan-builder.js";
import { fakeClock } from "../live/helpers.js";

const logger = silentLogger();

describe("executePlan: order and concurrency", () => {
  it("runs deletes, then updates, then creates, with a barrier between phases", async () => {
    const [a, b, c] = [tf("tf_a", "A"), tf("tf_b", "B"), tf("tf_c", "C")];
    const api = new FakeLiveApi("ws_1", [a, b, c]);
    api.delayMs = 5;
    // The plan lists creates first on purpose: the engine, not the list order, decides the phases.
    const plan = makePlan(
      [createAction("New 1"), createAction("New 2"), updateAction(b, { enabled: false }), deleteAction(a), deleteAction(c)],
      [a, b, c],
    );
    const events: ApplyEvent[] = [];
    const result = await executePlan(plan, api, { logger, onEvent: (e) => events.push(e) });
    expect(api.writes.map((w) => w.method)).toEqual(["remove", "remove", "update", "create", "create"]);
    // No create started before every update finished (the barrier).
    const order = events
      .filter((e) => e.type === "start" || e.type === "done")
      .map((e) => (e.type === "start" ? `start ${e.kind}` : `done ${e.outcome.kind}`));
    expect(order.indexOf("start create")).toBeGreaterThan(order.lastIndexOf("done update"));
    expect(order.indexOf("start update")).toBeGreaterThan(order.lastIndexOf("done delete"));
    expect(result.actions.map((o) => [o.index, o.outcome])).toEqual([
      [0, "created"],
      [1, "created"],
      [2, "updated"],
      [3, "deleted"],
      [4, "deleted"],
    ]);
    expect(result.summary).toEqual({ created: 2, updated: 1, deleted: 2, failed: 0, skipped: 0 });
    expect(result.interrupted).toBe(false);
  });

  it("keeps at most `concurrency` calls in flight and uses them all", async () => {
    const api = new FakeLiveApi();
    api.delayMs = 10;
    const plan = makePlan(Array.from({ length: 12 }, (_, i) => createAction(`T${String(i).padStart(2, "0")}`)));
    await executePlan(plan, api, { logger, concurrency: 3 });
    expect(api.maxInFlight).toBe(3);
    expect(api.store.size).toBe(12);
    const api4 = new FakeLiveApi();
    api4.delayMs = 10;
    await executePlan(plan, api4, { logger });
    expect(api4.maxInFlight).toBe(4);
  });

  it("reports outcomes in plan order even when calls finish out of order", async () => {
    const api = new FakeLiveApi();
    let n = 0;
    api.onCall = () => {
      api.delayMs = [30, 1, 15, 5][n++ % 4]!;
    };
    const plan = makePlan(["A", "B", "C", "D", "E"].map((name) => createAction(name)));
    const result = await executePlan(plan, api, { logger });
    expect(result.actions.map((o) => o.name)).toEqual(["A", "B", "C", "D", "E"]);
    expect(result.actions.map((o) => o.index)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("executePlan: failures", () => {
  it("records a failed action with the API's error and carries on with independent ones", async () => {
    const [a, b] = [tf("tf_a", "A"), tf("tf_b", "B")];
    const api = new FakeLiveApi("ws_1", [a, b]);
    api.faults.push({
      method: "create",
      name: "Bad",
      kind: "api",
      status: 422,
      type: "input-validation",
      field: "transformation.if",
      message: '"if" is invalid',
    });
    api.faults.push({ method: "update", id: "tf_b", kind: "api", status: 500, type: "InternalError", message: "boom" });
    const plan = makePlan(
      [
        deleteAction(a),
        updateAction(b, { enabled: false }),
        createAction("Bad"),
        createAction("Good 1"),
        createAction("Good 2"),
        createAction("Good 3"),
        createAction("Good 4"),
        createAction("Good 5"),
      ],
      [a, b],
    );
    const result = await executePlan(plan, api, { logger });
    expect(result.actions[2]).toMatchObject({
      outcome: "failed",
      name: "Bad",
      error: { status: 422, type: "input-validation", field: "transformation.if", message: '"if" is invalid' },
      attempts: 1,
    });
    expect(result.actions[1]).toMatchObject({
      outcome: "failed",
      id: "tf_b",
      error: { status: 500, type: "InternalError", message: "boom" },
    });
    expect(formatApplySummary(result.summary)).toBe("Apply: 5 created, 0 updated, 1 deleted, 2 failed.");
    expect(api.byName("Good 5")).toHaveLength(1);
  });

  it("counts a delete answered 404 as deleted (already gone)", async () => {
    const gone = tf("tf_gone", "Gone");
    const api = new FakeLiveApi();
    const result = await executePlan(makePlan([deleteAction(gone)], [gone]), api, { logger });
    expect(result.actions[0]).toMatchObject({ outcome: "deleted", id: "tf_gone", note: "already gone" });
    expect(result.summary.failed).toBe(0);
  });

  it("does not create a name whose rename-away update failed (no two objects with one name)", async () => {
    const old = tf("tf_a", "Orders");
    const api = new FakeLiveApi("ws_1", [old]);
    api.faults.push({ method: "update", id: "tf_a", kind: "api", status: 422, type: "input-validation", message: "bad" });
    const result = await executePlan(makePlan([updateAction(old, { name: "Orders v1" }), createAction("Orders")], [old]), api, { logger });
    expect(result.actions[1]).toMatchObject({
      outcome: "skipped",
      note: expect.stringContaining('the update of "Orders v1" that frees the name was not successful'),
    });
    expect(api.byName("Orders")).toHaveLength(1);
    expect(formatApplySummary(result.summary)).toBe("Apply: 0 created, 0 updated, 0 deleted, 1 failed, 1 skipped.");
  });

  it("a rename onto a name the plan's delete frees waits on that delete: a failed delete skips it, so no two of a name remain", async () => {
    const a = tf("tf_a", "A");
    const b = tf("tf_b", "B");
    const api = new FakeLiveApi("ws_1", [a, b]);
    api.faults.push({ method: "remove", id: "tf_b", kind: "api", status: 422, type: "input-validation", message: "bad" });
    const result = await executePlan(makePlan([deleteAction(b), updateAction(a, { name: "B" })], [a, b]), api, { logger });
    expect(result.actions[1]).toMatchObject({
      outcome: "skipped",
      note: expect.stringContaining('the delete of "B" that frees the name was not successful'),
    });
    expect(api.byName("B")).toHaveLength(1);
    expect(api.byName("A")).toHaveLength(1);
  });

  it("formats the summary exactly", () => {
    expect(formatApplySummary({ created: 5, updated: 2, deleted: 1, failed: 1, skipped: 0 })).toBe(
      "Apply: 5 created, 2 updated, 1 deleted, 1 failed.",
    );
    expect(formatApplySummary({ created: 0, updated: 0, deleted: 0, failed: 0, skipped: 3 })).toBe(
      "Apply: 0 created, 0 updated, 0 deleted, 0 failed, 3 skipped.",
    );
  });
});

describe("executePlan: creates with an unknown outcome", () => {
  it("finds the object a lost reply made and does not create it again", async () => {
    const api = new FakeLiveApi("ws_1", [tf("a_0", "Other"), tf("a_1", "Another"), tf("a_2", "More")]);
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-after-store" });
    const result = await executePlan(makePlan([createAction("Checkout")]), api, { logger });
    expect(api.byName("Checkout")).toHaveLength(1);
    expect(result.actions[0]).toMatchObject({ outcome: "created", id: api.byName("Checkout")[0]!.id, attempts: 1 });
    expect(api.calls.filter((c) => c.method === "create")).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === "listPage").length).toBeGreaterThan(1); // paged through
  });

  it("retries a create that did not happen, and ends with exactly one object", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-before-store" });
    const result = await executePlan(makePlan([createAction("Checkout")]), api, { logger });
    expect(api.byName("Checkout")).toHaveLength(1);
    expect(result.actions[0]).toMatchObject({ outcome: "created", attempts: 2 });
  });

  it("a lost reply on the retry too still leaves exactly one object", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-before-store" });
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-after-store" });
    const result = await executePlan(makePlan([createAction("Checkout")]), api, { logger });
    expect(api.byName("Checkout")).toHaveLength(1);
    expect(result.actions[0]).toMatchObject({ outcome: "created", attempts: 2 });
  });

  it("gives up after the attempt bound and reports the create as failed", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-before-store", times: 5 });
    const clock = fakeClock();
    const createRetry = { policy: { maxRetries: 2, retryBudgetMs: 60_000, retryBaseMs: 1000 }, clock };
    const result = await executePlan(makePlan([createAction("Checkout")]), api, { logger, createRetry });
    expect(result.actions[0]).toMatchObject({ outcome: "failed", attempts: 3 });
    expect(result.actions[0]!.error?.message).toMatch(
      /^creating "Checkout" failed 3 time\(s\), the last with connection reset; each time a complete read/,
    );
    // Two backoff waits (full jitter at 0.5): 0.5 × 1 s, then 0.5 × 2 s.
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(api.store.size).toBe(0);
  });

  it("a create matched by name but in another source is not mistaken for ours", async () => {
    const api = new FakeLiveApi("ws_1", [tf("tf_x", "Checkout", { sourceId: "src_other" })]);
    api.faults.push({ method: "create", name: "Checkout", kind: "unknown-before-store" });
    await executePlan(makePlan([createAction("Checkout")]), api, { logger });
    expect(
      api
        .byName("Checkout")
        .map((t) => t.sourceId)
        .sort(),
    ).toEqual(["src_other", "src_web"]);
  });
});

describe("executePlan: no duplicate creates", () => {
  it("refuses a create whose name and source appeared since the plan, and creates the others", async () => {
    const api = new FakeLiveApi("ws_1", [tf("tf_x", "Checkout"), tf("tf_y", "Signup", { sourceId: "src_other" })]);
    const result = await executePlan(makePlan([createAction("Checkout"), createAction("Signup")]), api, { logger });
    expect(result.actions[0]).toMatchObject({ outcome: "failed", attempts: 0 });
    expect(result.actions[0]!.error?.message).toMatch(
      /^not created: "Checkout" \(tf_x\) now exists in source src_web; it appeared after the plan was made/,
    );
    expect(result.actions[1]).toMatchObject({ outcome: "created" });
    expect(api.byName("Checkout")).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === "create").map((c) => c.name)).toEqual(["Signup"]);
  });

  it("reads once, after the deletes and updates: a name freed by the plan's own delete is free", async () => {
    const old = tf("tf_old", "Checkout");
    const api = new FakeLiveApi("ws_1", [old]);
    const result = await executePlan(makePlan([deleteAction(old), createAction("Checkout")], [old]), api, { logger });
    expect(result.actions.map((a) => a.outcome)).toEqual(["deleted", "created"]);
    const order = api.calls.map((c) => c.method);
    expect(order.indexOf("listPage")).toBeGreaterThan(order.indexOf("remove"));
    expect(order.indexOf("listPage")).toBeLessThan(order.indexOf("create"));
  });

  it("when the check cannot list, no create runs", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "listPage", kind: "api", status: 503, type: "Unavailable", message: "down" });
    const result = await executePlan(makePlan([createAction("C")]), api, { logger });
    expect(result.actions[0]).toMatchObject({
      outcome: "failed",
      error: { message: expect.stringContaining("the list that checks the name is still free failed (down)") },
    });
    expect(api.store.size).toBe(0);
  });
});

describe("executePlan: interruption", () => {
  it("stops starting calls, lets those in flight finish, skips the rest", async () => {
    const api = new FakeLiveApi();
    api.delayMs = 20;
    const controller = new AbortController();
    api.onCall = () => {
      if (api.calls.filter((c) => c.method === "create").length === 2) controller.abort();
    };
    const plan = makePlan(Array.from({ length: 10 }, (_, i) => createAction(`T${i}`)));
    const result = await executePlan(plan, api, { logger, concurrency: 2, signal: controller.signal });
    expect(result.interrupted).toBe(true);
    expect(result.actions.slice(0, 2).map((o) => o.outcome)).toEqual(["created", "created"]);
    expect(result.actions.slice(2).every((o) => o.outcome === "skipped" && o.attempts === 0)).toBe(true);
    expect(api.store.size).toBe(2);
    expect(api.inFlight).toBe(0);
    expect(formatApplySummary(result.summary)).toBe("Apply: 2 created, 0 updated, 0 deleted, 0 failed, 8 skipped.");
  });

  it("an abort during the deletes skips every later phase", async () => {
    const [a, b] = [tf("tf_a", "A"), tf("tf_b", "B")];
    const api = new FakeLiveApi("ws_1", [a, b]);
    const controller = new AbortController();
    api.onCall = () => controller.abort();
    const result = await executePlan(makePlan([deleteAction(a), updateAction(b, { enabled: false }), createAction("C")], [a, b]), api, {
      logger,
      signal: controller.signal,
    });
    expect(result.actions.map((o) => o.outcome)).toEqual(["deleted", "skipped", "skipped"]);
    expect(api.writes).toHaveLength(1);
  });
});

describe("executePlan: more outcomes", () => {
  it("adopts an object that already exists (409 on create) instead of failing or duplicating", async () => {
    const api = new FakeLiveApi("ws_1", [tf("tf_x", "Checkout")]);
    api.faults.push({ method: "create", name: "Checkout", kind: "api", status: 409, type: "Conflict", message: "exists" });
    // Without the name check before creates: the 409 path is for an object made in the last instant.
    const result = await executePlan(makePlan([createAction("Checkout")]), api, { logger, checkCreateNames: false });
    expect(result.actions[0]).toMatchObject({ outcome: "adopted", id: "tf_x" });
    expect(result.summary).toMatchObject({ created: 1, failed: 0 });
    expect(api.byName("Checkout")).toHaveLength(1);
  });

  it("repeats an update whose outcome is unknown (setting values is idempotent)", async () => {
    const a = tf("tf_a", "A");
    const api = new FakeLiveApi("ws_1", [a]);
    api.faults.push({ method: "update", id: "tf_a", kind: "unknown-after-store" });
    const result = await executePlan(makePlan([updateAction(a, { enabled: false })], [a]), api, { logger });
    expect(result.actions[0]).toMatchObject({ outcome: "updated", attempts: 2 });
    expect(api.store.get("tf_a")?.enabled).toBe(false);
  });

  it("a create whose reply was lost is reported created even when the first read to find it fails", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "C", kind: "unknown-after-store" });
    api.faults.push({ method: "listPage", kind: "api", status: 500, type: "InternalServerError", message: "boom" });
    const result = await executePlan(makePlan([createAction("C")]), api, { logger, checkCreateNames: false });
    expect(result.actions[0]).toMatchObject({
      outcome: "created",
      id: api.byName("C")[0]!.id,
      note: "the create succeeded though its reply was lost",
    });
    expect(api.calls.filter((c) => c.method === "create")).toHaveLength(1);
  });

  it("when every read to resolve it fails, the create is failed as unknown (may exist), and never repeated", async () => {
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "C", kind: "unknown-before-store" });
    api.faults.push({ method: "listPage", kind: "api", status: 503, type: "Unavailable", message: "down", times: 3 });
    const result = await executePlan(makePlan([createAction("C")]), api, { logger, checkCreateNames: false });
    expect(result.actions[0]).toMatchObject({ outcome: "failed" });
    expect(result.actions[0]!.error?.message).toMatch(
      /^the outcome of creating "C" is unknown \(connection reset\), and reading live state to find out failed 3 time\(s\) \(down\); the object may exist/,
    );
    expect(api.calls.filter((c) => c.method === "create")).toHaveLength(1);
  });

  it("counts the client's own retries in attempts", async () => {
    const api = new FakeLiveApi();
    api.create = async () => {
      throw new ApiError("rate limited", 429, [{ type: "RateLimited", message: "Rate limit exceeded" }], { attempts: 4 });
    };
    const result = await executePlan(makePlan([createAction("C")]), api, { logger });
    expect(result.actions[0]).toMatchObject({ outcome: "failed", attempts: 4, error: { status: 429, type: "RateLimited" } });
  });

  it("refuses a concurrency below 1", async () => {
    await expect(executePlan(makePlan([]), new FakeLiveApi(), { logger, concurrency: 0 })).rejects.toThrow(/--concurrency/);
  });

  it("a delete whose reply was lost is repeated, and the 404 then counts as deleted", async () => {
    const a = tf("tf_a", "A");
    const api = new FakeLiveApi("ws_1", [a]);
    api.faults.push({ method: "remove", id: "tf_a", kind: "unknown-after-store" });
    const result = await executePlan(makePlan([deleteAction(a)], [a]), api, { logger });
    expect(result.actions[0]).toMatchObject({ outcome: "deleted", attempts: 2, note: "already gone" });
    expect(api.store.size).toBe(0);
  });

  it("an interrupt during an unknown-outcome create resolves it but does not create again", async () => {
    const api = new FakeLiveApi();
    const controller = new AbortController();
    api.faults.push({ method: "create", name: "C", kind: "unknown-before-store" });
    api.onCall = (call) => {
      if (call.method === "create") controller.abort();
    };
    const result = await executePlan(makePlan([createAction("C")]), api, { logger, signal: controller.signal });
    expect(result.actions[0]).toMatchObject({
      outcome: "skipped",
      note: expect.stringContaining("not retried because apply was interrupted"),
    });
    expect(result.interrupted).toBe(true);
    expect(api.calls.filter((c) => c.method === "create")).toHaveLength(1);
  });

  it("reports a damaged plan action as failed and goes on", async () => {
    const plan = makePlan([{ ...createAction("X"), body: undefined } as unknown as PlanAction, createAction("Y")]);
    const result = await executePlan(plan, new FakeLiveApi(), { logger });
    expect(result.actions.map((o) => o.outcome)).toEqual(["failed", "created"]);
    expect(result.actions[0]!.error?.message).toContain("has no body (the plan file is damaged)");
  });
});
