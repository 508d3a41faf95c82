import { describe, expect, it } from "vitest";
import { applyAcknowledgements } from "../../src/pipeline/drift-acknowledgements.js";
import { acknowledgementHolds, type Acknowledgement } from "../../src/desired/acknowledgements.js";
import type { DriftedObject } from "../../src/report/drift.js";

const where = { file: "transync.yaml", line: 9, col: 7 };
const ack = (over: Partial<Acknowledgement>): Acknowledgement => ({
  env: "prod",
  name: "A",
  fields: ["enabled"],
  until: "2026-12-04",
  reason: "hotfix",
  owner: "o",
  where,
  ...over,
});
const update = (name: string, fields: string[]): DriftedObject => ({ kind: "update", name, id: `tfm_${name}`, fields });
/** 2026-12-04 at 23:59:59.999 UTC and the next midnight: the last moment an acknowledgement until the 4th holds, and the first it does not. */
const LAST = Date.UTC(2026, 11, 4, 23, 59, 59, 999);
const NEXT = Date.UTC(2026, 11, 5);

describe("drift acknowledgements (pure)", () => {
  it("holds through its until day, UTC, and expires at the next midnight", () => {
    expect(acknowledgementHolds({ until: "2026-12-04" }, LAST)).toBe(true);
    expect(acknowledgementHolds({ until: "2026-12-04" }, NEXT)).toBe(false);
  });

  it("covers only its environment's objects by name and field; the rest counts", () => {
    const split = applyAcknowledgements(
      [update("A", ["enabled"]), update("B", ["enabled"])],
      [ack({}), ack({ env: "staging", name: "B" })],
      "prod",
      LAST,
    );
    expect(split.acknowledged.map((o) => o.name)).toEqual(["A"]);
    expect(split.counted.map((o) => o.name)).toEqual(["B"]);
    // The staging entry is not this run's: neither used nor stale.
    expect(split.stale).toEqual([]);
  });

  it("an expired entry stays on its object with expired, and the object counts", () => {
    const split = applyAcknowledgements([update("A", ["enabled"])], [ack({})], "prod", NEXT);
    expect(split.counted).toHaveLength(1);
    expect(split.counted[0]!.acknowledgements).toEqual([
      { fields: ["enabled"], until: "2026-12-04", reason: "hotfix", owner: "o", where: "transync.yaml:9:7", expired: true },
    ]);
    expect(split.expired).toHaveLength(1);
  });

  it("an unmanaged object (no field) is covered by an entry naming it; an entry naming no drifted field is stale", () => {
    const unmanaged: DriftedObject = { kind: "unmanaged", name: "Made in the app", id: "tfm_u", fields: [] };
    const split = applyAcknowledgements(
      [unmanaged, update("A", ["if"])],
      [ack({ name: "Made in the app" }), ack({ fields: ["enabled"] })],
      "prod",
      LAST,
    );
    expect(split.acknowledged.map((o) => o.name)).toEqual(["Made in the app"]);
    expect(split.counted.map((o) => o.name)).toEqual(["A"]);
    expect(split.stale).toEqual([{ name: "A", fields: ["enabled"], until: "2026-12-04", where: "transync.yaml:9:7" }]);
  });

  it("an entry matches objects of its kind only (none: a Transformation); a stale entry of another kind names it", () => {
    const filter: DriftedObject = { kind: "update", resource: "DestinationFilter", name: "A", id: "df_a", fields: ["enabled"] };
    const split = applyAcknowledgements(
      [filter, update("A", ["if"])],
      [ack({}), ack({ kind: "DestinationFilter", fields: ["if"] })],
      "prod",
      LAST,
    );
    expect(split.counted.map((o) => [o.resource, o.name])).toEqual([
      ["DestinationFilter", "A"],
      [undefined, "A"],
    ]);
    expect(split.stale).toEqual([
      { name: "A", fields: ["enabled"], until: "2026-12-04", where: "transync.yaml:9:7" },
      { resource: "DestinationFilter", name: "A", fields: ["if"], until: "2026-12-04", where: "transync.yaml:9:7" },
    ]);
    const covered = applyAcknowledgements([filter], [ack({ kind: "DestinationFilter" })], "prod", LAST);
    expect(covered.acknowledged.map((o) => o.id)).toEqual(["df_a"]);
  });
});
