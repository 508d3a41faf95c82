import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { modelErrors, readSdkFacts } from "../helpers/sdk-models.js";
import { call, type Reply } from "./http.js";

/**
 * Every reply shape the emulator serves, read as the current official Python SDK reads it (strict
 * pydantic models: a required field absent or null, a wrong JSON type or a value outside an enum
 * fails the parse). The SDK cannot be installed here; its models are facts generated from its
 * source by scripts/sdk-models.ts (test/fixtures/sdk-models/public-api-sdk-python.json).
 */
const facts = readSdkFacts();
const NOW = Date.parse("2026-11-26T10:00:00Z");
const METADATA_ID = "54521fd525e721e32a72ee8f";
const FULL = {
  name: "Everything",
  sourceId: "src_web",
  destinationMetadataId: METADATA_ID,
  enabled: true,
  if: "event = 'Order Completed'",
  newEventName: "Order Placed",
  propertyRenames: [{ oldName: "total", newName: "revenue" }],
  propertyValueTransformations: [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }],
  allowProperties: ["revenue", "currency"],
  hashPropertiesConfiguration: { algorithm: "SHA-256", paths: ["properties.email"], encoding: "HEX" },
};
/** A token whose writes are recorded with an actorEmail (the SDK's optional field). */
const PERSON_TOKEN = "person-token";
const CONFIG: Partial<EmulatorConfig> = {
  workspaces: [
    {
      ...testWorkspace(),
      tokens: [...testWorkspace().tokens, { value: PERSON_TOKEN, actor: "users/U1", actorEmail: "a@x.io" }],
      sources: [
        {
          id: "src_web",
          slug: "web",
          name: "Web",
          labels: [{ key: "env", value: "staging" }],
          destinations: [{ id: "dst_amp", name: "Amplitude", metadataId: METADATA_ID, enabled: true }],
        },
        { id: "src_ios", slug: "ios" },
      ],
      volumes: [
        { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: [1, 2, 3] },
        { sourceId: "src_web", eventType: "page", perDay: [4, 5, 6] },
      ],
    },
  ],
  catalog: { destinations: [{ id: METADATA_ID, slug: "amplitude", name: "Amplitude", previousNames: ["Amplitude Classic"] }] },
};

/** A filter with every optional field of DestinationFilterV1 and its actions. */
const FULL_FILTER = {
  sourceId: "src_web",
  if: "type = 'track'",
  actions: [
    { type: "SAMPLE", percent: 0.5, path: "userId" },
    { type: "DROP_PROPERTIES", fields: { properties: ["email"], "": ["context"] } },
    { type: "ALLOW_PROPERTIES", fields: { "": ["type", "event", "properties"] } },
  ],
  title: "Everything",
  description: "Samples, drops and allows",
  enabled: true,
};
const BARE_FILTER = { sourceId: "src_web", if: "all", actions: [{ type: "DROP" }], title: "Bare", enabled: false };
const FILTERS = "/destination/dst_amp/filters";

async function newFilterId(e: RunningEmulator, title: string): Promise<string> {
  return (await call(e, "POST", FILTERS, { body: { ...FULL_FILTER, title } })).body.data.filter.id as string;
}

type Drive = (emulator: RunningEmulator, ids: { transformation: string }) => Promise<Reply[]>;

const WINDOW = "granularity=DAY&startTime=2026-11-23T00:00:00Z&endTime=2026-11-26T00:00:00Z";
const EVENT = { type: "track", event: "Order Completed", properties: { total: 1 } };

