import { describe, expect, it } from "vitest";
import { describeDivergence, fieldDivergences, verifyApplied } from "../../src/apply/verify.js";
import { executePlan } from "../../src/apply/execute.js";
import { silentLogger } from "../../src/log.js";
import { FakeLiveApi } from "./fake-live-api.js";
import { createAction, makePlan, tf, updateAction } from "./plan-builder.js";

describe("fieldDivergences", () => {
  it("compares in the planner's normal form: order of sets, empty vs absent, null as cleared", () => {
    const got = tf("tf_a", "A", { allowProperties: ["b", "a"], newEventName: "Old" });
    expect(fieldDivergences({ allowProperties: ["a", "b"], newEventName: "Old", propertyRenames: [] }, got)).toEqual([]);
    expect(fieldDivergences({ newEventName: null }, got)).toEqual([{ field: "newEventName", planned: undefined, actual: "Old" }]);
  });

  it("skips fields the reply does not carry (write-only drop, hash configuration)", () => {
    expect(fieldDivergences({ drop: true, hashPropertiesConfiguration: { algorithm: "HMAC_SHA256", paths: ["p"], key: "s3cret" } }, tf("tf_a", "A"))).toEqual([]);
  });

  it("never shows a hash key", () => {
    const text = describeDivergence({ index: 0, name: "A", id: "tf_a", field: "hashPropertiesConfiguration", planned: { algorithm: "HMAC_SHA256", key: "s3cret", paths: [] }, actual: undefined });
    expect(text).not.toContain("s3cret");
    expect(text).toContain("(sensitive)");
  });
});

describe("verifyApplied", () => {
  it("reads back each created and updated object once, and names a field the server kept", async () => {
    const a = tf("tf_a", "A", { newEventName: "Old" });
    const api = new FakeLiveApi("ws_1", [a]);
    const realUpdate = api.update.bind(api);
    // A server that ignores null on PATCH.
    api.update = (id, patch) => realUpdate(id, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null)));
    const plan = makePlan([updateAction(a, { enabled: false, newEventName: null }), createAction("C")], [a]);
    const result = await executePlan(plan, api, { logger: silentLogger() });
    const verification = await verifyApplied(plan, result, api);
    expect(verification).toEqual({ checked: 2, diverged: [{ index: 0, name: "A", id: "tf_a", field: "newEventName", planned: undefined, actual: "Old" }], unreadable: [] });
    expect(api.calls.filter((c) => c.method === "get").map((c) => c.id).sort()).toEqual([result.actions[1]!.id, "tf_a"].sort());
  });

  it("an object that cannot be read back is reported as not verified", async () => {
    const api = new FakeLiveApi();
    const plan = makePlan([createAction("C")]);
    const result = await executePlan(plan, api, { logger: silentLogger() });
    api.faults.push({ method: "get", kind: "api", status: 503, type: "Unavailable", message: "down" });
    const verification = await verifyApplied(plan, result, api);
    expect(verification.unreadable).toEqual([{ index: 0, name: "C", id: result.actions[0]!.id, message: "down" }]);
  });

  it("many writes are read back with the list (ceil(N/200) calls), plus a get only where the body set fqlDefinedProperties", async () => {
    const api = new FakeLiveApi("ws_1", []);
    const fql = [{ fql: "lowercase(properties.a)", propertyName: "properties.b" }];
    // A create sends `[]` for every array it does not set (createBody), fqlDefinedProperties included.
    const plan = makePlan([...Array.from({ length: 8 }, (_, i) => createAction(`C${i}`, { fqlDefinedProperties: [] })), createAction("F", { fqlDefinedProperties: fql })]);
    const result = await executePlan(plan, api, { logger: silentLogger(), checkCreateNames: false });
    const before = api.calls.length;
    const verification = await verifyApplied(plan, result, api);
    expect(verification).toMatchObject({ checked: 9, diverged: [], unreadable: [] });
    const reads = api.calls.slice(before).map((c) => c.method);
    expect(reads.filter((m) => m === "get")).toHaveLength(1);
    expect(reads.filter((m) => m !== "get").length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(9);
  });
});
