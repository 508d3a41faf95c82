import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fsSource } from "../../src/desired/fs-source.js";
import { loadDesiredOrThrow } from "../../src/desired/load-desired.js";
import { runChain } from "../../src/simulate/transform-chain.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");

/** The example repository's transformations (staging), as the simulator will get them from the desired state. */
async function exampleTransformations(): Promise<SimTransformation[]> {
  const state = await loadDesiredOrThrow(fsSource(EXAMPLES), { env: "staging" });
  return state.resources
    .map((r) => r.spec as SimTransformation)
    .filter((t) => t.hashPropertiesConfiguration?.key === undefined || typeof t.hashPropertiesConfiguration.key === "string");
}

const engine = createFqlEngine();
/** The web source as the offline desired state names it: examples/transync.yaml's alias is `{ slug: web }` (src/desired/live-refs.ts). */
const WEB = "slug:web";
const REDDIT = { "Reddit Conversions Api": { click_id: "c1" } };
/** The Reddit Conversions API destination as the offline desired state names it: the alias `{ slug: actions-reddit-conversions-api }`. */
const REDDIT_DESTINATION = "slug:actions-reddit-conversions-api";

describe("the simulator on the example transformations, with the real FQL engine", () => {
  it("renames Order Completed and its properties; masks the IP; the Reddit drop rule spares an event with a click id", async () => {
    const ts = await exampleTransformations();
    const event: JsonValue = {
      type: "track",
      event: "Order Completed",
      properties: { total: 10, order: { id: "o1" } },
      context: { ip: "1.2.3.4" },
      integrations: REDDIT,
    };
    const before = structuredClone(event);
    const out = runChain(ts, event, { sourceId: WEB, engine });
    expect(out.dropped).toBe(false);
    expect(out.event).toEqual({
      type: "track",
      event: "Order Placed",
      properties: { revenue: 10, order: { order_id: "o1" } },
      context: { ip: "0.0.0.0" },
      integrations: REDDIT,
    });
    expect(out.matched).toEqual(["Mask IP address", "Rename Order Completed"]);
    expect(event).toEqual(before);
  });

  it("drops a track event without the Reddit click id for Reddit only, and a Debug event, naming the rule that dropped it", async () => {
    const ts = await exampleTransformations();
    const noClick = { type: "track", event: "Order Completed", properties: {} };
    const forReddit = runChain(ts, noClick, { sourceId: WEB, destinationId: REDDIT_DESTINATION, engine });
    expect(forReddit).toMatchObject({
      dropped: true,
      event: null,
      matched: ["Mask IP address", "Rename Order Completed", "Drop Reddit events without click id"],
    });
    // Scoped to the Reddit destination (issue 35): every other destination still gets the event.
    expect(runChain(ts, noClick, { sourceId: WEB, engine })).toMatchObject({
      dropped: false,
      matched: ["Mask IP address", "Rename Order Completed"],
    });
    const debug = runChain(ts, { type: "page", event: "Debug page", properties: {} }, { sourceId: WEB, engine });
    expect(debug).toMatchObject({ dropped: true, matched: ["Drop debug events"] });
  });

  it("computes an FQL-defined property from the event as it is at that step", async () => {
    const ts = await exampleTransformations();
    const out = runChain(
      ts,
      { type: "track", event: "Coupon Applied", properties: { coupon: "SPRING24" }, integrations: REDDIT },
      { sourceId: WEB, engine },
    );
    expect(out.event).toMatchObject({ properties: { coupon: "SPRING24", coupon_normalized: "spring24" } });
  });

  it("an event of another source is unchanged", async () => {
    const ts = await exampleTransformations();
    const event: JsonValue = { type: "track", event: "Order Completed", properties: { total: 10 } };
    const out = runChain(ts, event, { sourceId: "src_other", engine });
    expect(out).toEqual({ dropped: false, event, matched: [], warnings: [] });
  });

  it("FQL that does not parse is a clear error naming it", () => {
    expect(() => engine.matches("event = ", {})).toThrow(/FQL "event = " does not parse/);
  });
});
