/**
 * The workload of `bench/simulate.ts` and its short version in `npm test`: realistic sample events of
 * one source and two sets of 50 transformations on that source.
 * - `fullTransformations`: the whole mix (conditions with =, in, contains, match, and/or, comparisons;
 *   renames, value sets, FQL-defined properties, allow lists, hashes, event renames, a few drops).
 * - `sharedTransformations`: only what `@segment/tsub` can also do (conditions it evaluates; drop,
 *   allow lists, renames, event renames, value sets on existing parents), for a like-for-like race.
 * Deterministic: the same arguments give the same events and transformations.
 */
import type { JsonObject, SimTransformation } from "../src/simulate/types.js";

export const SOURCE_ID = "src_bench";

const EVENT_NAMES = [
  "Order Completed",
  "Product Viewed",
  "Product Added",
  "Product Removed",
  "Checkout Started",
  "Cart Viewed",
  "Signed Up",
  "Signed In",
  "Signed Out",
  "Coupon Applied",
  "Payment Info Entered",
  "Promotion Clicked",
  "Products Searched",
  "Product List Viewed",
  "Video Played",
  "Video Paused",
  "Email Opened",
  "Debug Ping",
];
const PATHS = ["/shop/cart", "/shop/item/42", "/shop/checkout", "/blog/launch", "/account/settings", "/internal/health", "/"];
const CURRENCIES = ["USD", "EUR", "GBP", "JPY"];
const CATEGORIES = ["Games", "Books", "Garden", "Music", "Toys"];
const PLANS = ["free", "pro", "enterprise"];

/** A small linear congruential generator: the same seed gives the same events on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function context(next: () => number, i: number): JsonObject {
  const path = pick(next, PATHS);
  return {
    page: { path, url: `https://shop.example.com${path}`, referrer: "https://www.google.com/", title: "Example Shop" },
    library: { name: "analytics.js", version: pick(next, ["4.1.0", "5.2.0"]) },
    app: { version: pick(next, ["3.1.0", "3.2.0", "4.0.0"]), build: String(300 + (i % 40)) },
    locale: pick(next, ["en-US", "de-DE", "fr-FR"]),
    ip: `10.0.${i % 250}.${(i * 7) % 250}`,
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15",
  };
}

function trackEvent(next: () => number, i: number): JsonObject {
  const user = Math.floor(next() * 5000);
  const price = Math.round(next() * 20000) / 100 + 1;
  return {
    type: "track",
    event: pick(next, EVENT_NAMES),
    messageId: `msg-${i}`,
    anonymousId: `anon-${user}`,
    userId: `user-${user}`,
    timestamp: "2024-05-01T12:00:00.000Z",
    properties: {
      total: price * 2,
      revenue: price,
      currency: pick(next, CURRENCIES),
      sku: `SKU-${100 + Math.floor(next() * 900)}`,
      category: pick(next, CATEGORIES),
      coupon: next() < 0.5 ? `SAVE${Math.floor(next() * 30) + 1}` : "NONE",
      email: `User.${user}@${pick(next, ["example.com", "mail.test", "corp.example.org"])}`,
      plan: pick(next, PLANS),
      quantity: 1 + Math.floor(next() * 5),
      products: [{ sku: `SKU-${user % 900}`, price, quantity: 1 }],
      tags: [pick(next, ["new", "sale", "gift"]), pick(next, ["blue", "red"])],
      internal_id: `int-${i}`,
      debug_info: "trace=abc123",
    },
    context: context(next, i),
  };
}

function pageEvent(next: () => number, i: number): JsonObject {
  const ctx = context(next, i);
  const page = ctx.page as JsonObject;
  return {
    type: "page",
    name: pick(next, ["Home", "Cart", "Blog"]),
    messageId: `msg-${i}`,
    anonymousId: `anon-${i % 5000}`,
    properties: { path: page.path!, url: page.url!, title: "Example Shop", referrer: page.referrer!, internal_id: `int-${i}` },
    context: ctx,
  };
}

function identifyEvent(next: () => number, i: number): JsonObject {
  return {
    type: "identify",
    messageId: `msg-${i}`,
    userId: `user-${i % 5000}`,
    traits: { email: `user${i % 5000}@example.com`, plan: pick(next, PLANS), name: "Ada Lovelace", internal_id: `int-${i}` },
    context: context(next, i),
  };
}

/** `count` events: 80% track, 12% page, 8% identify. */
export function makeEvents(count: number, seed = 12): JsonObject[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const roll = next();
    if (roll < 0.8) return trackEvent(next, i);
    return roll < 0.92 ? pageEvent(next, i) : identifyEvent(next, i);
  });
}

