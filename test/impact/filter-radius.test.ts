import { describe, expect, it } from "vitest";
import { filterRadii, type LiveFilter } from "../../src/impact/filter-radius.js";
import { VOLUME_DAYS, type VolumeInputs } from "../../src/impact/volume.js";
import type { PlanAction } from "../../src/plan/types.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { WEB_ROWS } from "./volume-fixtures.js";

// WEB_ROWS: Order Completed 41,203 a day, Product Viewed 1,000, Order Refunded 1, pages 500, identifies 100: 42,804 in all.
const inputs = (): VolumeInputs => ({ volumes: new Map([["src_a", WEB_ROWS]]), samples: [], engine: createFqlEngine(), days: VOLUME_DAYS });
const exact = (perDay: number) => ({ perDay, basis: "exact" });
const DROP = [{ type: "DROP" }];
const STRIP = [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }];
const at = { file: "f.yaml", line: 1, column: 1 };
const common = { resource: "DestinationFilter", name: "F", sourceId: "dst_1", patch: [], changes: [] };
const create = (body: Record<string, unknown>) =>
  ({ ...common, kind: "create", location: at, body: { sourceId: "src_a", ...body } }) as unknown as PlanAction;
const update = (body: Record<string, unknown>) =>
  ({ ...common, kind: "update", id: "df_1", fingerprint: "x", location: at, reasons: ["drift"], body }) as unknown as PlanAction;
const remove = { ...common, kind: "delete", id: "df_1", fingerprint: "x", pruneReason: "all" } as unknown as PlanAction;
const liveFilter = (filter: Record<string, unknown>): LiveFilter => ({
  id: "df_1",
  sourceId: "src_a",
  destinationId: "dst_1",
  enabled: true,
  ...filter,
});
const figures = (actions: PlanAction[], live: LiveFilter[] = []) =>
  filterRadii(actions, live, inputs()).map((r) => r && { dropped: r.dropped, changed: r.changed, source: r.sourcePerDay });

describe("filterRadii: what a Destination Filter change newly drops and edits of its source's events reaching its instance", () => {
  it("a create: DROP drops all it selects, a SAMPLE the share it leaves out (an estimate), a property action edits, a disabled one nothing", () => {
    expect(
      figures([
        create({ if: "event = 'Order Completed'", actions: DROP }),
        create({ if: "type = 'page'", actions: [{ type: "SAMPLE", percent: 0.2 }] }),
        create({ if: "", actions: STRIP }),
        create({ if: "all", actions: DROP, enabled: false }),
      ]),
    ).toEqual([
      { dropped: exact(41_203), changed: exact(0), source: 42_804 },
      { dropped: { perDay: 400, basis: "estimate" }, changed: exact(0), source: 42_804 },
      { dropped: exact(0), changed: exact(42_804), source: 42_804 },
      { dropped: exact(0), changed: exact(0), source: 42_804 },
    ]);
  });

  it("an update widening a drop counts what it adds; disabling one drops nothing; deleting a property filter un-edits what it edited", () => {
    const drop = liveFilter({ if: "event = 'Order Completed'", actions: DROP });
    expect(figures([update({ if: "event = 'Order Completed' or type = 'page'" })], [drop])[0]).toEqual({
      dropped: exact(500),
      changed: exact(0),
      source: 42_804,
    });
    expect(figures([update({ enabled: false })], [drop])[0]?.dropped).toEqual(exact(0));
    expect(figures([remove], [drop])[0]).toEqual({ dropped: exact(0), changed: exact(0), source: 42_804 });
    expect(figures([remove], [liveFilter({ if: "type = 'page'", actions: STRIP })])[0]?.changed).toEqual(exact(500));
  });

  it("an update or delete whose live filter was not read has no figure (left to a saved plan's recorded hits); an if reading properties without samples is unknown", () => {
    expect(figures([update({ if: "all" }), remove])).toEqual([undefined, undefined]);
    expect(figures([create({ if: "properties.internal = true", actions: DROP })])[0]?.dropped).toEqual({ basis: "unknown" });
  });
});
