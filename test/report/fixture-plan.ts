import type { Plan } from "../../src/plan/index.js";
import { computePlan } from "../../src/plan/index.js";
import { doc, live, liveState, options } from "../plan/builders.js";

const FORTY = Array.from({ length: 40 }, (_, i) => `property_${String(i).padStart(2, "0")}`);
const LONG_IF =
  "event = 'Checkout Step Viewed' and properties.step >= 2 and properties.currency = 'USD' and context.library.name = 'analytics.js'";

/** A plan with every kind of content, computed from plain data (so the goldens show real planner output). */
export function fixturePlan(): Plan {
  const desired = [
    doc(
      "Order Completed rename",
      { newEventName: "Order Placed", propertyRenames: [{ oldName: "total", newName: "revenue" }] },
      { line: 1 },
    ),
    doc(
      "Hash emails",
      {
        hashPropertiesConfiguration: {
          algorithm: "SHA256",
          paths: ["properties.email"],
          encoding: "HEX",
          key: { fromEnv: "TRANSYNC_KEY_EMAIL" },
        },
        enabled: false,
      },
      { line: 12 },
    ),
    doc("Drop test events", { drop: true, if: "properties.test = true" }, { line: 20 }),
    doc(
      "Currency `USD` | default",
      { propertyValueTransformations: [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }] },
      { line: 28, id: "2NhispQ7Fe92M4h69ZO0f0EoNbg" },
    ),
    doc(
      "Brand new <one>",
      {
        allowProperties: ["order_id", "revenue"],
        hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.phone"], key: "literal-pepper" },
      },
      { line: 40 },
    ),
    doc("Allow list", { allowProperties: [...FORTY.slice(0, 17), "property_new", ...FORTY.slice(18)] }, { line: 50 }),
    doc("Checkout filter", { if: LONG_IF.replace(">= 2", ">= 3"), allowProperties: ["step"] }, { line: 60 }),
    doc("No longer dropped", {}, { line: 70 }),
  ];
  const state = liveState([
    live("ks7Sa1", "Order Completed rename", {
      newEventName: "Order Done",
      propertyRenames: [{ oldName: "total", newName: "revenue" }],
      fqlDefinedProperties: [],
    }),
    live("pHrD51", "Hash emails", { fqlDefinedProperties: [] }),
    live("rBoB01", "Drop test events", { if: "properties.test = true" }),
    live("2NhispQ7Fe92M4h69ZO0f0EoNbg", "Currency default", {
      propertyValueTransformations: [{ propertyPaths: ["properties.currency"], propertyValue: "EUR" }],
      fqlDefinedProperties: [],
    }),
    live("c5Em01", "Old experiment"),
    live("c5Em02", "Hand-made", { sourceId: "src_a", newEventName: "X" }),
    live("aL1st0", "Allow list", { allowProperties: FORTY, fqlDefinedProperties: [] }),
    live("cH3ck0", "Checkout filter", { if: LONG_IF, allowProperties: ["step"], fqlDefinedProperties: [] }),
    live("nLd000", "No longer dropped", { fqlDefinedProperties: [] }),
  ]);
  const base = "fedcba9876543210fedcba9876543210fedcba98";
  // Objects read in full with get (as FQL documents or --refresh full would have them read).
  return computePlan(
    desired,
    { ...state, apiCalls: 9 },
    options({
      prune: "removed",
      removed: { ids: [], names: ["Old experiment"] },
      origin: { dir: "transformations", env: "prod", commit: "0123456789abcdef0123456789abcdef01234567", base },
      detailedIds: ["2NhispQ7Fe92M4h69ZO0f0EoNbg", "aL1st0", "cH3ck0", "ks7Sa1", "nLd000", "pHrD51"],
      writeOnlyBasis: { source: "applied", commit: base, documents: [doc("No longer dropped", { drop: true }), doc("Brand new <one>")] },
      warnings: [{ where: "transformations/main.yaml:20:1", message: "`drop: true` ignores every other transform of this document" }],
      pullRequest: {
        base,
        head: "0123456789abcdef0123456789abcdef01234567",
        files: [
          { path: "transformations/main.yaml", status: "modified" },
          { path: "transformations/old.yaml", status: "removed" },
        ],
        transformations: [
          { name: "Order Completed rename", status: "modified" },
          { name: "Old experiment", status: "removed" },
          { name: "Brand new <one>", status: "added" },
          { name: "No longer dropped", status: "modified" },
        ],
      },
    }),
  );
}

export function emptyPlan(): Plan {
  return computePlan([doc("Same")], liveState([live("id1", "Same")]), options());
}
