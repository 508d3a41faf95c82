import { describe, expect, it } from "vitest";
import { describeDivergence, expectedAfter, fieldDivergences, verifyApplied } from "../../src/apply/verify.js";
import { executePlan } from "../../src/apply/execute.js";
import { silentLogger } from "../../src/log.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { createAction, deleteAction, makePlan, tf, updateAction } from "./plan-builder.js";

describe("fieldDivergences", () => {
  it("compares in the planner's normal form: order of sets, empty vs absent, null as cleared", () => {
    const got = tf("tf_a", "A", { allowProperties: ["b", "a"], newEventName: "Old" });
    const sent = (body: Record<string, unknown>) => expectedAfter(updateAction(got, body), undefined);
    expect(fieldDivergences(sent({ allowProperties: ["a", "b"], newEventName: "Old", propertyRenames: [] }), got)).toEqual([]);
    expect(fieldDivergences(sent({ newEventName: null }), got)).toEqual([{ field: "newEventName", planned: undefined, actual: "Old" }]);
  });

  it("skips fields the reply does not carry (write-only drop, hash configuration)", () => {
    const a = tf("tf_a", "A");
    expect(
      fieldDivergences(
        expectedAfter(
          updateAction(a, { drop: true, hashPropertiesConfiguration: { algorithm: "HMAC_SHA256", paths: ["p"], key: "s3cret" } }),
          a,
        ),
        a,
      ),
    ).toEqual([]);
  });

  it("an update is compared on the fields it did not send too: they must be as they were before", () => {
    const before = tf("tf_a", "A", { allowProperties: ["a"], newEventName: "Kept", destinationMetadataId: "meta" });
    const got = tf("tf_a", "A", { enabled: false });
    const expected = expectedAfter(updateAction(before, { enabled: false }), before);
    expect(fieldDivergences(expected, got)).toEqual([
      { field: "destinationMetadataId", planned: "meta", actual: undefined },
      { field: "newEventName", planned: "Kept", actual: undefined },
      { field: "allowProperties", planned: ["a"], actual: [] },
    ]);
    // What the before image lacked (the list omits fqlDefinedProperties) cannot be compared.
    const withFql = { ...got, fqlDefinedProperties: [{ fql: "x", propertyName: "properties.y" }] };
    expect(fieldDivergences(expected, { ...withFql, allowProperties: ["a"], newEventName: "Kept", destinationMetadataId: "meta" })).toEqual(
      [],
    );
  });

  it("a create is compared with its whole body: a field the server added is named", () => {
    const expected = expectedAfter(createAction("C", { allowProperties: [] }), undefined);
    expect(fieldDivergences(expected, tf("tf_c", "C", { allowProperties: ["x"], newEventName: "Surprise" }))).toEqual([
      { field: "newEventName", actual: "Surprise" },
      { field: "allowProperties", planned: [], actual: ["x"] },
    ]);
  });

  it("never shows a hash key", () => {
    const text = describeDivergence({
      index: 0,
      name: "A",
      id: "tf_a",
      field: "hashPropertiesConfiguration",
      planned: { algorithm: "HMAC_SHA256", key: "s3cret", paths: [] },
      actual: undefined,
    });
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
    expect(verification).toEqual({
      checked: 2,
      diverged: [{ index: 0, name: "A", id: "tf_a", field: "newEventName", planned: undefined, actual: "Old" }],
      notDeleted: [],
      unreadable: [],
    });
    expect(
      api.calls
        .filter((c) => c.method === "get")
        .map((c) => c.id)
        .sort(),
    ).toEqual([result.actions[1]!.id, "tf_a"].sort());
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
    const plan = makePlan([
      ...Array.from({ length: 8 }, (_, i) => createAction(`C${i}`, { fqlDefinedProperties: [] })),
      createAction("F", { fqlDefinedProperties: fql }),
    ]);
    const result = await executePlan(plan, api, { logger: silentLogger(), checkCreateNames: false });
    const before = api.calls.length;
    const verification = await verifyApplied(plan, result, api);
    expect(verification).toMatchObject({ checked: 9, diverged: [], notDeleted: [], unreadable: [] });
    const reads = api.calls.slice(before).map((c) => c.method);
    expect(reads.filter((m) => m === "get")).toHaveLength(1);
    expect(reads.filter((m) => m !== "get").length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(9);
  });

  it("an update whose server also cleared a field it was not sent: named, against the object as it was before", async () => {
    const a = tf("tf_a", "A", { newEventName: "Kept", allowProperties: ["x"] });
    const api = new FakeLiveApi("ws_1", [a]);
    const realUpdate = api.update.bind(api);
    api.update = (id, patch) => realUpdate(id, { ...patch, allowProperties: [] });
    const plan = makePlan([updateAction(a, { enabled: false })], [a]);
    const result = await executePlan(plan, api, { logger: silentLogger() });
    expect((await verifyApplied(plan, result, api, { before: [a] })).diverged).toEqual([
      { index: 0, name: "A", id: "tf_a", field: "allowProperties", planned: ["x"], actual: [] },
    ]);
    // Without the object as it was, only the fields sent can be compared: the lie goes unseen.
    expect((await verifyApplied(plan, result, api)).diverged).toEqual([]);
  });

  it("an object that had FQL-defined properties is read back with a get, even among many (the list omits them)", async () => {
    const fql = [{ fql: "lowercase(properties.a)", propertyName: "properties.b" }];
    const objects = Array.from({ length: 8 }, (_, i) => tf(`tf_${i}`, `T${i}`, i === 0 ? { fqlDefinedProperties: fql } : {}));
    const api = new FakeLiveApi("ws_1", objects);
    const realUpdate = api.update.bind(api);
    api.update = (id, patch) => realUpdate(id, { ...patch, fqlDefinedProperties: [] });
    const plan = makePlan(
      objects.map((o) => updateAction(o, { enabled: false })),
      objects,
    );
    const result = await executePlan(plan, api, { logger: silentLogger() });
    const before = api.calls.length;
    const verification = await verifyApplied(plan, result, api, { before: objects });
    expect(verification.diverged).toEqual([{ index: 0, name: "T0", id: "tf_0", field: "fqlDefinedProperties", planned: fql, actual: [] }]);
    expect(
      api.calls
        .slice(before)
        .filter((c) => c.method === "get")
        .map((c) => c.id),
    ).toEqual(["tf_0"]);
  });

  it("a deleted object is confirmed gone with a get answering 404; one still there is named", async () => {
    const [gone, kept] = [tf("tf_gone", "Gone"), tf("tf_kept", "Kept")];
    const api = new FakeLiveApi("ws_1", [gone, kept]);
    const realRemove = api.remove.bind(api);
    api.remove = async (id) => (id === "tf_kept" ? undefined : realRemove(id)); // answers success, deletes nothing
    const plan = makePlan([deleteAction(gone), deleteAction(kept)], [gone, kept]);
    const result = await executePlan(plan, api, { logger: silentLogger() });
    expect(result.summary.deleted).toBe(2);
    const verification = await verifyApplied(plan, result, api);
    expect(verification).toEqual({ checked: 2, diverged: [], notDeleted: [{ index: 1, name: "Kept", id: "tf_kept" }], unreadable: [] });
  });

  it("many deletes are confirmed by their absence from one complete list", async () => {
    const objects = Array.from({ length: 9 }, (_, i) => tf(`tf_${i}`, `T${i}`));
    const api = new FakeLiveApi("ws_1", objects);
    const realRemove = api.remove.bind(api);
    api.remove = async (id) => (id === "tf_4" ? undefined : realRemove(id));
    const plan = makePlan(
      objects.map((o) => deleteAction(o)),
      objects,
    );
    const result = await executePlan(plan, api, { logger: silentLogger() });
    const before = api.calls.length;
    const verification = await verifyApplied(plan, result, api);
    expect(verification).toEqual({ checked: 9, diverged: [], notDeleted: [{ index: 4, name: "T4", id: "tf_4" }], unreadable: [] });
    expect(api.calls.slice(before).every((c) => c.method === "listPage")).toBe(true);
  });

  it("a deleted object whose read fails is not verified", async () => {
    const gone = tf("tf_gone", "Gone");
    const api = new FakeLiveApi("ws_1", [gone]);
    const plan = makePlan([deleteAction(gone)], [gone]);
    const result = await executePlan(plan, api, { logger: silentLogger() });
    api.faults.push({ method: "get", kind: "api", status: 503, type: "Unavailable", message: "down" });
    expect(await verifyApplied(plan, result, api)).toEqual({
      checked: 0,
      diverged: [],
      notDeleted: [],
      unreadable: [{ index: 0, name: "Gone", id: "tf_gone", message: "down" }],
    });
  });
});
