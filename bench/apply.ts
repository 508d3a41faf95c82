/**
 * Benchmark of `transync apply` at default settings: against emulator limits of R = 5, 20
 * and 50 requests/s that transync is not told (shown only through X-RateLimit-* headers and 429s),
 * each run sized to about `--seconds` (N = R × seconds / 4 creates, then as many updates; each write is
 * read back).
 * Targets per R: calls/s ≥ 90% of R, ≤ 1% of replies answered 429, end state equal to desired.
 * Exits 1 on a miss.
 *
 * Run: `npm run bench:apply -- [--shape window|bucket|both] [--seconds S] [R ...]`
 * (defaults: both shapes, 20 s, R = 5 20 50). `window`: fixed one-second windows, as Segment's
 * headers describe; `bucket`: a token bucket of R.
 */
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatApplyBench, runApplyBench, type LimitShape, type StartEmulator } from "./apply-run.js";
import { startChildEmulator, writeJson } from "./support.js";

const MIN_ACHIEVED = 0.9;
const MAX_REJECTED = 0.01;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { shape: { type: "string", default: "both" }, seconds: { type: "string", default: "20" } } });
const shapes: LimitShape[] = values.shape === "both" ? ["window", "bucket"] : [values.shape as LimitShape];
const rates = positionals.length > 0 ? positionals.map(Number) : [5, 20, 50];
const seconds = Number(values.seconds);

const childEmulator: StartEmulator = async (config, dir) => {
  const path = join(dir, "emulator.json");
  writeJson(path, config);
  return startChildEmulator(path);
};

console.log(`apply at default settings (no --rate) against server limits the client is not told; targets: >= ${100 * MIN_ACHIEVED}% of R, <= ${100 * MAX_REJECTED}% 429, end state equal`);
// The figures include the CLI's own work (reading YAML, planning, comparing): on a loaded machine that, not pacing, is what falls short.
console.log(`  ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
let missed = 0;
for (const shape of shapes) {
  for (const rate of rates) {
    const result = await runApplyBench({ rate, shape, seconds, startEmulator: childEmulator });
    const ok = result.achieved >= MIN_ACHIEVED && result.rejectedShare <= MAX_REJECTED && result.converged;
    if (!ok) missed += 1;
    console.log(`  ${ok ? "ok  " : "MISS"} ${formatApplyBench(result)}`);
  }
}
console.log(missed === 0 ? "all targets met" : `${missed} run(s) missed a target`);
process.exitCode = missed === 0 ? 0 : 1;
