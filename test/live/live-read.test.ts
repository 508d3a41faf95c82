import { describe, expect, it } from "vitest";
import { ApiError, InterruptedError } from "../../src/errors.js";
import { LiveRead } from "../../src/live/live-read.js";
import { readLiveState } from "../../src/live/read-live-state.js";
import type { Transformation } from "../../src/model/transformation.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { SimClock } from "./sim-clock.js";

const fql = [{ fql: "properties.a", propertyName: "properties.b" }];

function transformation(i: number, extra: Partial<Transformation> = {}): Transformation {
  return {
    id: `t${String(i).padStart(4, "0")}`,
    workspaceId: "ws_fake",
    name: `n${i}`,
    sourceId: "src",
    enabled: true,
    if: "event='x'",
    fqlDefinedProperties: fql,
    ...extra,
  };
}

/** A fake whose calls take `ms` each, so a read's calls interleave as they would over a network. */
/** Wraps `api.get` to record the most gets in flight at once; `onGet` runs as each one starts. */
function trackInFlight(api: FakeLiveApi, onGet: () => void = () => undefined): { most: () => number } {
  const get = api.get.bind(api);
  let inFlight = 0;
  let most = 0;
  api.get = async (id) => {
    most = Math.max(most, ++inFlight);
    try {
      onGet();
      return await get(id);
    } finally {
      inFlight -= 1;
    }
  };
  return { most: () => most };
}

function slowApi(count: number, ms = 3, clock?: SimClock): FakeLiveApi {
  const api = new FakeLiveApi(
    "ws_fake",
    Array.from({ length: count }, (_, i) => transformation(i)),
  );
  const wait = (): Promise<void> => (clock ? clock.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms)));
  const list = api.listPage.bind(api);
  const get = api.get.bind(api);
  api.listPage = async (cursor, n) => (await wait(), list(cursor, n));
  api.get = async (id) => (await wait(), get(id));
  return api;
}

