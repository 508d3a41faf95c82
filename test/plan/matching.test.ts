import { describe, expect, it } from "vitest";
import { computePlan, fingerprint, needsDetails } from "../../src/plan/index.js";
import type { TransformationInput } from "../../src/model/transformation.js";
import { doc, live, liveState, options, planError } from "./builders.js";

describe("computePlan: matching", () => {
  it("matches a pinned document by id and plans a rename", () => {
    const plan = computePlan(
      [doc("New name", {}, { id: "id1" })],
      liveState([live("id1", "Old name", { if: "event = 'New name'" })]),
      options(),
    );
    expect(plan.actions).toEqual([
      expect.objectContaining({ kind: "update", id: "id1", name: "New name", reasons: ["rename"], body: { name: "New name" } }),
    ]);
    expect(plan.actions[0]!.changes).toEqual([{ field: "name", before: "Old name", after: "New name" }]);
  });

  it("a pin claims its object, so an unpinned document with the old name creates a new one", () => {
    const plan = computePlan([doc("B", {}, { id: "id1" }), doc("A")], liveState([live("id1", "A", { if: "event = 'B'" })]), options());
    expect(plan.actions.map((a) => [a.kind, a.name])).toEqual([
      ["update", "B"],
      ["create", "A"],
    ]);
  });

  it("refuses two live objects with one name and no pin, listing the ids and how to pin", () => {
    const error = planError(() => computePlan([doc("Dup")], liveState([live("id2", "Dup"), live("id1", "Dup")]), options()));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.ids).toEqual(["id1", "id2"]);
    expect(error.message).toContain("transformations/main.yaml:1:1");
    expect(error.message).toContain("id1, id2");
    expect(error.message).toContain("`id: id1`");
  });

  it("refuses a pin whose object no longer exists instead of creating it", () => {
    const error = planError(() => computePlan([doc("Gone", {}, { id: "idX" })], liveState([]), options()));
    expect(error.message).toMatch(/pins id "idX".*no transformation with that id/);
  });

  it("collects every problem before throwing", () => {
    const error = planError(() =>
      computePlan(
        [
          doc("Gone", {}, { id: "idX" }),
          doc("Dup", {}, { line: 5 }),
          doc("Twin", {}, { id: "id9", line: 9 }),
          doc("Twin2", {}, { id: "id9", line: 12 }),
        ],
        liveState([live("a", "Dup"), live("b", "Dup"), live("id9", "Twin")]),
        options(),
      ),
    );
    expect(error.issues.map((i) => i.where)).toEqual([
      "transformations/main.yaml:1:1",
      "transformations/main.yaml:12:1",
      "transformations/main.yaml:5:1",
    ]);
  });

  it("duplicates are fine once one is pinned", () => {
    const plan = computePlan([doc("Dup", {}, { id: "id1" })], liveState([live("id1", "Dup"), live("id2", "Dup")]), options());
    expect(plan.unchanged).toEqual([{ id: "id1", name: "Dup", notRead: ["fqlDefinedProperties"] }]);
    expect(plan.unmanaged).toEqual([{ id: "id2", name: "Dup", sourceId: "src_a", fingerprint: fingerprint(live("id2", "Dup")) }]);
  });

  it("matches by name only within the managed scope", () => {
    const plan = computePlan([doc("T")], liveState([live("id1", "T", { sourceId: "src_other" })]), options({ scopeSources: ["src_a"] }));
    expect(plan.actions.map((a) => a.kind)).toEqual(["create"]);
    expect(plan.unmanaged).toEqual([]);
    expect(Object.keys(plan.fingerprints)).toEqual([]);
  });

  it("an unpinned document on a source outside the scope matches its object there by name: applied once, it is not created again", () => {
    const outside = { sourceId: "src_other" };
    const plan = computePlan(
      [doc("T", outside)],
      liveState([live("id1", "T", { ...outside, if: "event = 'T'" }), live("id2", "U", outside)]),
      options({ scopeSources: ["src_a"] }),
    );
    expect(plan.actions).toEqual([]);
    expect(plan.unchanged.map((u) => u.id)).toEqual(["id1"]);
    // Only the object a document names there is read and managed; the rest of that source stays out of the plan.
    expect(plan.unmanaged).toEqual([]);
    expect(Object.keys(plan.fingerprints)).toEqual(["id1"]);
    expect(plan.warnings[0]!.message).toContain("outside the managed scope");
  });

  it("a document in the scope never takes an object of the same name outside it", () => {
    const plan = computePlan([doc("T")], liveState([live("id1", "T", { sourceId: "src_other" })]), options({ scopeSources: ["src_a"] }));
    expect(plan.actions.map((a) => [a.kind, a.name])).toEqual([["create", "T"]]);
  });

  it("a pin outside the scope still matches, with a warning", () => {
    const plan = computePlan(
      [doc("T", {}, { id: "id1" })],
      liveState([live("id1", "T", { sourceId: "src_other" })]),
      options({ scopeSources: ["src_a"] }),
    );
    expect(plan.actions[0]).toMatchObject({ kind: "update", body: { sourceId: "src_a" } });
    expect(plan.warnings[0]!.message).toContain("outside the managed scope");
    expect(Object.keys(plan.fingerprints)).toEqual(["id1"]);
  });
});

