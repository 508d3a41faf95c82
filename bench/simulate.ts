/**
 * Benchmark of the event simulator (`src/simulate/`): events per second through 50 transformations
 * on one source, and the same matching and property work done by Segment's own engine, @segment/tsub.
 * Run: npx tsx bench/simulate.ts
 * Targets: over 100,000 events/s with the full mix; transync at least as fast as tsub (ratio >= 1).
 * Like for like: the same events, 50 rules each, warm-up rounds, then the median of interleaved rounds.
 * tsub changes events in place, so it gets fresh copies made outside its timed section (transync's
 * copy-on-write is inside its own); its matcher parses the IR JSON on every call, as in analytics.js.
 */
import { isDeepStrictEqual } from "node:util";
import { runChain } from "../src/simulate/transform-chain.js";
import { createFqlEngine } from "../src/simulate/fql-engine.js";
import type { JsonObject, JsonValue, SimTransformation } from "../src/simulate/types.js";
import { mb } from "./support.js";
import { fullTransformations, makeEvents, sharedTransformations, SOURCE_ID } from "./simulate-workload.js";
import { runTsub, toTsubRules } from "./tsub-rules.js";

const EVENTS = 10_000;
const WARMUP_ROUNDS = 2;
const ROUNDS = 7;
const TARGET_EVENTS_PER_SECOND = 100_000;
const TARGET_RATIO = 1;

const engine = createFqlEngine();

/**
 * One pass over the events: events per CPU second of this process (the machine is shared, so wall
 * time also counts waiting for a core) and per wall second. `sink` keeps results alive.
 */
interface Rate {
  cpu: number;
  wall: number;
}
let sink = 0;
function timed(count: number, run: () => void): Rate {
  const cpu = process.cpuUsage();
  const started = performance.now();
  run();
  const wallSeconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { cpu: count / ((used.user + used.system) / 1e6), wall: count / wallSeconds };
}

function transyncRound(ts: readonly SimTransformation[], events: readonly JsonObject[]): Rate {
  return timed(events.length, () => {
    for (const event of events) sink += runChain(ts, event, { sourceId: SOURCE_ID, engine }).matched.length;
  });
}

function tsubRound(rules: ReturnType<typeof toTsubRules>, events: readonly JsonObject[]): Rate {
  const copies = events.map((event) => structuredClone(event));
  return timed(events.length, () => {
    for (const copy of copies) if (runTsub(rules, copy) === null) sink++;
  });
}

function median(rates: Rate[], key: keyof Rate): number {
  const sorted = rates.map((rate) => rate[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Events whose output differs between the two engines on the shared transformations. */
function disagreements(ts: readonly SimTransformation[], events: readonly JsonObject[]): number {
  const rules = toTsubRules(ts);
  let differ = 0;
  for (const event of events) {
    const ours: JsonValue | null = runChain(ts, event, { sourceId: SOURCE_ID, engine }).event;
    if (!isDeepStrictEqual(ours, runTsub(rules, structuredClone(event)))) differ++;
  }
  return differ;
}

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
const show = (rates: Rate[]): string => `${fmt(median(rates, "cpu"))} events/s (wall clock: ${fmt(median(rates, "wall"))})`;

/** How much of the workload applies: transformations matched per event and events dropped. */
function coverage(ts: readonly SimTransformation[], events: readonly JsonObject[]): string {
  let matched = 0;
  let dropped = 0;
  for (const event of events) {
    const result = runChain(ts, event, { sourceId: SOURCE_ID, engine });
    matched += result.matched.length;
    if (result.dropped) dropped++;
  }
  return `${(matched / events.length).toFixed(2)} transformations applied per event, ${dropped} events dropped`;
}

function main(): void {
  const events = makeEvents(EVENTS);
  const full = fullTransformations();
  const shared = sharedTransformations();
  const rules = toTsubRules(shared);

  const fullRates: Rate[] = [];
  const sharedRates: Rate[] = [];
  const tsubRates: Rate[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const rates = [transyncRound(full, events), transyncRound(shared, events), tsubRound(rules, events)] as const;
    if (round < WARMUP_ROUNDS) continue;
    fullRates.push(rates[0]);
    sharedRates.push(rates[1]);
    tsubRates.push(rates[2]);
  }
  const differ = disagreements(shared, events);
  const fullRate = median(fullRates, "cpu");
  const ratio = median(sharedRates, "cpu") / median(tsubRates, "cpu");
  const peakRss = process.resourceUsage().maxRSS * 1024;

  console.log(
    `${fmt(EVENTS)} events of one source; median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds; events per CPU second of this process`,
  );
  console.log(
    `transync, full mix of 50 transformations (${coverage(full, events)}): ${show(fullRates)} (target > ${fmt(TARGET_EVENTS_PER_SECOND)})`,
  );
  console.log(`shared work, 50 rules (drop, allow, rename, set; ${coverage(shared, events)}):`);
  console.log(`  transync ${show(sharedRates)}`);
  console.log(`  @segment/tsub ${show(tsubRates)}`);
  console.log(`ratio transync / tsub: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO.toFixed(2)}x)`);
  console.log(`outputs that differ between the engines: ${differ} of ${fmt(EVENTS)} (target 0)`);
  console.log(`peak RSS: ${mb(peakRss)}`);
  if (sink < 0) console.log("unreachable");
  if (fullRate < TARGET_EVENTS_PER_SECOND || ratio < TARGET_RATIO || differ > 0) process.exitCode = 1;
}

main();
