import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventsApi } from "@segment/public-api-sdk-typescript";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import { checkEmulatorConfig } from "../../src/emulator/config.js";
import { ValidationError } from "../../src/errors.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";

/** The emulator's clock stands still at 10:00 UTC on 26 November: yesterday (the last perDay entry) is the 25th. */
const NOW = Date.parse("2026-11-26T10:00:00Z");
const OTHER_TOKEN = "second-token";
const VOLUMES: WorkspaceConfig["volumes"] = [
  { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: [100, 200, 300] },
  { sourceId: "src_web", eventName: "Order Refunded", eventType: "track", perDay: [1, 2, 3] },
  { sourceId: "src_web", eventType: "page", perDay: [1000, 2000, 4000] },
  { sourceId: "src_ios", eventName: "Order Completed", eventType: "track", perDay: [10, 20, 30] },
];
const SOURCES = [
  { id: "src_web", slug: "web", name: "Web" },
  { id: "src_ios", slug: "ios" },
];

let emulator: RunningEmulator;
beforeAll(async () => {
  const workspaces = [
    { ...testWorkspace(), tokens: [TEST_TOKEN, OTHER_TOKEN], sources: SOURCES, volumes: VOLUMES },
    { id: "ws_novol", slug: "novol", name: "No volumes", tokens: ["novol-token"] },
  ];
  emulator = await startTestEmulator({ workspaces, rateLimit: { requestsPerSecond: 1, burst: 1 } }, { now: () => NOW });
});
afterAll(() => emulator.close());

interface VolumeRow {
  source?: { id: string; name?: string; slug?: string };
  eventName?: string;
  eventType?: string;
  total: number;
  series: Array<{ time: string; count: number }>;
}
interface VolumeBody {
  data: { result: VolumeRow[]; pagination: { next?: string } };
  errors: Array<{ type: string; field?: string; message: string }>;
}

