import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import { createEventVolumeReads } from "../../src/live/events-volume.js";
import { silentLogger } from "../../src/log.js";
import { type SeenRequest } from "../helpers/scripted-api.js";
import { failureOf, makeApi, TOKEN, useScriptedApi } from "./helpers.js";

const fake = useScriptedApi();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A reply of `GET /events/volume` with one page of rows. */
function volumePage(result: unknown, pagination: Record<string, unknown> = { current: "MA==" }): { body: unknown } {
  return { body: { data: { path: "/observability/event_volume/v2.json", query: {}, result, pagination } } };
}

/** A reader over an HttpLiveApi on a fake clock (waits return at once and move time on). */
function reader() {
  const made = makeApi(fake.url);
  return { ...made, reads: createEventVolumeReads(made.api, silentLogger(), made.clock) };
}

/** The first day of the window the reader asks for, from its request. */
const startOf = (req: SeenRequest): number => Date.parse(req.query.get("startTime") ?? "");
const day = (req: SeenRequest, i: number): string => new Date(startOf(req) + i * DAY_MS).toISOString();

describe("the event volume reader against a lying server", () => {
  it("asks for whole UTC days, grouped by event name and type, for one source", async () => {
    fake.server.script.push(volumePage([]));
    const { reads } = reader();
    await reads.daily("src_web", 7);
    const req = fake.server.requests[0]!;
    expect(req.path).toBe("/events/volume");
    expect(Object.fromEntries(req.query)).toMatchObject({
      granularity: "DAY",
      groupBy: "eventName,eventType",
      sourceId: "src_web",
      "pagination.count": "200",
    });
    expect(startOf(req) % DAY_MS).toBe(0);
    expect(Date.parse(req.query.get("endTime")!) - startOf(req)).toBe(7 * DAY_MS);
  });

  const lies: Array<[string, (req: SeenRequest) => unknown, RegExp]> = [
    [
      "a count that is a string",
      (req) => [{ eventType: "track", eventName: "A", total: 1, series: [{ time: day(req, 0), count: "1" }] }],
      /`data\.result\[0\]\.series\[0\]\.count` is a string, not a whole number/,
    ],
    [
      "a negative count",
      (req) => [{ eventType: "track", total: -1, series: [{ time: day(req, 0), count: -1 }] }],
      /`data\.result\[0\]\.total` is the number -1/,
    ],
    [
      "a fractional count",
      (req) => [{ eventType: "track", total: 1, series: [{ time: day(req, 1), count: 0.5 }] }],
      /series\[0\]\.count` is the number 0\.5/,
    ],
    [
      "a day outside the window",
      () => [{ eventType: "track", total: 1, series: [{ time: "1999-01-01T00:00:00Z", count: 1 }] }],
      /not the start of a UTC day of the 7-day window/,
    ],
    [
      "a row without a type",
      (req) => [{ eventName: "A", total: 1, series: [{ time: day(req, 0), count: 1 }] }],
      /`data\.result\[0\]\.eventType` is absent/,
    ],
    ["no result array", () => ({}), /`data\.result` is an object, not an array/],
    ["a row of another source", () => [{ source: { id: "src_other" }, eventType: "track", total: 0, series: [] }], /names another source/],
  ];
  for (const [what, result, message] of lies) {
    it(`${what} is an ApiError naming the place in the reply`, async () => {
      fake.server.script.push((req) => volumePage(result(req)));
      const error = await failureOf(reader().reads.daily("src_web", 7));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toMatch(/^GET \/events\/volume of source src_web: malformed reply from the API: /);
      expect(error.message).toMatch(message);
    });
  }

  it("an endless list of pages stops after 30 requests", async () => {
    let n = 0;
    for (let i = 0; i < 100; i++) fake.server.script.push(() => volumePage([], { current: "x", next: `cursor-${n++}` }));
    const error = await failureOf(reader().reads.daily("src_web", 7));
    expect(error.message).toMatch(/^GET \/events\/volume: the list is larger than one read may be: it goes on past 30 pages/);
    expect(fake.server.count("GET", "/events/volume")).toBe(30);
  });

  it("a cursor given twice stops at once", async () => {
    for (let i = 0; i < 5; i++) fake.server.script.push(volumePage([], { current: "x", next: "same" }));
    const error = await failureOf(reader().reads.daily("src_web", 7));
    expect(error.message).toMatch(/cursor of an earlier page again/);
    expect(fake.server.count("GET", "/events/volume")).toBe(2);
  });

  it("a row repeated across pages, or more rows than the documented 5,000, is refused", async () => {
    const row = { eventType: "track", eventName: "A", total: 0, series: [] };
    fake.server.script.push(volumePage([row], { current: "x", next: "2" }), volumePage([row]));
    expect((await failureOf(reader().reads.daily("src_web", 7))).message).toMatch(/has two rows/);
    const many = Array.from({ length: 5001 }, (_, i) => ({ eventType: "track", eventName: `E${i}`, total: 0, series: [] }));
    fake.server.script.push(volumePage(many));
    expect((await failureOf(reader().reads.daily("src_web", 7))).message).toMatch(/GET \/events\/volume: .*more than 5000 objects/);
  });

  it("never quotes the server's strings: a reply echoing the token leaves it out of the error", async () => {
    fake.server.script.push(volumePage([{ eventType: TOKEN, eventName: TOKEN, total: TOKEN, series: [] }]));
    const error = await failureOf(reader().reads.daily("src_web", 7));
    expect(error.message).toContain("`data.result[0].total` is a string");
    expect(error.message).not.toContain(TOKEN);
  });

  it("a 403 whose body echoes the token: the permission error does not carry it", async () => {
    fake.server.script.push({ status: 403, body: { errors: [{ type: "Forbidden", message: `token ${TOKEN} may not` }] } });
    const error = await failureOf(reader().reads.daily("src_web", 7));
    expect(error.name).toBe("VolumePermissionError");
    expect(error.message).not.toContain(TOKEN);
  });

  it("a 5xx is retried like every call", async () => {
    fake.server.script.push(
      { status: 503, headers: { "retry-after": "1" }, body: { errors: [{ type: "ServiceUnavailable" }] } },
      volumePage([]),
    );
    const { reads } = reader();
    expect(await reads.daily("src_web", 7)).toEqual([]);
    expect(fake.server.count("GET", "/events/volume")).toBe(2);
    expect(reads.calls).toBe(1);
  });

  it("a server that sends no rate-limit headers still gets at most one request a second (the endpoint's 60 a minute)", async () => {
    for (let i = 0; i < 10; i++) fake.server.script.push(volumePage([]));
    const { reads, clock } = reader();
    const start = clock.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => reads.daily(`src_${i}`, 7)));
    expect(fake.server.count("GET", "/events/volume")).toBe(10);
    // Nine gaps of about a second each (the pacer may run 25 ms ahead of its spacing).
    expect(clock.now() - start).toBeGreaterThanOrEqual(9 * 975);
  });
});