describe("LiveRead: gets start as the pages holding their objects arrive", () => {
  it("a needed get starts before the list ends, and the result equals list-then-get", async () => {
    const api = slowApi(650); // 4 pages of 200
    const live = await readLiveState(api, { needsDetails: (t) => t.id === "t0003" || t.id === "t0640" });
    const order = api.calls.map((c) => (c.method === "get" ? `get ${c.id}` : c.method));
    const lastList = order.lastIndexOf("listPage");
    expect(order.indexOf("get t0003")).toBeGreaterThan(-1);
    expect(order.indexOf("get t0003")).toBeLessThan(lastList);
    expect(live.apiCalls).toBe(4 + 2);
    expect(live.transformations.filter((t) => t.fqlDefinedProperties !== undefined).map((t) => t.id)).toEqual(["t0003", "t0640"]);
  });

  it("objects listed before prefetch() is called are fetched then; later ones as they arrive", async () => {
    const api = slowApi(450);
    let firstPageIn: () => void = () => undefined;
    const firstPage = new Promise<void>((resolve) => (firstPageIn = resolve));
    const list = api.listPage.bind(api);
    api.listPage = async (cursor, n) => {
      const page = await list(cursor, n);
      firstPageIn();
      return page;
    };
    const read = new LiveRead(api, { concurrency: 2 });
    await firstPage; // the first page is in: an event, not a delay
    await new Promise((resolve) => setImmediate(resolve)); // and LiveRead has taken it
    expect(api.count("get")).toBe(0);
    read.prefetch((t) => Number(t.id.slice(1)) % 100 === 0);
    const listed = await read.state();
    const live = await read.details(listed, ["t0000", "t0100", "t0200", "t0300", "t0400"]);
    await read.close();
    expect(api.count("get")).toBe(5);
    expect(live.apiCalls).toBe(3 + 5);
  });

  it("a pick set after pages are listed runs over them a page per turn: a page arriving meanwhile has its next page requested between two slices", async () => {
    const api = slowApi(1000, 0); // 5 pages of 200
    const log: string[] = [];
    let releaseFourth: () => void = () => undefined;
    const fourthHeld = new Promise<void>((resolve) => (releaseFourth = resolve));
    let fourthAsked: () => void = () => undefined;
    const fourthRequested = new Promise<void>((resolve) => (fourthAsked = resolve));
    const list = api.listPage.bind(api);
    let pages = 0;
    api.listPage = async (cursor, n) => {
      const page = (pages += 1);
      log.push(`list ${page}`);
      const reply = await list(cursor, n);
      if (page === 4) {
        fourthAsked();
        await fourthHeld; // the fourth page's reply comes in when the test says
      }
      return reply;
    };
    const read = new LiveRead(api);
    await fourthRequested; // three pages listed: 600 objects wait for the pick
    await new Promise((resolve) => setImmediate(resolve));
    read.prefetch((t) => (log.push(`pick ${t.id}`), false));
    expect(log.filter((entry) => entry.startsWith("pick"))).toHaveLength(200);
    releaseFourth();
    await read.state();
    // The list may end before the slices do (replies here take no time; a loaded machine runs the
    // turns late): the pick goes on over the rest, one slice per turn, until every object is decided.
    const picks = (): number => log.filter((entry) => entry.startsWith("pick")).length;
    for (let turn = 0; turn < 100 && picks() < 1000; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(picks()).toBe(1000);
    await read.close();
    // The fifth page was asked for before the pick reached the last object of the first three pages.
    expect(log.indexOf("list 5")).toBeGreaterThan(-1);
    expect(log.indexOf("list 5")).toBeLessThan(log.indexOf("pick t0599"));
  });

  it("keeps at most `concurrency` gets in flight across pages", async () => {
    const api = slowApi(600);
    const gets = trackInFlight(api);
    const live = await readLiveState(api, { needsDetails: () => true, concurrency: 5 });
    expect(live.apiCalls).toBe(3 + 600);
    expect(gets.most()).toBe(5);
  });

  it("without --concurrency, gets in flight grow past the old fixed 8 while the server answers as fast, and shrink after a 429", async () => {
    // On a scripted clock every call takes exactly its 20 ms, however loaded the machine (a real timer
    // fires late under load, and the window reads a late reply as a server starting to queue).
    const clock = new SimClock();
    const api = slowApi(600, 20, clock);
    const gets = trackInFlight(api);
    const live = await clock.run(readLiveState(api, { needsDetails: () => true, now: clock.now }));
    expect(live.apiCalls).toBe(3 + 600);
    expect(gets.most()).toBeGreaterThan(32);

    // The same read against a server that answered 429s: the client's statistics say so, the window halves.
    const limited = slowApi(600, 5, clock);
    let throttled = 0;
    limited.stats = () => ({ ...api.stats(), byStatus: { "429": throttled } });
    const limitedGets = trackInFlight(limited, () => (throttled += 1)); // every get was answered 429 once before it succeeded
    await clock.run(readLiveState(limited, { needsDetails: () => true, now: clock.now }));
    expect(limitedGets.most()).toBeLessThanOrEqual(8);
  });

  it("a list read again from the start drops the first read's gets and fetches again", async () => {
    const api = slowApi(300);
    const list = api.listPage.bind(api);
    let pages = 0;
    // The first read's second page announces another total (a write during the read): read again.
    api.listPage = async (cursor, n) => {
      const page = await list(cursor, n);
      pages += 1;
      if (pages === 2) {
        api.store.set("t0005", transformation(5, { fqlDefinedProperties: [{ fql: "properties.z", propertyName: "properties.y" }] }));
        return { ...page, totalEntries: 301 };
      }
      return page;
    };
    const live = await readLiveState(api, { needsDetails: (t) => t.id === "t0005" });
    expect(pages).toBe(4);
    expect(api.calls.filter((c) => c.id === "t0005")).toHaveLength(2);
    expect(live.transformations.find((t) => t.id === "t0005")?.fqlDefinedProperties?.[0]?.fql).toBe("properties.z");
    expect(live.apiCalls).toBe(4 + 1);
  });

  it("a failed get is the read's error, and no get starts after it", async () => {
    const api = slowApi(400);
    const get = api.get.bind(api);
    api.get = async (id) => {
      if (id === "t0001") throw new ApiError("GET /transformations/t0001: HTTP 404: NotFound", 404, []);
      return get(id);
    };
    await expect(readLiveState(api, { needsDetails: () => true, concurrency: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(api.count("get")).toBeLessThanOrEqual(1);
  });

  it("close() stops the read, waits for what is in flight, and leaves no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const controller = new AbortController();
      const api = slowApi(1000, 5);
      const read = new LiveRead(api, { signal: controller.signal });
      read.prefetch(() => true);
      await new Promise((resolve) => setTimeout(resolve, 12));
      controller.abort();
      await read.close();
      const callsAtClose = api.calls.length;
      await expect(read.state()).rejects.toBeInstanceOf(InterruptedError);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(api.calls.length).toBe(callsAtClose);
      expect(api.count("listPage")).toBeLessThan(5);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
