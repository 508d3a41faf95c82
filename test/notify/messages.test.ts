import { describe, expect, it } from "vitest";
import { driftMessage } from "../../src/notify/messages.js";
import type { DriftReport, DriftedObject } from "../../src/report/drift.js";

const report = (drifted: DriftedObject[]): DriftReport => ({
  version: 1,
  environment: "prod",
  workspaceId: "ws_prd",
  basis: { commit: "a".repeat(40), source: "applied", ref: "refs/transync/applied/prod" },
  sinceDays: 30,
  drifted,
});
const A: DriftedObject = { kind: "update", name: "A", id: "id-a", fields: ["enabled", "if"] };
const B: DriftedObject = { kind: "delete", name: "B", id: "id-b", fields: [] };
const by = (timestamp: string) => ({ actor: "users/U1", type: "Transformation Updated", timestamp });

/** The digest decides what is told again: the same drift never, a further change always. */
describe("the drift message's digest", () => {
  const digest = (objects: DriftedObject[]) => driftMessage(report(objects), false).digest;

  it("is the same for the same drift, whatever the order of objects and fields", () => {
    expect(digest([A, B])).toBe(digest([B, { ...A, fields: ["if", "enabled"] }]));
  });

  it("changes with another object, another field, or a newer edit of the same field", () => {
    const base = digest([{ ...A, changedBy: by("2026-11-20T14:02:11Z") }]);
    expect(digest([{ ...A, changedBy: by("2026-11-20T14:02:11Z") }, B])).not.toBe(base);
    expect(digest([{ ...A, fields: ["enabled"], changedBy: by("2026-11-20T14:02:11Z") }])).not.toBe(base);
    expect(digest([{ ...A, changedBy: by("2026-11-21T09:00:00Z") }])).not.toBe(base);
  });

  it("the body is the drift report as `drift --format json` prints it; a clean report is a heartbeat only when asked", () => {
    const clean = driftMessage(report([]), true);
    expect(JSON.parse(clean.json)).toEqual(report([]));
    expect(clean.heartbeat).toBe(true);
    expect(clean.headline).toContain("no drift in prod");
    expect(driftMessage(report([A]), false).lines).toEqual(['update "A" (id-a): enabled, if']);
  });

  it("a line names another kind's object with its kind and place, as drift's text does", () => {
    const filter: DriftedObject = { ...A, resource: "DestinationFilter", place: "web → Amplitude prod", fields: ["enabled"] };
    expect(driftMessage(report([filter]), false).lines).toEqual(['update DestinationFilter "A" (web → Amplitude prod) (id-a): enabled']);
  });
});
