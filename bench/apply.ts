/**
 * Benchmark of `transync apply` at default settings: against emulator limits of R = 5, 20
 * and 50 requests/s that transync is not told (shown only through X-RateLimit-* headers and 429s),
 * each run sized to about `--seconds` (N = R × seconds / 4 creates, then as many updates; each write is
 * read back).
 * Targets per R: calls/s ≥ 90% of R, ≤ 1% of replies answered 429, end state equal to desired.
 * Exits 1 on a miss.
 *
 * Then the mass change of issue 25 at R = 20 (`runMassChange`): 400 creates (≥ 90% of R), then 400
 * updates in ≤ 1.1 × (requests made) / R, ≤ 1% 429 over both, end state equal; prints the requests
 * per update.
 *
 * Run: `npm run bench:apply -- [--shape window|bucket|both] [--seconds S] [--only limits|mass] [R ...]`
 * (defaults: both shapes, 20 s, R = 5 20 50, both parts). `window`: fixed one-second windows, as
 * Segment's headers describe; `bucket`: a token bucket of R.
 */
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatApplyBench, formatMassChange, runApplyBench, runMassChange, type LimitShape, type StartEmulator } from "./apply-run.js";
import { startChildEmulator, writeJson } from "./support.js";

const MIN_ACHIEVED = 0.9;
const MAX_REJECTED = 0.01;
/** Mass change: an apply of U updates takes at most this times (requests made) / R. */
const MAX_OVER_FLOOR = 1.1;
const MASS_RATE = 20;
const MASS_OBJECTS = 400;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { shape: { type: "string", default: "both" }, seconds: { type: "string", default: "20" }, only: { type: "string" } },
});
const shapes: LimitShape[] = values.shape === "both" ? ["window", "bucket"] : [values.shape as LimitShape];
const rates = positionals.length > 0 ? positionals.map(Number) : [5, 20, 50];
const seconds = Number(values.seconds);

const childEmulator: StartEmulator = async (config, dir) => {
  const path = join(dir, "emulator.json");
  writeJson(path, config);
  return startChildEmulator(path);
};

console.log(
  `apply at default settings (no --rate) against server limits the client is not told; targets: >= ${100 * MIN_ACHIEVED}% of R, <= ${100 * MAX_REJECTED}% 429, end state equal`,
);
// The figures include the CLI's own work (reading YAML, planning, comparing): on a loaded machine that, not pacing, is what falls short.
console.log(
  `  ${cpus().length} CPUs, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
let missed = 0;
for (const shape of values.only === "mass" ? [] : shapes) {
  for (const rate of rates) {
    const result = await runApplyBench({ rate, shape, seconds, startEmulator: childEmulator });
    const ok = result.achieved >= MIN_ACHIEVED && result.rejectedShare <= MAX_REJECTED && result.converged;
    if (!ok) missed += 1;
    console.log(`  ${ok ? "ok  " : "MISS"} ${formatApplyBench(result)}`);
  }
}
if (values.only !== "limits") {
  const mass = await runMassChange({ rate: MASS_RATE, objects: MASS_OBJECTS, startEmulator: childEmulator });
  for (const line of formatMassChange(mass)) console.log(`  ${line}`);
  const ok =
    mass.createsAchieved >= MIN_ACHIEVED && mass.updatesOverFloor <= MAX_OVER_FLOOR && mass.rejectedShare <= MAX_REJECTED && mass.converged;
  console.log(
    `  ${ok ? "ok  " : "MISS"} mass change: creates >= ${100 * MIN_ACHIEVED}% of R, updates <= ${MAX_OVER_FLOOR} x (requests)/R, <= ${100 * MAX_REJECTED}% 429, end state equal`,
  );
  if (!ok) missed += 1;
}
console.log(missed === 0 ? "all targets met" : `${missed} run(s) missed a target`);
process.exitCode = missed === 0 ? 0 : 1;
