import { describe, expect, it } from "vitest";
import { computePlan, planDigest } from "../../src/plan/index.js";
import { globMatches, resendsDocument } from "../../src/plan/select.js";
import { doc, live, liveState, options, planError } from "./builders.js";

const spec = { drop: true };

describe("narrow runs: which names a pattern names (docs/gitops.md, Narrow runs)", () => {
  it.each([
    ["Rename*", "Rename one", true],
    ["Rename*", "Renamed", true],
    ["Rename*", "Do not Rename", false],
    ["*one", "Rename one", true],
    ["R?name*", "Rename one", true],
    ["R?name", "Rname", false],
    ["*", "", true],
    ["a*b*c", "axxbyyc", true],
    ["a*b*c", "axxbyy", false],
    ["[Legacy] *", "[Legacy] Orders", true],
    ["[Legacy] *", "L Orders", false],
    ["? é", "x é", true],
    ["??", "😀x", true],
  ])("%j names %j: %s", (pattern, name, expected) => {
    expect(globMatches(pattern, name)).toBe(expected);
  });

  it("a long run of stars against a long name that does not match ends (bounded work, no exponential backtracking)", () => {
    expect(globMatches(`${"*a".repeat(100)}b`, "a".repeat(250))).toBe(false);
  });

  it("--resend-write-only: bare names every document; names name documents by name, glob or pinned id", () => {
    expect(resendsDocument(true, { name: "A" })).toBe(true);
    expect(resendsDocument(false, { name: "A" })).toBe(false);
    expect(resendsDocument(["Key *"], { name: "Key rotation" })).toBe(true);
    expect(resendsDocument(["tfm_1"], { name: "Other", id: "tfm_1" })).toBe(true);
    expect(resendsDocument(["B"], { name: "A" })).toBe(false);
  });
});

describe("computePlan with a selection", () => {
  const docs = [doc("Rename one", { enabled: false }), doc("Rename two", { enabled: false }), doc("Other", { enabled: false }), doc("New")];
  const state = liveState([live("id1", "Rename one"), live("id2", "Rename two"), live("id3", "Other"), live("id9", "Gone")]);

  it("holds only the selected actions and counts the others; exclude wins over target; a delete is selected by its live name", () => {
    const plan = computePlan(docs, state, options({ prune: "all", selection: { target: ["Rename*", "Gone"], exclude: ["Rename two"] } }));
    expect(plan.actions.map((a) => [a.kind, a.name])).toEqual([
      ["delete", "Gone"],
      ["update", "Rename one"],
    ]);
    expect(plan.selection).toEqual({ target: ["Gone", "Rename*"], exclude: ["Rename two"], leftOut: 3 });
    expect(plan.summary).toMatchObject({ create: 0, update: 1, delete: 1 });
  });

  it("an id selects exactly its object; a rename is named by its new and its old name", () => {
    const renamed = [doc("Brand new", {}, { id: "id1" })];
    const live1 = liveState([live("id1", "Old name", { if: "event = 'Brand new'" }), live("id3", "Other")]);
    for (const target of ["id1", "Old*", "Brand*"]) {
      const plan = computePlan(
        [...renamed, doc("Other", { enabled: false })],
        live1,
        options({ selection: { target: [target], exclude: [] } }),
      );
      expect(
        plan.actions.map((a) => a.id),
        target,
      ).toEqual(["id1"]);
    }
  });

  it("a target that names only unchanged objects selects nothing and says there is nothing to do for it", () => {
    const plan = computePlan(
      [doc("Same"), doc("Other", { enabled: false })],
      liveState([live("id1", "Same"), live("id3", "Other")]),
      options({ selection: { target: ["Same"], exclude: [] } }),
    );
    expect(plan.actions).toEqual([]);
    expect(plan.selection!.leftOut).toBe(1);
    expect(plan.warnings.map((w) => w.message)).toEqual(['--target "Same" names no object that needs a change: nothing to do for "Same".']);
  });

  it("without a selection the plan has no selection key, byte for byte the plan of before; the digest covers the selection", () => {
    const whole = computePlan(docs, state, options());
    expect("selection" in whole).toBe(false);
    expect(computePlan(docs, state, options({ selection: { target: [], exclude: [] } }))).toEqual(whole);
    const narrowed = computePlan(docs, state, options({ selection: { target: ["Other"], exclude: [] } }));
    const { digest, ...rest } = narrowed;
    expect(planDigest(rest)).toBe(digest);
    expect(planDigest({ ...rest, selection: { ...narrowed.selection!, leftOut: 0 } })).not.toBe(digest);
  });

  it("a delete of a protected object that the selection leaves out is not refused: it is not carried out", () => {
    const protections = [{ id: "id9", where: { file: "transync.yaml", line: 2, col: 3 } }];
    expect(() => computePlan(docs, state, options({ prune: "all", protections }))).toThrow(/protected/);
    const plan = computePlan(docs, state, options({ prune: "all", protections, selection: { target: ["Other"], exclude: [] } }));
    expect(plan.actions.map((a) => a.name)).toEqual(["Other"]);
  });

  it("a rename onto a name a left-out delete would free is refused: the delete does not run", () => {
    const both = [doc("Taken", {}, { id: "id1" })];
    const held = liveState([live("id1", "Mine", { if: "event = 'Taken'" }), live("id2", "Taken")]);
    expect(computePlan(both, held, options({ prune: "all" })).actions.map((a) => a.kind)).toEqual(["delete", "update"]);
    const error = planError(() => computePlan(both, held, options({ prune: "all", selection: { target: ["id1"], exclude: [] } })));
    expect(error.message).toContain("already holds");
  });

  it("--resend-write-only NAME re-sends only the documents named; the plan records the names", () => {
    const plan = computePlan(
      [doc("Key web", spec), doc("Key app", spec), doc("Key ios", spec, { id: "id4" })],
      liveState([live("id1", "Key web"), live("id2", "Key app"), live("id4", "Key ios")]),
      options({ resendWriteOnly: ["Key web", "id4"] }),
    );
    expect(plan.actions.map((a) => [a.name, a.kind === "update" && a.reasons])).toEqual([
      ["Key ios", ["resend-write-only"]],
      ["Key web", ["resend-write-only"]],
    ]);
    expect(plan.options.resendWriteOnly).toEqual(["Key web", "id4"]);
    expect(plan.warnings).toEqual([]);
  });

  it("--resend-write-only NAME naming only a document without write-only fields re-sends nothing, and says so", () => {
    const plan = computePlan(
      [doc("Plain"), doc("Key web", spec)],
      liveState([live("id1", "Plain"), live("id2", "Key web")]),
      options({ resendWriteOnly: ["Plain"] }),
    );
    expect(plan.actions).toEqual([]);
    expect(plan.warnings.map((w) => w.message)).toEqual([
      '--resend-write-only "Plain" names no document with a write-only field to re-send: nothing to do for "Plain".',
    ]);
  });
});
