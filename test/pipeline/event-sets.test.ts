import { describe, expect, it } from "vitest";
import { computePlan } from "../../src/plan/index.js";
import { eventSets } from "../../src/pipeline/event-sets.js";
import { doc, live, liveState, options } from "../plan/builders.js";

const KEY = "k-from-env-123";
const basisDoc = (name: string, spec: Parameters<typeof doc>[1], id?: string) => doc(name, spec, id !== undefined ? { id } : {});

describe("eventSets: the transformations before and after the plan, as the simulator runs them", () => {
  it("an update's write-only fields before: the recorded value where the plan shows a change from it", () => {
    const docs = [doc("A", { drop: false, newEventName: "New" })];
    const state = liveState([live("t1", "A", { newEventName: "Old" })]);
    const basis = { source: "applied" as const, commit: "c".repeat(40), documents: [basisDoc("A", { drop: true })] };
    const plan = computePlan(docs, state, options({ writeOnlyBasis: basis }));
    const sets = eventSets(plan, state, docs, basis, {});
    expect(sets.live).toEqual([expect.objectContaining({ name: "A", drop: true, newEventName: "Old" })]);
    expect(sets.desired).toEqual([expect.objectContaining({ name: "A", drop: false, newEventName: "New" })]);
    expect(sets.changed).toEqual([
      { kind: "update", name: "A", id: "t1", live: { name: "A", sourceId: "src_a" }, desired: { name: "A", sourceId: "src_a" } },
    ]);
    expect(sets.live[0]).not.toHaveProperty("id");
  });

  it("unchanged objects take their document's write-only fields on both sides, with fromEnv keys resolved", () => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_K" } };
    const docs = [doc("H", { hashPropertiesConfiguration: hash })];
    const state = liveState([live("t1", "H")]);
    const plan = computePlan(docs, state, options());
    expect(plan.actions).toEqual([]);
    const sets = eventSets(plan, state, docs, undefined, { TRANSYNC_KEY_K: KEY });
    const resolved = expect.objectContaining({ name: "H", hashPropertiesConfiguration: { ...hash, key: KEY } });
    expect(sets.live).toEqual([resolved]);
    expect(sets.desired).toEqual([resolved]);
    expect(sets.changed).toEqual([]);
  });

  it("deletes leave the desired side; a recorded document gives their write-only fields, else they are named as unknown", () => {
    const state = liveState([live("t1", "Recorded"), live("t2", "Unknown"), live("t3", "Unmanaged", { sourceId: "src_other" })]);
    const basis = { source: "base" as const, commit: "c".repeat(40), documents: [basisDoc("Recorded", { drop: true })] };
    const plan = computePlan([], state, options({ prune: "all", scopeSources: ["src_a"], writeOnlyBasis: basis }));
    const sets = eventSets(plan, state, [], basis, {});
    expect(sets.live.map((t) => [t.name, t.drop ?? false])).toEqual([
      ["Recorded", true],
      ["Unknown", false],
      ["Unmanaged", false],
    ]);
    expect(sets.desired.map((t) => t.name)).toEqual(["Unmanaged"]);
    expect(sets.changed.map((c) => [c.kind, c.name, c.live?.name, c.desired])).toEqual([
      ["delete", "Recorded", "Recorded", undefined],
      ["delete", "Unknown", "Unknown", undefined],
    ]);
    expect(sets.unknownWriteOnly).toEqual(["Unknown"]);
  });

  it("creates join the desired side only, in the plan's order", () => {
    const docs = [doc("B"), doc("A")];
    const plan = computePlan(docs, liveState([]), options());
    const sets = eventSets(plan, liveState([]), docs, undefined, {});
    expect(sets.live).toEqual([]);
    expect(sets.changed.map((c) => c.name)).toEqual(plan.actions.map((a) => a.name));
    expect(sets.desired.map((t) => t.name).sort()).toEqual(["A", "B"]);
  });
});