/** Names sort in creation order (the simulator runs a source's transformations by name). */
function base(k: number, condition: string): SimTransformation {
  return { name: `T${String(k).padStart(2, "0")}`, sourceId: SOURCE_ID, enabled: true, if: condition };
}

const name = (k: number): string => EVENT_NAMES[k % EVENT_NAMES.length]!;

/** The k-th transformation that tsub can run as well: a condition and one kind of property work. */
function sharedTransformation(k: number): SimTransformation {
  switch (k % 6) {
    case 0:
      return {
        ...base(k, `event = '${name(k)}'`),
        propertyRenames: [
          { oldName: "total", newName: `total_${k}` },
          { oldName: "sku", newName: "product_sku" },
        ],
      };
    case 1:
      return {
        ...base(k, `event in ['${name(k)}', '${name(k + 5)}'] and properties.currency = '${CURRENCIES[k % 4]}'`),
        allowProperties: ["revenue", "currency", "sku", "product_sku", "category", "email", "coupon"],
      };
    case 2:
      return {
        ...base(k, `event = '${name(k)}' and (contains(context.page.path, '/shop') or properties.revenue > ${(k * 7) % 150})`),
        propertyValueTransformations: [{ propertyPaths: [`properties.tier_${k}`, "context.campaign"], propertyValue: `tier-${k}` }],
      };
    case 3:
      return {
        ...base(k, `event = '${name(k)}' and match(properties.sku, 'SKU-${(k % 9) + 1}*')`),
        newEventName: `${name(k)} (qualified)`,
      };
    case 4:
      return {
        ...base(
          k,
          `event = 'Debug Ping' and contains(context.page.path, '/internal') and context.library.version = '${k % 8 < 4 ? "4.1.0" : "5.2.0"}' or properties.internal_id = 'int-${k * 31}'`,
        ),
        drop: true,
      };
    default:
      return {
        ...base(
          k,
          `event != '${name(k)}' and properties.plan = '${PLANS[k % 3]}' and context.locale = 'de-DE' and properties.quantity >= ${(k % 5) + 2}`,
        ),
        propertyRenames: [{ oldName: "debug_info", newName: `debug_${k}` }],
      };
  }
}

export function sharedTransformations(count = 50): SimTransformation[] {
  return Array.from({ length: count }, (_, k) => sharedTransformation(k));
}

/** What only transync does: FQL-defined properties and hashes, with conditions that use its functions. */
function extraTransformation(k: number): SimTransformation {
  switch (k % 3) {
    case 0:
      return {
        ...base(k, `event = '${name(k)}' and typeof(properties.coupon) = 'string'`),
        fqlDefinedProperties: [{ fql: "lowercase(properties.coupon)", propertyName: "properties.coupon_code" }],
      };
    case 1:
      return {
        ...base(k, `event in ['${name(k)}', '${name(k + 3)}'] and length(properties.email) > 5`),
        hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" },
      };
    default:
      return {
        ...base(k, `event = '${name(k)}' or uppercase(properties.category) = 'GARDEN' and properties.revenue < ${(k * 3) % 60}`),
        fqlDefinedProperties: [{ fql: "snakecase(event)", propertyName: "properties.event_key" }],
      };
  }
}

/** 35 transformations of the shared kinds and 15 of transync's own, interleaved by name. */
export function fullTransformations(count = 50): SimTransformation[] {
  return Array.from({ length: count }, (_, k) => (k % 10 < 7 ? sharedTransformation(k) : extraTransformation(k)));
}
