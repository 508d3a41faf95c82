import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DestinationFilterActionV1, DestinationFiltersApi, DestinationFilterV1 } from "@segment/public-api-sdk-typescript";
import type { IncomingMessage } from "node:http";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { FILTER_CONFIG } from "./filter-fixture.js";

/** DestinationFilterV1's attributes the TypeScript SDK's class does not mark optional (`'description'?: string`). */
const REQUIRED = ["id", "sourceId", "destinationId", "if", "actions", "title", "enabled", "createdAt", "updatedAt"];
const ACTION_TYPES = Object.values(DestinationFilterActionV1.TypeEnum) as string[];

/**
 * The filter as the SDK parsed it, after checking it against the SDK's model: every key of the reply as
 * sent is an attribute of DestinationFilterV1 (none silently dropped by the deserializer), every
 * attribute the SDK requires is present, every action type is in its enum.
 */
function parsedFilter(
  result: { response: IncomingMessage; body: { data?: { filter: DestinationFilterV1 } } },
  filterOf: (data: unknown) => unknown = (data) => (data as { filter: unknown }).filter,
): DestinationFilterV1 {
  const sent = filterOf((result.response as IncomingMessage & { body: { data: unknown } }).body.data) as Record<string, unknown>;
  const attributes = DestinationFilterV1.getAttributeTypeMap().map((a) => a.baseName);
  expect(attributes).toEqual(expect.arrayContaining(Object.keys(sent)));
  const filter = result.body.data!.filter;
  for (const name of REQUIRED) expect(filter, name).toHaveProperty(name, expect.anything());
  for (const action of filter.actions) expect(ACTION_TYPES).toContain(action.type);
  return filter;
}

describe("the official TypeScript SDK drives every filter operation and parses every reply with its filter models", () => {
  let emulator: RunningEmulator;
  let api: DestinationFiltersApi;
  beforeAll(async () => {
    emulator = await startTestEmulator(FILTER_CONFIG);
    api = new DestinationFiltersApi(emulator.url);
    api.accessToken = TEST_TOKEN;
  });
  afterAll(() => emulator.close());

  it("create, list (paged), get, update (enabled only; description cleared with null), remove", async () => {
    const { TypeEnum } = DestinationFilterActionV1;
    const created = parsedFilter(
      await api.createFilterForDestination("dst_amp", {
        sourceId: "src_web",
        if: "type = 'track'",
        actions: [
          { type: TypeEnum.SAMPLE, percent: 0.25, path: "userId" },
          { type: TypeEnum.DROP_PROPERTIES, fields: { properties: ["email"] } },
        ],
        title: "Strip email",
        description: "Before the ads destination",
        enabled: true,
      }),
    );
    expect(created).toMatchObject({ destinationId: "dst_amp", description: "Before the ads destination" });
    const bare = { sourceId: "src_web", if: "all", actions: [{ type: TypeEnum.DROP }], title: "All", enabled: false };
    const second = parsedFilter(await api.createFilterForDestination("dst_amp", bare));

    const listed = await api.listFiltersFromDestination("dst_amp", { count: 1 });
    const page = listed.body.data!;
    expect(page.filters.map((f) => f.id)).toEqual([created.id]);
    parsedFilter(
      { response: listed.response, body: { data: { filter: page.filters[0]! } } },
      (data) => (data as { filters: unknown[] }).filters[0],
    );
    const next = (await api.listFiltersFromDestination("dst_amp", { count: 1, cursor: page.pagination.next! })).body.data!;
    expect(next.filters.map((f) => f.id)).toEqual([second.id]);

    expect(parsedFilter(await api.getFilterInDestination("dst_amp", created.id))).toEqual(created);
    const toggled = parsedFilter(await api.updateFilterForDestination("dst_amp", created.id, { enabled: false }));
    expect(toggled.enabled).toBe(false);
    const cleared = parsedFilter(await api.updateFilterForDestination("dst_amp", created.id, { description: null }));
    expect(cleared.description).toBeUndefined();

    expect((await api.removeFilterFromDestination("dst_amp", created.id)).body.data!.status).toBe("SUCCESS");
    await expect(api.getFilterInDestination("dst_amp", created.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
