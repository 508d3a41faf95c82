/**
 * The reliability suite: `npm run test:chaos` (= `tsx test/chaos/run.ts --full`), or
 * `npx tsx test/chaos/run.ts [--seed N] [--rounds N] [--full] [--only TEXT] [--offset-cursors]`.
 * Prints one block of figures and exits 1 when a must-be-0 figure is not 0 or a scenario fails.
 */
import { parseArgs } from "node:util";
import { defaultOptions, runSuite } from "./suite.js";

const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    rounds: { type: "string" },
    full: { type: "boolean", default: false },
    only: { type: "string" },
    "offset-cursors": { type: "boolean" },
  },
});

function whole(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`chaos: --${name} must be a whole number, got "${text}"\n`);
    process.exit(1);
  }
  return n;
}

const seed = whole("seed", values.seed) ?? Math.floor(Math.random() * 1_000_000);
const rounds = whole("rounds", values.rounds);
const options = defaultOptions({
  seed,
  full: values.full,
  ...(rounds !== undefined ? { rounds } : {}),
  ...(values["offset-cursors"] !== undefined ? { offsetCursors: values["offset-cursors"] } : {}),
});
const only = values.only;
process.stderr.write(`chaos: seed ${seed}, ${options.rounds} rounds, ${options.full ? "full" : "short"} run (repeat with --seed ${seed})\n`);
const suite = await runSuite(options, only ? (s) => s.name.includes(only) : undefined, (line) => process.stderr.write(`${line}\n`));
process.stdout.write(suite.report);
process.exitCode = suite.passed ? 0 : 1;
