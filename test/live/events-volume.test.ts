import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { createEventVolumeReads } from "../../src/live/events-volume.js";
import { VolumePermissionError } from "../../src/model/event-volume.js";
import type { Clock } from "../../src/live/clock.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { acceleratedClock } from "../helpers/fast-clock.js";
import { captureLogger, fakeClock, settingsFor } from "./helpers.js";

const DAY_MS = 24 * 60 * 60 * 1000;
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** The emulator and the client on one clock (the emulator's days and its 60-a-minute limit follow it). */
async function setUp(volumes: WorkspaceConfig["volumes"], clock: Clock, tokens = [TEST_TOKEN]) {
  emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), tokens, ...(volumes ? { volumes } : {}) }] }, { now: clock.now });
  const { logger, lines } = captureLogger();
  const api = new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), {
    logger,
    now: clock.now,
    sleep: clock.sleep,
    random: clock.random,
  });
  return { api, reads: createEventVolumeReads(api, logger, clock), lines };
}

describe("createEventVolumeReads over HTTP against the emulator", () => {
  it("reads the last N complete UTC days of one source, one row per (event name, event type), named or not", async () => {
    const volumes = [
      { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: [5, 6, 7, 8, 9, 10, 11, 12] },
      { sourceId: "src_web", eventType: "page", perDay: [70, 80] },
      { sourceId: "src_ios", eventName: "Order Completed", eventType: "track", perDay: [1] },
    ];
    const { reads, api } = await setUp(volumes, acceleratedClock(1));
    const rows = await reads.daily("src_web", 7);
    expect(rows).toEqual([
      { sourceId: "src_web", eventType: "page", perDay: [0, 0, 0, 0, 0, 70, 80] },
      { sourceId: "src_web", eventName: "Order Completed", eventType: "track", perDay: [6, 7, 8, 9, 10, 11, 12] },
    ]);
    expect(reads.calls).toBe(1);
    expect(api.stats().requests).toBe(1);
    // Asked again (a plan's before and after): read once, and the caller's copy is its own.
    rows[0]!.perDay[0] = 999;
    expect((await reads.daily("src_web", 7))[0]!.perDay[0]).toBe(0);
    expect(reads.calls).toBe(1);
    expect(await reads.daily("src_none", 7)).toEqual([]);
  });

  it("follows every page of a source with more rows than a page holds", async () => {
    const volumes = Array.from({ length: 250 }, (_, i) => ({
      sourceId: "src_web",
      eventName: `Event ${i}`,
      eventType: "track",
      perDay: [i + 1],
    }));
    const { reads } = await setUp(volumes, acceleratedClock(1));
    const rows = await reads.daily("src_web", 3);
    expect(rows).toHaveLength(250);
    expect(rows[0]).toEqual({ sourceId: "src_web", eventName: "Event 249", eventType: "track", perDay: [0, 0, 250] });
    expect(reads.calls).toBe(2);
  });

  it("a token that may not read volumes (403) is a VolumePermissionError naming what the token needs", async () => {
    const { reads, lines } = await setUp(undefined, acceleratedClock(1));
    const error = await reads.daily("src_web", 7).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(VolumePermissionError);
    expect(error!.message).toContain("a token that may read the workspace's event volumes");
    expect(error!.message).not.toContain(TEST_TOKEN);
    expect(lines.join("\n")).not.toContain(TEST_TOKEN);
  });

  it("reading 70 sources at once stays within the endpoint's 60 a minute: no 429, about 70 seconds of the clock", async () => {
    const clock = acceleratedClock(200);
    const sources = Array.from({ length: 70 }, (_, i) => `src_${i}`);
    const { reads, api } = await setUp(
      sources.map((sourceId) => ({ sourceId, eventName: "Order Completed", eventType: "track", perDay: [3] })),
      clock,
    );
    const started = clock.now();
    const all = await Promise.all(sources.map((id) => reads.daily(id, 7)));
    expect(all.every((rows) => rows[0]!.perDay[6] === 3)).toBe(true);
    expect(emulator!.stats().byStatus["429"] ?? 0).toBe(0);
    expect(api.stats().requests).toBe(70);
    expect(reads.calls).toBe(70);
    // 70 requests at 60 a minute cannot take less than the 10 seconds past the first window (whatever its phase).
    expect(clock.now() - started).toBeGreaterThan(10_000);
  });

  it("a window already spent by another tool: the 429s are waited out (Retry-After), and the read completes", async () => {
    // Time moves only when the client waits: the 60 requests below spend the emulator's current minute.
    const clock = fakeClock();
    const { reads, api } = await setUp([{ sourceId: "src_web", eventType: "track", eventName: "A", perDay: [1] }], clock, [TEST_TOKEN]);
    for (let i = 0; i < 60; i++)
      await fetch(`${emulator!.url}/events/volume?granularity=DAY&startTime=2026-01-01T00:00:00Z&endTime=2026-01-02T00:00:00Z`, {
        headers: { authorization: `Bearer ${TEST_TOKEN}` },
      });
    const rows = await reads.daily("src_web", 1);
    expect(rows).toEqual([{ sourceId: "src_web", eventName: "A", eventType: "track", perDay: [1] }]);
    expect(api.stats().byStatus).toEqual({ "200": 1, "429": 1 });
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
    expect(reads.calls).toBe(1);
  });
});

describe("the endpoint's limit is its own", () => {
  it("a volume read that spends the minute does not hold the client's other calls", async () => {
    const clock = fakeClock();
    const { reads, api } = await setUp([{ sourceId: "src_web", eventType: "track", perDay: [1] }], clock);
    for (let i = 0; i < 59; i++)
      await fetch(`${emulator!.url}/events/volume?granularity=DAY&startTime=2026-01-01T00:00:00Z&endTime=2026-01-02T00:00:00Z`, {
        headers: { authorization: `Bearer ${TEST_TOKEN}` },
      });
    await reads.daily("src_web", 1);
    const waited = clock.sleeps.length;
    await api.getWorkspace();
    await api.listPage();
    expect(clock.sleeps.slice(waited).filter((ms) => ms >= 1000)).toEqual([]);
    expect(api.stats().byStatus).toEqual({ "200": 3 });
  });
});

describe("the window", () => {
  it("is the last N complete UTC days before the clock's today", async () => {
    const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const fixed: Clock = { ...acceleratedClock(1), now: () => midnight + DAY_MS - 1 };
    const { reads } = await setUp([{ sourceId: "s", eventType: "identify", perDay: [1, 2] }], fixed);
    expect(await reads.daily("s", 2)).toEqual([{ sourceId: "s", eventType: "identify", perDay: [1, 2] }]);
    await expect(reads.daily("s", 0)).rejects.toThrow(/days must be a whole number from 1/);
  });
});