/** Each operation of the SDK facts, and the requests that give every shape of its 200 reply. */
const DRIVES: Record<string, Drive> = {
  "POST /transformations": async (e) => [
    await call(e, "POST", "/transformations", { body: FULL }),
    await call(e, "POST", "/transformations", { body: { name: "Bare", sourceId: "src_ios", enabled: false, if: "all" } }),
    await call(e, "POST", "/transformations", {
      body: {
        name: "Computed",
        sourceId: "src_web",
        enabled: true,
        if: "all",
        fqlDefinedProperties: [{ fql: "lowercase(event)", propertyName: "properties.e" }],
      },
    }),
  ],
  "GET /transformations": async (e) => [
    await call(e, "GET", "/transformations"),
    await call(e, "GET", "/transformations?pagination[count]=1&pagination[cursor]=MQ=="),
  ],
  "GET /transformations/{transformationId}": async (e, ids) => [await call(e, "GET", `/transformations/${ids.transformation}`)],
  "PATCH /transformations/{transformationId}": async (e, ids) => [
    await call(e, "PATCH", `/transformations/${ids.transformation}`, {
      body: { newEventName: null, destinationMetadataId: null, propertyRenames: [] },
    }),
  ],
  "DELETE /transformations/{transformationId}": async (e) => {
    const created = await call(e, "POST", "/transformations", { body: { name: "Doomed", sourceId: "src_web", enabled: true, if: "all" } });
    return [await call(e, "DELETE", `/transformations/${created.body.data.transformation.id}`)];
  },
  "GET /audit-events": async (e, ids) => {
    await call(e, "PATCH", `/transformations/${ids.transformation}`, { body: { enabled: false }, token: PERSON_TOKEN });
    const first = await call(e, "GET", "/audit-events?pagination[count]=1");
    const cursor = encodeURIComponent(first.body.data.pagination.next as string);
    return [
      await call(e, "GET", "/audit-events"),
      first,
      await call(e, "GET", `/audit-events?pagination[count]=1&pagination[cursor]=${cursor}`),
    ];
  },
  "GET /": async (e) => [await call(e, "GET", "/")],
  "POST /destination/filters/preview": async (e) => [
    await call(e, "POST", "/destination/filters/preview", { body: { filter: { if: "all", actions: [{ type: "DROP" }] }, payload: EVENT } }),
    await call(e, "POST", "/destination/filters/preview", {
      body: { filter: { if: "event = 'x'", actions: [{ type: "ALLOW_PROPERTIES", fields: { properties: ["total"] } }] }, payload: EVENT },
    }),
  ],
  "GET /sources": async (e) => [await call(e, "GET", "/sources"), await call(e, "GET", "/sources?pagination[count]=1")],
  "GET /sources/{sourceId}": async (e) => [await call(e, "GET", "/sources/src_web"), await call(e, "GET", "/sources/src_ios")],
  "GET /sources/{sourceId}/connected-destinations": async (e) => [
    await call(e, "GET", "/sources/src_web/connected-destinations"),
    await call(e, "GET", "/sources/src_ios/connected-destinations"),
  ],
  "GET /catalog/destinations": async (e) => [await call(e, "GET", "/catalog/destinations")],
  "GET /catalog/destinations/{destinationMetadataId}": async (e) => [await call(e, "GET", `/catalog/destinations/${METADATA_ID}`)],
  "GET /events/volume": async (e) => [
    await call(e, "GET", `/events/volume?${WINDOW}&groupBy=eventName,eventType,source`),
    await call(e, "GET", `/events/volume?${WINDOW}`),
    await call(e, "GET", `/events/volume?${WINDOW}&groupBy=source&sourceId=src_unknown`),
  ],
  "POST /destination/{destinationId}/filters": async (e) => [
    await call(e, "POST", FILTERS, { body: FULL_FILTER }),
    await call(e, "POST", FILTERS, { body: BARE_FILTER }),
  ],
  "GET /destination/{destinationId}/filters": async (e) => {
    await newFilterId(e, "Listed");
    return [await call(e, "GET", FILTERS), await call(e, "GET", `${FILTERS}?pagination[count]=1`)];
  },
  "GET /destination/{destinationId}/filters/{filterId}": async (e) => [await call(e, "GET", `${FILTERS}/${await newFilterId(e, "Got")}`)],
  "PATCH /destination/{destinationId}/filters/{filterId}": async (e) => {
    const id = await newFilterId(e, "Patched");
    return [
      await call(e, "PATCH", `${FILTERS}/${id}`, { body: { description: null, actions: [{ type: "DROP" }] } }),
      await call(e, "PATCH", `${FILTERS}/${id}`, { body: { enabled: false } }),
    ];
  },
  "DELETE /destination/{destinationId}/filters/{filterId}": async (e) => [
    await call(e, "DELETE", `${FILTERS}/${await newFilterId(e, "Doomed")}`),
  ],
};

