import { describe, expect, it } from "vitest";
import { matchNothingWarnings, noEventsMessage, perDayText } from "../../src/impact/match-nothing.js";
import { VOLUME_DAYS } from "../../src/impact/volume.js";
import type { DailyEventVolume } from "../../src/model/event-volume.js";
import { computePlan } from "../../src/plan/index.js";
import type { DocumentInput } from "../../src/model/transformation.js";
import { doc, live, liveState, options } from "../plan/builders.js";
import { row, WEB_ROWS, week } from "./volume-fixtures.js";

const NAMES: Record<string, string> = { src_a: "web" };

function warningsFor(spec: Partial<DocumentInput>, rows: readonly DailyEventVolume[] = WEB_ROWS) {
  const plan = computePlan([doc("rule", spec, { line: 4 })], liveState([]), options());
  return matchNothingWarnings(plan.actions, new Map([["src_a", rows]]), VOLUME_DAYS, (id) => NAMES[id] ?? id);
}

describe("rules that match nothing: a plain selector asking for an event nobody sent in the window", () => {
  it("names the nearest event name that has events, with its events per day, at the document's position", () => {
    expect(warningsFor({ if: "event = 'Order Complted'" })).toEqual([
      {
        where: "transformations/main.yaml:4:1",
        message: "no 'Order Complted' events from web in 7 days; did you mean 'Order Completed' (41,203/day)?",
      },
    ]);
  });

  it("names the nearest only (all of them at a tie, up to three), and never a name with no events (Signed Up sent 0)", () => {
    const message = warningsFor({ if: "event = 'Order Refnded' or event = 'Signed Upp'" }).map((w) => w.message);
    expect(message).toEqual([
      "no 'Order Refnded' events from web in 7 days; did you mean 'Order Refunded' (1/day)?",
      "no 'Signed Upp' events from web in 7 days",
    ]);
    const tie = [row("Cart A", "track", week(2)), row("Cart B", "track", week(3)), row("Cart Bee", "track", week(3))];
    expect(warningsFor({ if: "event = 'Cart C'" }, tie).map((w) => w.message)).toEqual([
      "no 'Cart C' events from web in 7 days; did you mean 'Cart A' (2/day), 'Cart B' (3/day)?",
    ]);
  });

  it("checks types too, against the lower-case types the source sent", () => {
    expect(warningsFor({ if: "type = 'pgae'" }).map((w) => w.message)).toEqual([
      "no 'pgae' events from web in 7 days; did you mean 'page' (500/day)?",
    ]);
  });

  it("says nothing of a name that has events, of `!=` and `!` (they ask for every other event), or of an `if` that is not plain", () => {
    expect(warningsFor({ if: "event = 'Order Completed' or event != 'Nope' or !(event = 'Nope2')" })).toEqual([]);
    expect(warningsFor({ if: "event = 'Nope' and properties.x = 1" })).toEqual([]);
  });

  it("says nothing of deletes, nor of a source that was not read", () => {
    const plan = computePlan(
      [doc("rule", { if: "event = 'Nope'", sourceId: "src_b" })],
      liveState([live("tfm_1", "old", { if: "event = 'Nope'" })]),
      options({ prune: "all" }),
    );
    expect(matchNothingWarnings(plan.actions, new Map([["src_a", WEB_ROWS]]), VOLUME_DAYS, (id) => id)).toEqual([]);
  });

  it("checks five names of one document with suggestions and counts the rest in one warning", () => {
    const names = Array.from({ length: 8 }, (_, i) => `'Missing ${i}'`).join(", ");
    const messages = warningsFor({ if: `event in [${names}]` }).map((w) => w.message);
    expect(messages).toHaveLength(6);
    expect(messages[5]).toBe("and 3 more names this `if` asks for have no events from web in 7 days");
  });

  // The time of a huge name against thousands of known names is a figure of bench/hostile-inputs.ts.
  it("cuts a huge name in the message, against thousands of known names", () => {
    const known = Array.from({ length: 5_000 }, (_, i) => row(`Event ${"x".repeat(i % 60)} ${i}`, "track", week(1)));
    const [warning] = warningsFor({ if: `event = '${"Q".repeat(100_000)}'` }, known);
    expect(warning!.message.length).toBeLessThan(200);
    expect(warning!.message).toContain(`'${"Q".repeat(80)}…'`);
  });
});

describe("the numbers of a warning", () => {
  it("groups thousands, and shows under one a day as <1 rather than 0", () => {
    expect([perDayText(41_203), perDayText(0.2), perDayText(0.6), perDayText(1_234_567.4)]).toEqual(["41,203", "<1", "1", "1,234,567"]);
  });

  it("suggests nothing when no name is near", () => {
    expect(noEventsMessage("Zzzzzzzzzzzz", "web", 7, new Map([["Order Completed", 5]]))).toBe(
      "no 'Zzzzzzzzzzzz' events from web in 7 days",
    );
  });
});
