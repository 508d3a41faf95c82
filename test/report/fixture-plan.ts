import type { Plan } from "../../src/plan/index.js";
import { computePlan } from "../../src/plan/index.js";
import { doc, live, liveState, options } from "../plan/builders.js";

/** A plan with every kind of content, computed from plain data (so the goldens show real planner output). */
export function fixturePlan(): Plan {
  const desired = [
    doc("Order Completed rename", { newEventName: "Order Placed", propertyRenames: [{ oldName: "total", newName: "revenue" }] }, { line: 1 }),
    doc("Hash emails", { hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" }, enabled: false }, { line: 12 }),
    doc("Drop test events", { drop: true, if: "properties.test = true" }, { line: 20 }),
    doc("Currency `USD` | default", { propertyValueTransformations: [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }] }, { line: 28, id: "2NhispQ7Fe92M4h69ZO0f0EoNbg" }),
    doc("Brand new <one>", { allowProperties: ["order_id", "revenue"] }, { line: 40 }),
  ];
  const state = liveState([
    live("ks7Sa1", "Order Completed rename", { newEventName: "Order Done", propertyRenames: [{ oldName: "total", newName: "revenue" }] }),
    live("pHrD51", "Hash emails"),
    live("rBoB01", "Drop test events", { if: "properties.test = true" }),
    live("2NhispQ7Fe92M4h69ZO0f0EoNbg", "Currency default", { propertyValueTransformations: [{ propertyPaths: ["properties.currency"], propertyValue: "EUR" }] }),
    live("c5Em01", "Old experiment"),
    live("c5Em02", "Hand-made", { sourceId: "src_a", newEventName: "X" }),
  ]);
  const plan = computePlan(desired, state, options({ prune: "removed", removed: { ids: [], names: ["Old experiment"] }, origin: { dir: "transformations", env: "prod", commit: "0123456789abcdef0123456789abcdef01234567", base: "fedcba9876543210fedcba9876543210fedcba98" } }));
  plan.apiCalls = 3;
  plan.detailedIds = [];
  plan.warnings.push({ where: "transformations/main.yaml:20:1", message: "`drop: true` ignores every other transform of this document" });
  plan.pullRequest = {
    base: "fedcba9876543210fedcba9876543210fedcba98",
    head: "0123456789abcdef0123456789abcdef01234567",
    files: [{ path: "transformations/main.yaml", status: "modified" }, { path: "transformations/old.yaml", status: "removed" }],
    transformations: [{ name: "Order Completed rename", status: "modified" }, { name: "Old experiment", status: "removed" }, { name: "Brand new <one>", status: "added" }],
    driftOutsidePr: ["Currency `USD` | default", "Hash emails"],
  };
  return plan;
}

export function emptyPlan(): Plan {
  return computePlan([doc("Same")], liveState([live("id1", "Same")]), options());
}