describe("every reply the emulator serves parses with the official Python SDK's models", () => {
  let emulator: RunningEmulator;
  let transformation: string;
  beforeAll(async () => {
    emulator = await startTestEmulator(CONFIG, { now: () => NOW });
    transformation = (await call(emulator, "POST", "/transformations", { body: FULL })).body.data.transformation.id as string;
  });
  afterAll(() => emulator.close());

  it("the facts name the SDK and its commit, and cover exactly the operations the emulator serves", () => {
    expect(facts.source.repository).toBe("segmentio/public-api-sdk-python");
    expect(facts.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(DRIVES).sort()).toEqual(Object.keys(facts.operations).sort());
    const served = emulator.knownPaths().flatMap((k) => k.methods.map((m) => `${m} ${k.path.replace(/:(\w+)/g, "{$1}")}`));
    expect(served.sort()).toEqual(Object.keys(facts.operations).sort());
  });

  for (const [operation, drive] of Object.entries(DRIVES)) {
    it(`${operation}: every 200 reply has each field the SDK requires, of its type and enum`, async () => {
      const replies = await drive(emulator, { transformation });
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const errors = replies.flatMap((reply) => modelErrors(facts, facts.operations[operation]!, reply.body, ""));
      expect(errors).toEqual([]);
    });
  }

  it("error replies parse as RequestErrorEnvelope (404, 405, 406, 422, 401, 403)", async () => {
    const replies = [
      await call(emulator, "GET", "/transformations/nope"),
      await call(emulator, "PUT", "/transformations"),
      await call(emulator, "GET", "/", { headers: { accept: "text/html" } }),
      await call(emulator, "POST", "/transformations", { body: { name: 1 } }),
      await call(emulator, "GET", "/", { token: "wrong" }),
      await call(emulator, "POST", "/destination/filters/preview", { body: {} }),
      await call(emulator, "GET", "/destination/dst_nope/filters"),
      await call(emulator, "POST", "/destination/dst_amp/filters", { body: { ...BARE_FILTER, actions: [{ type: "KEEP" }] } }),
    ];
    expect(replies.map((r) => r.status)).toEqual([404, 405, 406, 422, 401, expect.any(Number), 404, 422]);
    expect(replies.flatMap((reply) => modelErrors(facts, "RequestErrorEnvelope", reply.body, ""))).toEqual([]);
  });
});

describe("the check against the SDK's models", () => {
  it("finds a required field absent or null, a wrong type, a value outside an enum, in nested models and lists", () => {
    const source = {
      id: "s",
      slug: "s",
      workspaceId: "w",
      enabled: "yes",
      writeKeys: [1],
      labels: [{ key: "k" }],
      metadata: {
        id: "m",
        name: "m",
        slug: "m",
        description: "",
        logos: { default: "" },
        options: [],
        categories: [],
        isCloudEventSource: false,
        status: "GONE",
      },
    };
    expect(modelErrors(facts, "GetSource200Response", { data: { source, trackingPlanId: null } }, "")).toEqual([
      'data.source.metadata.status: "GONE" is not one of SourceMetadataV1.status\'s values (DEPRECATED, PRIVATE_BETA, PRIVATE_BUILDING, PRIVATE_SUBMITTED, PUBLIC, PUBLIC_BETA, UNAVAILABLE)',
      'data.source.enabled: must be a boolean, got string "yes"',
      "data.source.writeKeys.0: must be a string, got number 1",
      "data.source.labels.0.value: required by LabelV1",
    ]);
    expect(modelErrors(facts, "GetWorkspace200Response", { data: { workspace: { id: "w", slug: null, name: "n" } } }, "")).toEqual([
      "data.workspace.slug: required by WorkspaceV1",
    ]);
  });
});