describe("computePlan: unmanaged and prune", () => {
  const state = liveState([live("id1", "Kept"), live("id2", "Stray"), live("id3", "Removed")]);
  const docs = [doc("Kept")];

  it("lists unmatched objects in scope as unmanaged without pruning", () => {
    const plan = computePlan(docs, state, options());
    expect(plan.unmanaged.map((u) => u.id)).toEqual(["id3", "id2"]);
    expect(plan.actions).toEqual([]);
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1, unmanaged: 2 });
  });

  it("prune all deletes every unmatched object in scope", () => {
    const plan = computePlan(docs, state, options({ prune: "all" }));
    expect(plan.actions.map((a) => [a.kind, a.id, a.kind === "delete" && a.pruneReason])).toEqual([
      ["delete", "id3", "all"],
      ["delete", "id2", "all"],
    ]);
    expect(plan.actions[0]!.kind === "delete" && plan.actions[0]!.fingerprint).toBe(fingerprint(live("id3", "Removed")));
    expect(plan.unmanaged).toEqual([]);
  });

  it("prune removed deletes only objects whose documents were removed (by id or name)", () => {
    const byName = computePlan(docs, state, options({ prune: "removed", removed: { ids: [], names: ["Removed"] } }));
    expect(byName.actions.map((a) => [a.kind, a.id, a.kind === "delete" && a.pruneReason])).toEqual([["delete", "id3", "removed"]]);
    expect(byName.unmanaged.map((u) => u.id)).toEqual(["id2"]);
    const byId = computePlan(docs, state, options({ prune: "removed", removed: { ids: ["id2"], names: [] } }));
    expect(byId.actions.map((a) => a.id)).toEqual(["id2"]);
  });

  it("never deletes a removed name that a document still matches", () => {
    const plan = computePlan(docs, state, options({ prune: "removed", removed: { ids: [], names: ["Kept"] } }));
    expect(plan.actions).toEqual([]);
  });
});

describe("computePlan: order", () => {
  it("orders deletes, then updates, then creates, each by name then id", () => {
    const plan = computePlan(
      [doc("b-upd", { enabled: false }), doc("a-upd", { enabled: false }), doc("z-new"), doc("c-new")],
      liveState([
        live("i4", "b-upd"),
        live("i3", "a-upd"),
        live("i2", "x-del"),
        live("i1", "x-del", { sourceId: "src_a" }),
        live("i0", "m-del"),
      ]),
      options({ prune: "all" }),
    );
    expect(plan.actions.map((a) => `${a.kind}:${a.name}:${a.id ?? ""}`)).toEqual([
      "delete:m-del:i0",
      "delete:x-del:i1",
      "delete:x-del:i2",
      "update:a-upd:i3",
      "update:b-upd:i4",
      "create:c-new:",
      "create:z-new:",
    ]);
  });
});

