/**
 * The reliability suite: `npm run test:chaos` (= `tsx test/chaos/run.ts --full`), or
 * `npx tsx test/chaos/run.ts [--seed N] [--rounds N] [--full] [--only TEXT] [--cursors sequence|offset]`.
 * Prints one block of figures and exits 1 when a must-be-0 figure is not 0 or a scenario fails.
 */
import { parseArgs } from "node:util";
import { defaultOptions, runSuite } from "./suite.js";

const OPTIONS = {
  seed: { type: "string" },
  rounds: { type: "string" },
  full: { type: "boolean", default: false },
  only: { type: "string" },
  cursors: { type: "string" },
} as const;

function parse() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    process.stderr.write(`chaos: ${error instanceof Error ? error.message : String(error)}\n`);
    return process.exit(1);
  }
}

const values = parse();

function whole(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`chaos: --${name} must be a whole number, got "${text}"\n`);
    process.exit(1);
  }
  return n;
}

if (values.cursors !== undefined && values.cursors !== "sequence" && values.cursors !== "offset") {
  process.stderr.write(`chaos: --cursors must be sequence or offset, got "${values.cursors}"\n`);
  process.exit(1);
}
const seed = whole("seed", values.seed) ?? Math.floor(Math.random() * 1_000_000);
const rounds = whole("rounds", values.rounds);
const options = defaultOptions({
  seed,
  full: values.full,
  ...(rounds !== undefined ? { rounds } : {}),
  ...(values.cursors !== undefined ? { offsetCursors: values.cursors === "offset" } : {}),
});
const only = values.only;
process.stderr.write(
  `chaos: seed ${seed}, ${options.rounds} rounds, ${options.full ? "full" : "short"} run (repeat with --seed ${seed})\n`,
);
const suite = await runSuite(options, only ? (s) => s.name.includes(only) : undefined, (line) => process.stderr.write(`${line}\n`));
process.stdout.write(suite.report);
process.exitCode = suite.passed ? 0 : 1;