async function volume(query: string, token = TEST_TOKEN): Promise<{ status: number; headers: Headers; body: VolumeBody }> {
  const reply = await fetch(`${emulator.url}/events/volume?${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: reply.status, headers: reply.headers, body: (await reply.json()) as VolumeBody };
}

const WINDOW = "granularity=DAY&startTime=2026-11-23T00:00:00Z&endTime=2026-11-26T00:00:00Z";
const days = (counts: number[]) => counts.map((count, i) => ({ time: `2026-11-2${3 + i}T00:00:00Z`, count }));

describe("GET /events/volume: the emulator's daily volumes in the Public API's shapes", () => {
  it("the official SDK parses a reply grouped by event name and type, largest total first, days from the emulator's clock", async () => {
    const api = new EventsApi(emulator.url);
    api.accessToken = TEST_TOKEN;
    const { body } = await api.getEventsVolumeFromWorkspace(
      "DAY",
      "2026-11-23T00:00:00Z",
      "2026-11-26T00:00:00Z",
      ["eventName", "eventType"],
      ["src_web"],
    );
    const data = body.data!;
    expect(data.query).toMatchObject({
      workspaceId: "ws_test",
      granularity: "DAY",
      groupBy: ["eventName", "eventType"],
      sourceId: ["src_web"],
    });
    expect(data.result.map((r) => [r.eventName, r.eventType, r.total])).toEqual([
      [undefined, "page", 7000],
      ["Order Completed", "track", 600],
      ["Order Refunded", "track", 6],
    ]);
    expect(data.result[1]!.series).toEqual(days([100, 200, 300]));
    expect(data.pagination).toMatchObject({ current: "MA==", totalEntries: 3 });
  });

  it("today and days before the config's first have no events; a window cutting a day gets its share", async () => {
    const { body } = await volume(
      "granularity=DAY&startTime=2026-11-21T00:00:00Z&endTime=2026-11-27T00:00:00Z&groupBy=eventName&eventName=Order%20Refunded",
    );
    expect(body.data.result[0]!.series.map((p) => p.count)).toEqual([0, 0, 1, 2, 3, 0]);
    const half = await volume("granularity=DAY&startTime=2026-11-25T12:00:00Z&endTime=2026-11-26T00:00:00Z&sourceId=src_ios");
    expect(half.body.data.result).toEqual([{ total: 15, series: [{ time: "2026-11-25T00:00:00Z", count: 15 }] }]);
  });

  it("groups by source (id, name, slug), or sums everything without groupBy", async () => {
    const bySource = await volume(`${WINDOW}&groupBy=source`);
    expect(bySource.body.data.result.map((r) => [r.source, r.total])).toEqual([
      [{ id: "src_web", name: "Web", slug: "web" }, 7606],
      [{ id: "src_ios", name: "ios", slug: "ios" }, 60],
    ]);
    const all = await volume(WINDOW);
    expect(all.body.data.result).toEqual([{ total: 7666, series: days([1111, 2222, 4333]) }]);
  });

  it("filters accept comma-delimited, repeated and indexed values alike", async () => {
    const rows = async (q: string) =>
      (await volume(`${WINDOW}&groupBy=source,eventName&${q}`)).body.data.result.map((r) => `${r.source?.id}/${r.eventName}`);
    const expected = ["src_web/Order Completed", "src_ios/Order Completed", "src_web/Order Refunded"];
    expect(await rows("eventName=Order%20Completed,Order%20Refunded")).toEqual(expected);
    expect(await rows("eventName=Order%20Completed&eventName=Order%20Refunded")).toEqual(expected);
    expect(await rows("eventName[0]=Order%20Completed&eventName[1]=Order%20Refunded&eventType=track")).toEqual(expected);
    expect(await rows("eventName=Order%20Completed&sourceId=src_ios")).toEqual(["src_ios/Order Completed"]);
    expect(await rows("appVersion=1.2.3")).toEqual([]);
  });

  it("pages like the other lists", async () => {
    const first = await volume(`${WINDOW}&groupBy=eventName,eventType&sourceId=src_web&pagination.count=2`);
    expect(first.body.data.result).toHaveLength(2);
    const second = await volume(
      `${WINDOW}&groupBy=eventName,eventType&sourceId=src_web&pagination.count=2&pagination.cursor=${first.body.data.pagination.next}`,
    );
    expect(second.body.data.result.map((r) => r.eventName)).toEqual(["Order Refunded"]);
    expect(second.body.data.pagination.next).toBeUndefined();
  });

  it("a bad query is a 422 naming each parameter", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["granularity=DAY&endTime=2026-11-26T00:00:00Z", "startTime", /"startTime" is required/],
      ["granularity=DAY&startTime=2026-11-26T00:00:00Z&endTime=2026-11-25T00:00:00Z", "endTime", /must be after "startTime"/],
      [`${WINDOW}&groupBy=eventName,country`, "groupBy", /may name eventName, eventType, source; got "country"/],
      ["granularity=HOUR&startTime=2026-11-25T00:00:00Z&endTime=2026-11-26T00:00:00Z", "granularity", /HOUR is not served by the emulator/],
      ["granularity=DAY&startTime=2026-11-25&endTime=2026-11-26T00:00:00Z", "startTime", /ISO 8601 date-time with a time zone/],
      ["granularity=DAY&startTime=2020-01-01T00:00:00Z&endTime=2026-11-26T00:00:00Z", "endTime", /over 366 days/],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await volume(query);
      expect(status, query).toBe(422);
      expect(body.errors).toContainEqual(
        expect.objectContaining({ type: "input-validation", field, message: expect.stringMatching(message) }),
      );
    }
  });

  it("a workspace without volumes answers 403, as Segment does to a token that may not read them", async () => {
    const { status, body } = await volume(WINDOW, "novol-token");
    expect(status).toBe(403);
    expect(body.errors[0]!.message).toContain("declares no volumes");
  });
});

describe("GET /events/volume has its own limit: 60 a minute per token, apart from the general one", () => {
  it("the 61st request of a minute is a 429 with Retry-After; another token and the general limit are untouched", async () => {
    const used = Number((await volume(WINDOW, OTHER_TOKEN)).headers.get("x-ratelimit-consumed"));
    for (let i = used; i < 60; i++) expect((await volume(WINDOW, OTHER_TOKEN)).status).toBe(200);
    const refused = await volume(WINDOW, OTHER_TOKEN);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(60 - ((NOW / 1000) % 60)));
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-reset")).toBe(
      new Date(Math.ceil(NOW / 60_000) * 60_000 + (NOW % 60_000 === 0 ? 60_000 : 0)).toUTCString(),
    );
    expect((await volume(WINDOW)).status).toBe(200);
    // The general limit (1 a second, a clock that stands still) still has its one request.
    const general = await fetch(`${emulator.url}/sources`, { headers: { authorization: `Bearer ${OTHER_TOKEN}` } });
    expect(general.status).toBe(200);
  });
});

describe("the config's volumes are checked", () => {
  const check =
    (volumes: unknown, sources: unknown[] | "none" = SOURCES) =>
    () =>
      checkEmulatorConfig({ workspaces: [{ ...testWorkspace(), ...(sources === "none" ? {} : { sources }), volumes }] }, "emulator.yaml");
  const issues = (fn: () => unknown): string[] => {
    try {
      fn();
    } catch (error) {
      if (error instanceof ValidationError) return error.issues.map((i) => `${i.where} ${i.message}`);
    }
    return [];
  };

  it("names the path of a negative or fractional count, a missing type, a source not declared, a row given twice", () => {
    expect(issues(check([{ sourceId: "src_web", eventType: "track", perDay: [1, -2] }]))).toEqual([
      expect.stringContaining("emulator.yaml: workspaces.0.volumes.0.perDay.1"),
    ]);
    expect(issues(check([{ sourceId: "src_web", eventType: "track", perDay: [1.5] }]))[0]).toContain("workspaces.0.volumes.0.perDay.0");
    expect(issues(check([{ sourceId: "src_web", perDay: [1] }]))[0]).toMatch(/workspaces\.0\.volumes\.0.*eventType/);
    expect(issues(check([{ sourceId: "src_nope", eventType: "track", perDay: [1] }]))).toEqual([
      expect.stringMatching(/volumes\.0\.sourceId "src_nope" is not the id of a source/),
    ]);
    const twice = { sourceId: "src_web", eventName: "A", eventType: "track", perDay: [1] };
    expect(issues(check([twice, twice]))).toEqual([expect.stringMatching(/volumes\.1 .*given twice/)]);
    // A workspace that declares no sources accepts any sourceId, in its volumes too.
    expect(issues(check([{ sourceId: "any", eventType: "track", perDay: [1] }], "none"))).toEqual([]);
  });
});

describe("the documented cap: at most 5,000 entries", () => {
  it("a query of 5,100 series returns the 5,000 largest, over pages of 200", async () => {
    const volumes = Array.from({ length: 5100 }, (_, i) => ({
      sourceId: "src_big",
      eventName: `Event ${i}`,
      eventType: "track",
      perDay: [i + 1],
    }));
    const big = await startTestEmulator({ workspaces: [{ ...testWorkspace(), volumes }] }, { now: () => NOW });
    try {
      const names: string[] = [];
      let cursor = "";
      for (let page = 0; page < 30; page++) {
        const reply = await fetch(
          `${big.url}/events/volume?${WINDOW}&groupBy=eventName&pagination.count=200${cursor ? `&pagination.cursor=${cursor}` : ""}`,
          { headers: { authorization: `Bearer ${TEST_TOKEN}` } },
        );
        const body = (await reply.json()) as { data: { result: VolumeRow[]; pagination: { next?: string; totalEntries: number } } };
        expect(body.data.pagination.totalEntries).toBe(5000);
        names.push(...body.data.result.map((r) => r.eventName!));
        if (!body.data.pagination.next) break;
        cursor = body.data.pagination.next;
      }
      expect(names).toHaveLength(5000);
      expect(names[0]).toBe("Event 5099");
      expect(names.at(-1)).toBe("Event 100");
    } finally {
      await big.close();
    }
  });
});
