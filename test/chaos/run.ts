/**
 * The reliability suite: `npm run test:chaos` (= `tsx test/chaos/run.ts --full`), or
 * `npx tsx test/chaos/run.ts [--seed N] [--rounds N] [--full] [--only TEXT] [--cursors sequence|offset]`
 * (`--help` prints the flags: `run-args.ts`).
 * Prints one block of figures and exits 1 when a must-be-0 figure is not 0 or a scenario fails.
 */
import { parseChaosArgs, USAGE } from "./run-args.js";
import { defaultOptions, runSuite, SCENARIOS } from "./suite.js";

const args = parseChaosArgs(process.argv.slice(2));
if (args.kind === "help") {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (args.kind === "error") {
  process.stderr.write(`chaos: ${args.message}\n`);
  process.exit(1);
}
const seed = args.seed ?? Math.floor(Math.random() * 1_000_000);
const options = defaultOptions({
  seed,
  full: args.full,
  ...(args.rounds !== undefined ? { rounds: args.rounds } : {}),
  ...(args.offsetCursors !== undefined ? { offsetCursors: args.offsetCursors } : {}),
});
const only = args.only;
if (only !== undefined && !SCENARIOS.some((s) => s.name.includes(only))) {
  process.stderr.write(
    `chaos: --only ${JSON.stringify(only)} names no scenario; the scenarios: ${SCENARIOS.map((s) => JSON.stringify(s.name)).join(", ")}\n`,
  );
  process.exit(1);
}
process.stderr.write(
  `chaos: seed ${seed}, ${options.rounds} rounds, ${options.full ? "full" : "short"} run (repeat with --seed ${seed})\n`,
);
const suite = await runSuite(options, only ? (s) => s.name.includes(only) : undefined, (line) => process.stderr.write(`${line}\n`));
process.stdout.write(suite.report);
process.exitCode = suite.passed ? 0 : 1;
