import { describe, expect, it } from "vitest";
import { blastRadii } from "../../src/impact/blast-radius.js";
import { guardFindings } from "../../src/impact/guard-hits.js";
import { VOLUME_DAYS, type VolumeInputs } from "../../src/impact/volume.js";
import { computePlan } from "../../src/plan/index.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { Transformation } from "../../src/model/transformation.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { doc, live, liveState, options } from "../plan/builders.js";
import { WEB_ROWS } from "./volume-fixtures.js";

// WEB_ROWS: Order Completed 41,203 a day, Product Viewed 1,000, Order Refunded 1, pages 500, identifies 100: 42,804 in all.
const inputs = (): VolumeInputs => ({ volumes: new Map([["src_a", WEB_ROWS]]), samples: [], engine: createFqlEngine(), days: VOLUME_DAYS });

function radiusOf(documents: DesiredResource[], current: Transformation[], prune: false | "all" = false) {
  const plan = computePlan(documents, liveState(current), options({ prune }));
  const drops = new Map(documents.map((d) => [d.location.line, d.spec.drop ?? false]));
  const radii = blastRadii(plan.actions, current, inputs(), (a) => (a.location ? drops.get(a.location.line) : undefined));
  return plan.actions.map((action, i) => ({
    kind: action.kind,
    name: action.name,
    dropped: radii[i]?.dropped,
    changed: radii[i]?.changed,
  }));
}

const exact = (perDay: number) => ({ perDay, basis: "exact" });

describe("blastRadii: what each change newly drops and alters, compared with the live object", () => {
  it("a create counts fully: a drop drops all it selects, a transform alters all it selects", () => {
    const radii = radiusOf(
      [
        doc("drop", { if: "type = 'track'", drop: true }, { line: 1 }),
        doc("mask", { if: "type = 'page'", newEventName: "Page" }, { line: 2 }),
        doc("noop", { if: "type = 'page'" }, { line: 3 }),
      ],
      [],
    );
    expect(radii).toEqual([
      { kind: "create", name: "drop", dropped: exact(42_204), changed: exact(0) },
      { kind: "create", name: "mask", dropped: exact(0), changed: exact(500) },
      { kind: "create", name: "noop", dropped: exact(0), changed: exact(0) },
    ]);
  });

  it("an update that keeps dropping the same events counts only the events it adds", () => {
    const current = [live("tfm_d", "drop", { if: "event = 'Order Completed'" })];
    const radii = radiusOf([doc("drop", { if: "type = 'track'", drop: true }, { id: "tfm_d" })], current);
    expect(radii).toEqual([{ kind: "update", name: "drop", dropped: exact(1_001), changed: exact(0) }]);
  });

  it("a delete of a drop rule drops nothing; a delete of a transform changes the events it altered back", () => {
    const current = [
      live("tfm_d", "drop", { if: "type = 'track'" }),
      live("tfm_r", "rename", { if: "event = 'Product Viewed'", newEventName: "Viewed" }),
    ];
    expect(radiusOf([], current, "all")).toEqual([
      { kind: "delete", name: "drop", dropped: exact(0), changed: exact(0) },
      { kind: "delete", name: "rename", dropped: exact(0), changed: exact(1_000) },
    ]);
  });

  it("an update that changes a transform alters all it selects; one that only widens its if, only what it adds", () => {
    const current = [
      live("tfm_a", "a", { if: "event = 'Product Viewed'", newEventName: "Viewed" }),
      live("tfm_b", "b", { if: "event = 'Product Viewed'", newEventName: "Viewed" }),
    ];
    const radii = radiusOf(
      [
        doc("a", { if: "event = 'Product Viewed'", newEventName: "Product Seen" }, { id: "tfm_a", line: 1 }),
        doc("b", { if: "type = 'track'", newEventName: "Viewed" }, { id: "tfm_b", line: 2 }),
      ],
      current,
    );
    expect(radii.map((r) => r.changed)).toEqual([exact(1_000), exact(41_204)]);
  });

  it("a disabled rule and one scoped to a destination count nothing of the source's events", () => {
    const radii = radiusOf(
      [
        doc("off", { if: "type = 'track'", drop: true, enabled: false }, { line: 1 }),
        doc("one destination", { if: "type = 'track'", drop: true, destinationMetadataId: "54521fd525e721e32a72ee91" }, { line: 2 }),
      ],
      [],
    );
    expect(radii.map((r) => [r.dropped, r.changed])).toEqual([
      [exact(0), exact(0)],
      [exact(0), exact(0)],
    ]);
  });

  it("an if that needs sample events, without any, is unknown", () => {
    const radii = radiusOf([doc("rich", { if: "properties.total > 100", drop: true })], []);
    expect(radii[0]!.dropped).toEqual({ basis: "unknown" });
  });
});

describe("guardFindings: the changes over a limit", () => {
  const plan = computePlan(
    [doc("drop", { if: "type = 'track'", drop: true }, { line: 1 }), doc("rich", { if: "properties.x = 1", drop: true }, { line: 2 })],
    liveState([]),
    options(),
  );
  const radii = blastRadii(plan.actions, [], inputs(), () => true);

  it("lists each rule a change is over, shares of the source's volume to four decimals; unknown is over with refuse", () => {
    const { hits, warnings } = guardFindings(plan.actions, radii, {
      maxDroppedPerDay: 50_000,
      maxDroppedShare: 0.05,
      unknownVolume: "refuse",
    });
    expect(hits).toEqual([
      { action: { index: 0, kind: "create", name: "drop" }, rule: "maxDroppedShare", value: 0.986, limit: 0.05, basis: "exact" },
      { action: { index: 1, kind: "create", name: "rich" }, rule: "maxDroppedPerDay", value: null, limit: 50_000, basis: "unknown" },
      { action: { index: 1, kind: "create", name: "rich" }, rule: "maxDroppedShare", value: null, limit: 0.05, basis: "unknown" },
    ]);
    expect(warnings).toEqual([]);
  });

  it("unknownVolume: warn lets an unknown figure through with one warning; a missing key sets no limit", () => {
    const { hits, warnings } = guardFindings(plan.actions, radii, { maxChangedShare: 0, unknownVolume: "warn" });
    expect(hits).toEqual([]);
    expect(warnings).toEqual([]); // the rules checked (changed share) know both figures: 0 altered
    const dropped = guardFindings(plan.actions, radii, { maxDroppedPerDay: 10, unknownVolume: "warn" });
    expect(dropped.hits.map((h) => h.action.name)).toEqual(["drop"]);
    expect(dropped.warnings.map((w) => w.message)).toEqual([expect.stringContaining('blast radius of "rich" unknown')]);
  });

  it("no volumes read for a source: every figure is unknown", () => {
    const unread = blastRadii(plan.actions, [], { ...inputs(), volumes: new Map() });
    expect(guardFindings(plan.actions, unread, { maxDroppedPerDay: 1, unknownVolume: "refuse" }).hits.map((h) => h.value)).toEqual([
      null,
      null,
    ]);
  });
});
