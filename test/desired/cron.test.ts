import { describe, expect, it } from "vitest";
import { cronMatches, latestMatchBetween, parseCron, type CronSpec } from "../../src/desired/cron.js";

const at = (iso: string) => Date.parse(iso);
function spec(text: string): CronSpec {
  const parsed = parseCron(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("parseCron", () => {
  it("reads *, numbers, lists, ranges and steps", () => {
    const s = spec("*/15 8-18/2 1,15 * 1-5");
    expect([...s.minutes]).toEqual([0, 15, 30, 45]);
    expect([...s.hours]).toEqual([8, 10, 12, 14, 16, 18]);
    expect([...s.daysOfMonth]).toEqual([1, 15]);
    expect(s.months.size).toBe(12);
    expect([...s.daysOfWeek]).toEqual([1, 2, 3, 4, 5]);
  });

  it("takes 7 as Sunday", () => {
    expect([...spec("0 0 * * 7").daysOfWeek]).toEqual([0]);
  });

  it.each([
    ["0 18 * *", /5 fields/],
    ["60 * * * *", /bad minute "60": values run from 0 to 59/],
    ["0 24 * * *", /bad hour/],
    ["0 0 0 * *", /bad day of month/],
    ["0 0 * 13 *", /bad month/],
    ["0 0 * * 8", /bad day of week/],
    ["0 5-2 * * *", /backwards/],
    ["*/0 * * * *", /a step is at least 1/],
    ["MON * * * *", /expected \*/],
    ["1,,2 * * * *", /expected \*/],
  ])("refuses %j", (text, message) => {
    const parsed = parseCron(text);
    expect("error" in parsed && parsed.error).toMatch(message);
  });
});

describe("cronMatches", () => {
  it("matches in UTC, minute by minute", () => {
    const friday1800 = spec("0 18 * * 5");
    expect(cronMatches(friday1800, at("2026-11-27T18:00Z"))).toBe(true); // a Friday
    expect(cronMatches(friday1800, at("2026-11-27T18:01Z"))).toBe(false);
    expect(cronMatches(friday1800, at("2026-11-28T18:00Z"))).toBe(false);
  });

  it("with both day fields restricted, either day matches (Vixie cron)", () => {
    const s = spec("0 0 13 * 5");
    expect(cronMatches(s, at("2026-11-13T00:00Z"))).toBe(true); // the 13th, a Friday
    expect(cronMatches(s, at("2026-12-13T00:00Z"))).toBe(true); // the 13th, a Sunday
    expect(cronMatches(s, at("2026-12-04T00:00Z"))).toBe(true); // a Friday, the 4th
    expect(cronMatches(s, at("2026-12-05T00:00Z"))).toBe(false);
  });
});

describe("latestMatchBetween", () => {
  const friday1800 = spec("0 18 * * 5");

  it("finds the latest start at or before the time, within the bound", () => {
    expect(latestMatchBetween(friday1800, at("2026-11-27T00:00Z"), at("2026-11-29T10:30Z"))).toBe(at("2026-11-27T18:00Z"));
    expect(latestMatchBetween(friday1800, at("2026-11-27T18:00Z"), at("2026-11-27T18:00:59Z"))).toBe(at("2026-11-27T18:00Z"));
    expect(latestMatchBetween(friday1800, at("2026-11-27T18:01Z"), at("2026-11-29T10:30Z"))).toBeUndefined();
    expect(latestMatchBetween(friday1800, at("2026-11-20T00:00Z"), at("2026-11-27T17:59Z"))).toBe(at("2026-11-20T18:00Z"));
  });

  it("agrees with a minute-by-minute search on many expressions and times", () => {
    const exprs = ["*/7 */5 * * *", "30 2 1-10/3 */2 *", "0 0 13 * 5", "15,45 9-17 * * 1-5", "59 23 31 12 *"];
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    for (const text of exprs) {
      const s = spec(text);
      for (let n = 0; n < 25; n++) {
        const now = at("2026-01-01T00:00Z") + Math.floor(random() * 365 * 1440) * 60_000 + 17_000;
        const back = Math.floor(random() * 3 * 1440) * 60_000;
        let expected: number | undefined;
        for (let t = Math.floor(now / 60_000) * 60_000; t >= now - back; t -= 60_000)
          if (cronMatches(s, t)) {
            expected = t;
            break;
          }
        expect(latestMatchBetween(s, now - back, now), `${text} at ${new Date(now).toISOString()}`).toBe(expected);
      }
    }
  });
});