describe("computePlan: write-only fields", () => {
  const spec = { drop: true, hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"] } };
  const recorded = (specAtRecord: Partial<TransformationInput>, name = "T") => ({
    source: "applied" as const,
    commit: "c0ffee",
    documents: [doc(name, specAtRecord)],
  });

  it("lists them as not verifiable when the reply lacks them and nothing is recorded, without drift", () => {
    const plan = computePlan([doc("T", spec)], liveState([live("id1", "T")]), options());
    expect(plan.actions).toEqual([]);
    expect(plan.unchanged).toEqual([
      { id: "id1", name: "T", writeOnlyUnverifiable: ["drop", "hashPropertiesConfiguration"], notRead: ["fqlDefinedProperties"] },
    ]);
    expect(plan.writeOnlyBasis).toBeUndefined();
  });

  it("re-sends them in an update planned for another reason, and lists them as re-sent", () => {
    const plan = computePlan([doc("T", { ...spec, enabled: false })], liveState([live("id1", "T")]), options());
    expect(plan.actions[0]).toMatchObject({
      reasons: ["drift"],
      writeOnlyUnverifiable: ["drop", "hashPropertiesConfiguration"],
      writeOnlyResent: ["drop", "hashPropertiesConfiguration"],
    });
    expect(plan.actions[0]!.body).toEqual({ enabled: false, ...spec });
  });

  it("does not send write-only fields the document leaves unset in an ordinary update", () => {
    const plan = computePlan([doc("T", { enabled: false })], liveState([live("id1", "T")]), options());
    expect(plan.actions[0]!.body).toEqual({ enabled: false });
  });

  it("resendWriteOnly re-sends exactly the write-only fields each document sets; a document that sets none is left alone", () => {
    const plan = computePlan(
      [doc("T", { drop: true }), doc("U"), doc("V", spec)],
      liveState([live("id1", "T"), live("id2", "U"), live("id3", "V")]),
      options({ resendWriteOnly: true }),
    );
    expect(plan.actions.map((a) => [a.name, a.kind === "update" && a.reasons, a.body])).toEqual([
      ["T", ["resend-write-only"], { drop: true }],
      ["V", ["resend-write-only"], spec],
    ]);
    expect(plan.actions[0]!.changes).toEqual([]);
    expect(plan.unchanged.map((u) => u.name)).toEqual(["U"]);
    expect(plan.options.resendWriteOnly).toBe(true);
  });

  it("resendWriteOnly re-sends them with a record too: a key rotated behind an unchanged fromEnv reaches the server", () => {
    const rotated = computePlan(
      [doc("V", spec), doc("U")],
      liveState([live("id3", "V"), live("id2", "U")]),
      options({ resendWriteOnly: true, writeOnlyBasis: recorded(spec, "V") }),
    );
    expect(rotated.actions).toEqual([
      expect.objectContaining({
        name: "V",
        reasons: ["resend-write-only"],
        body: spec,
        writeOnlyResent: ["drop", "hashPropertiesConfiguration"],
      }),
    ]);
    const quiet = computePlan([doc("V", spec)], liveState([live("id3", "V")]), options({ writeOnlyBasis: recorded(spec, "V") }));
    expect(quiet.actions).toEqual([]);
  });

  it("removing drop: true since the recorded commit plans drop true -> false and shows it", () => {
    const plan = computePlan([doc("T")], liveState([live("id1", "T")]), options({ writeOnlyBasis: recorded({ drop: true }) }));
    expect(plan.actions).toHaveLength(1);
    expect(plan.actions[0]).toMatchObject({ kind: "update", reasons: ["write-only-changed"], body: { drop: false } });
    expect(plan.actions[0]!.changes).toEqual([{ field: "drop", before: true, after: false, from: "record" }]);
    expect(plan.actions[0]!.patch).toEqual([{ op: "replace", path: "/drop", value: false }]);
    expect(plan.writeOnlyBasis).toEqual({ source: "applied", commit: "c0ffee" });
  });

  it("removing a hash configuration since the recorded commit clears it with null", () => {
    const plan = computePlan(
      [doc("T")],
      liveState([live("id1", "T")]),
      options({ writeOnlyBasis: recorded({ hashPropertiesConfiguration: spec.hashPropertiesConfiguration }) }),
    );
    expect(plan.actions[0]!.body).toEqual({ hashPropertiesConfiguration: null });
    expect(plan.actions[0]!.changes).toEqual([
      { field: "hashPropertiesConfiguration", before: { algorithm: "SHA256", paths: ["properties.email"] }, after: null, from: "record" },
    ]);
  });

  it("write-only fields equal to the recorded commit are verified: no change, nothing unverifiable", () => {
    const plan = computePlan([doc("T", spec)], liveState([live("id1", "T")]), options({ writeOnlyBasis: recorded(spec) }));
    expect(plan.actions).toEqual([]);
    expect(plan.unchanged[0]!.writeOnlyUnverifiable).toBeUndefined();
  });

  it("a document the recorded commit does not know stays unverifiable", () => {
    const plan = computePlan([doc("T", spec)], liveState([live("id1", "T")]), options({ writeOnlyBasis: recorded(spec, "Other") }));
    expect(plan.unchanged[0]!.writeOnlyUnverifiable).toEqual(["drop", "hashPropertiesConfiguration"]);
  });

  it("compares them like any field when the reply carries them", () => {
    const same = computePlan(
      [doc("T", spec)],
      liveState([live("id1", "T", { drop: true, hashPropertiesConfiguration: { paths: ["properties.email"], algorithm: "SHA256" } })]),
      options({ resendWriteOnly: true }),
    );
    expect(same.actions).toEqual([]);
    expect(same.unchanged).toEqual([{ id: "id1", name: "T", notRead: ["fqlDefinedProperties"] }]);
  });
});

describe("needsDetails", () => {
  it("selects live objects matched by a document with FQL-defined properties", () => {
    const fql = { fqlDefinedProperties: [{ fql: "x", propertyName: "properties.y" }] };
    const needed = needsDetails([
      doc("ByName", fql),
      doc("Pinned", fql, { id: "pin1" }),
      doc("Plain"),
      doc("Empty", { fqlDefinedProperties: [] }),
    ]);
    expect(needed(live("a", "ByName"))).toBe(true);
    expect(needed(live("pin1", "Renamed"))).toBe(true);
    expect(needed(live("b", "Pinned"))).toBe(false);
    expect(needed(live("c", "Plain"))).toBe(false);
    expect(needed(live("d", "Empty"))).toBe(false);
  });

  it("selects objects whose document set them at the recorded commit: removing the last FQL property must be seen, though the list omits it", () => {
    const fql = { fqlDefinedProperties: [{ fql: "x", propertyName: "properties.y" }] };
    const recorded = [doc("Was", fql), doc("Pinned", fql, { id: "pin1" }), doc("Still plain")];
    const needed = needsDetails([doc("Was"), doc("Pinned renamed", {}, { id: "pin1" }), doc("Still plain")], recorded);
    expect(needed(live("a", "Was"))).toBe(true);
    expect(needed(live("pin1", "Pinned renamed"))).toBe(true);
    expect(needed(live("c", "Still plain"))).toBe(false);
  });
});

describe("fingerprint", () => {
  it("is stable across key order and set order, and changes with content", () => {
    const a = live("id1", "T", { allowProperties: ["a", "b"], propertyRenames: [{ oldName: "x", newName: "y" }] });
    const b: typeof a = JSON.parse(
      JSON.stringify({
        propertyRenames: [{ newName: "y", oldName: "x" }],
        allowProperties: ["b", "a"],
        if: a.if,
        enabled: true,
        sourceId: "src_a",
        name: "T",
        id: "id1",
      }),
    );
    expect(fingerprint(b)).toBe(fingerprint(a));
    expect(fingerprint(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fingerprint({ ...a, enabled: false })).not.toBe(fingerprint(a));
    expect(fingerprint({ ...a, id: "id2" })).not.toBe(fingerprint(a));
  });

  it("covers every live object in scope", () => {
    const plan = computePlan(
      [],
      liveState([live("id1", "A"), live("id2", "B", { sourceId: "src_b" })]),
      options({ scopeSources: ["src_a"] }),
    );
    expect(plan.fingerprints).toEqual({ id1: fingerprint(live("id1", "A")) });
  });
});
