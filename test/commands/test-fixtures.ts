import { doc, docs } from "../helpers/project.js";

/** A project and test files shared by the `transync test` suites. */
export const PROJECT = `apiVersion: transync/v1
environments:
  staging: { sources: { web: src_stg_web } }
  prod: { sources: { web: src_prd_web } }
defaultEnvironment: staging
`;

export const TRANSFORMATIONS = docs(
  doc("Rename", "web", { newEventName: "Order Placed", propertyRenames: [{ oldName: "total", newName: "revenue" }] }),
  doc("Drop debug", "web", { if: "match(event, 'Debug *')", drop: true }),
  doc("Blueshift plan", "web", {
    if: "event = 'Signed Up'",
    destinationMetadataId: "dest_blueshift",
    propertyRenames: [{ oldName: "plan", newName: "plan_name" }],
  }),
);

export const HEADER = "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n";

export const PASSING = `${HEADER}  - name: renamed
    source: web
    event: { type: track, event: Order Completed, properties: { total: 10 } }
    expect:
      event: { type: track, event: Order Placed, properties: { revenue: 10 } }
      matched: [Rename]
  - name: dropped
    source: src_stg_web
    event: { type: track, event: Debug ping }
    expect: { dropped: true }
`;

/** Line 4 is the failing case's `- name:`. */
export const FAILING = `${HEADER}  - name: expects the old name
    source: web
    event: { type: track, event: Order Completed, properties: { total: 10, id: 7 } }
    expect:
      contains: { event: Order Completed, properties: { revenue: 11 } }
      absent: [properties.total, properties.id]
      matched: [Drop debug]
`;
