/**
 * The chaos runner's command line (`test/chaos/run.ts`): flags read into options, `--help`, and a
 * clear error for anything else. Pure, so `run-args.test.ts` checks it without starting a run.
 */
import { parseArgs } from "node:util";

export const USAGE = `Usage: npx tsx test/chaos/run.ts [flags]

The reliability suite (docs/reliability.md): seeded scenarios against the emulator and lying servers.
Prints one block of figures; exits 1 when a must-be-0 figure is not 0 or a scenario fails.

Flags:
  --seed N                    seed of every random choice (default: random, printed first)
  --rounds N                  randomized rounds of scenario 1 (default 3, or 30 with --full)
  --full                      the full sizes (npm run test:chaos); without it, the short sizes
  --only TEXT                 run only the scenarios whose name contains TEXT
  --cursors sequence|offset   scenario 1's emulator cursors (default: offset, as the real service)
  -h, --help                  print this help and exit 0
`;

const OPTIONS = {
  seed: { type: "string" },
  rounds: { type: "string" },
  full: { type: "boolean", default: false },
  only: { type: "string" },
  cursors: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** What the command line asks for: a run, the help, or an error to print (then exit 1). */
export type ChaosArgs =
  | { kind: "help" }
  | { kind: "error"; message: string }
  | { kind: "run"; seed?: number; rounds?: number; full: boolean; only?: string; offsetCursors?: boolean };

class ArgsError extends Error {}

function whole(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < 0)
    throw new ArgsError(`--${name} must be a whole number, got ${JSON.stringify(text)}`);
  return n;
}

function cursors(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (text !== "sequence" && text !== "offset") throw new ArgsError(`--cursors must be sequence or offset, got ${JSON.stringify(text)}`);
  return text === "offset";
}

/** The first unknown flag or stray argument, named as the user wrote it (parseArgs's own text suggests `--`, which does not apply). */
function unknownArgument(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === "positional") return `unexpected argument ${JSON.stringify(token.value)}`;
    if (token.kind === "option" && !(token.name in OPTIONS)) return `unknown flag ${JSON.stringify(token.rawName)}`;
  }
  return undefined;
}

/** Reads the runner's arguments (without `node` and the script). */
export function parseChaosArgs(argv: readonly string[]): ChaosArgs {
  const unknown = unknownArgument(argv);
  if (unknown !== undefined) return { kind: "error", message: `${unknown} (see --help)` };
  try {
    const { values } = parseArgs({ args: [...argv], options: OPTIONS });
    if (values.help) return { kind: "help" };
    const seed = whole("seed", values.seed);
    const rounds = whole("rounds", values.rounds);
    const offsetCursors = cursors(values.cursors);
    return {
      kind: "run",
      full: values.full,
      ...(seed !== undefined ? { seed } : {}),
      ...(rounds !== undefined ? { rounds } : {}),
      ...(values.only !== undefined ? { only: values.only } : {}),
      ...(offsetCursors !== undefined ? { offsetCursors } : {}),
    };
  } catch (error) {
    return { kind: "error", message: `${error instanceof Error ? error.message : String(error)} (see --help)` };
  }
}
