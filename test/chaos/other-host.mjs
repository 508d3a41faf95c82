/**
 * Preload (`node --import`) that makes a transync process run as another host sharing the lock
 * folder: `CHAOS_HOSTNAME` replaces os.hostname() (ESM named imports too, through
 * syncBuiltinESMExports) and `CHAOS_CLOCK_SKEW_MS` moves Date (Date.now(), new Date()) by that much.
 * Timers are left alone: another host's clock is set differently, it does not run at another speed.
 * Used by test/chaos/scenarios/clock-skew.ts and lock-links.ts.
 */
import { createRequire, syncBuiltinESMExports } from "node:module";

const require = createRequire(import.meta.url);
const os = require("node:os");
const name = process.env.CHAOS_HOSTNAME;
const skewMs = Number(process.env.CHAOS_CLOCK_SKEW_MS ?? "0");

if (name) {
  os.hostname = () => name;
  syncBuiltinESMExports();
}

if (skewMs) {
  const RealDate = globalThis.Date;
  class SkewedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + skewMs);
      else super(...args);
    }
    static now() {
      return RealDate.now() + skewMs;
    }
  }
  globalThis.Date = SkewedDate;
}
