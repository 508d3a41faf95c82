import type { DailyEventVolume } from "../../src/model/event-volume.js";

/** One volume row of source `src_a`: `perDay` defaults to a week of 7 a day. */
export function row(
  eventName: string | undefined,
  eventType: string,
  perDay: number[] = [7, 7, 7, 7, 7, 7, 7],
  sourceId = "src_a",
): DailyEventVolume {
  return { sourceId, ...(eventName !== undefined ? { eventName } : {}), eventType, perDay };
}

/** A week of the same count every day. */
export function week(perDay: number): number[] {
  return Array.from({ length: 7 }, () => perDay);
}

/** The rows of web, a source of src_a: three track events, pages and identifies without a name. */
export const WEB_ROWS: readonly DailyEventVolume[] = [
  row("Order Completed", "track", week(41_203)),
  row("Order Refunded", "track", [0, 0, 0, 7, 0, 0, 0]),
  row("Product Viewed", "track", week(1_000)),
  row("Signed Up", "track", week(0)),
  row(undefined, "page", week(500)),
  row(undefined, "identify", week(100)),
];
