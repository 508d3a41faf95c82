import { CommanderError } from "commander";
import { createLogger, isLogLevel, LOG_LEVELS, withStatusLine } from "./log.js";
import { UsageError, errorReport, exitCodeOf } from "./errors.js";
import { redactingStream, secretsFromEnv, type SecretRegistry } from "./secrets/redact.js";
import { withCutRedactor } from "./secrets/redact-cuts.js";
import { escapeControls, fencedStream } from "./escape/text-escape.js";
import type { CliContext, ExitCode } from "./pipeline/context.js";
import { buildProgram } from "./cli/program.js";
import type { CommandResultSink } from "./cli/define.js";

/** Re-exported for tests that parse arguments with the real program (test/reconcile/kubernetes.test.ts). */
export { buildProgram };

export interface MainOverrides {
  stdout?: CliContext["stdout"];
  stderr?: CliContext["stderr"];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdin?: CliContext["stdin"];
  signal?: AbortSignal;
  clock?: CliContext["clock"];
}

/** Runs the CLI and returns the exit code. `argv` is `process.argv` shaped (node, script, ...args). */
export async function main(argv: readonly string[], overrides: MainOverrides = {}): Promise<ExitCode> {
  const env = overrides.env ?? process.env;
  const secrets = secretsFromEnv(env);
  // Text the run cuts short is redacted before the cut, wherever the cut is (src/secrets/redact-cuts.ts).
  return withCutRedactor(
    (text) => secrets.redact(text),
    () => run(argv, overrides, env, secrets),
  );
}

async function run(argv: readonly string[], overrides: MainOverrides, env: NodeJS.ProcessEnv, secrets: SecretRegistry): Promise<ExitCode> {
  // Every byte written goes through the redactor: the last fence for the token and hash keys; and
  // through the text fence: no raw control character, no workflow command (src/escape/text-escape.ts).
  const stdout = redactingStream(fencedStream(overrides.stdout ?? process.stdout), secrets);
  // One status line (apply's progress) that log lines clear and redraw instead of writing after it.
  const stderr = withStatusLine(redactingStream(fencedStream(overrides.stderr ?? process.stderr), secrets));
  const controller = new AbortController();
  const signal = overrides.signal ?? controller.signal;
  let level: string;
  try {
    level = logLevelFrom(argv, env);
  } catch (error) {
    return handleError(error, { stderr });
  }
  const noColor = "NO_COLOR" in env && env.NO_COLOR !== "";
  // JSON logs for machines (CI, files, TRANSYNC_LOG_FORMAT=json); readable lines for a person at a terminal.
  const prettyLogs = Boolean(stderr.isTTY) && env.TRANSYNC_LOG_FORMAT !== "json";
  const ctx: CliContext = {
    stdout,
    stderr,
    env,
    cwd: overrides.cwd ?? process.cwd(),
    stdin: overrides.stdin ?? (overrides.stdout ? undefined : process.stdin),
    logger: createLogger({
      level,
      destination: { write: (s: string) => stderr.write(s) },
      pretty: prettyLogs ? { colorize: !noColor } : undefined,
    }),
    signal,
    color: Boolean(stdout.isTTY) && !noColor,
    secrets,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
  };
  const sink: CommandResultSink = { exitCode: 0 };
  const program = buildProgram(ctx, sink);
  try {
    await program.parseAsync([...argv]);
    return sink.exitCode;
  } catch (error) {
    return handleError(error, ctx, argv.includes("--debug"));
  }
}

/**
 * The level the logger starts with, before commander parses: `--log-level` (`--log-level X` or
 * `--log-level=X`; a value that is no level is commander's to report, with the choices), else
 * TRANSYNC_LOG_LEVEL in any case (a value that is no level is a UsageError), else info.
 */
function logLevelFrom(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const i = argv.indexOf("--log-level");
  const flag = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith("--log-level="))?.slice("--log-level=".length);
  if (flag !== undefined) return isLogLevel(flag) ? flag : "info";
  const fromEnv = env.TRANSYNC_LOG_LEVEL?.trim().toLowerCase();
  if (fromEnv === undefined || fromEnv === "") return "info";
  if (!isLogLevel(fromEnv))
    throw new UsageError(`TRANSYNC_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${env.TRANSYNC_LOG_LEVEL}".`);
  return fromEnv;
}

/**
 * An error no run caught (thrown from an event handler, a promise nobody awaited): shown like any
 * other, through the same fence and redactor as the run's own output, never as Node's raw stack,
 * which would print the token of a message or a `::`/`##[` workflow command unescaped.
 */
export function reportUncaught(
  error: unknown,
  env: NodeJS.ProcessEnv = process.env,
  stderr: { write(chunk: string): unknown } = process.stderr,
): ExitCode {
  const fenced = redactingStream(fencedStream(stderr), secretsFromEnv(env));
  fenced.write("\n");
  const code = handleError(error, { stderr: fenced }, false);
  fenced.write("This is a bug of transync (the error above came from outside any command's handling): please report it.\n");
  return code === 0 ? 1 : code;
}

/** The one place errors become output: a message (and its issues) on stderr, and an exit code. */
export function handleError(error: unknown, ctx: Pick<CliContext, "stderr">, debug = false): ExitCode {
  if (error instanceof CommanderError) {
    // commander already printed its message (help, version, or a usage error).
    return error.exitCode === 0 ? 0 : 1;
  }
  // A file-system or network error that no command wrapped is still the user's to fix, not a bug.
  // Messages quote files, names and the API: each line shown escaped (src/escape/text-escape.ts);
  // a message's own line breaks (a list of objects) are kept.
  const line = (text: string): void => void ctx.stderr.write(`${text.split("\n").map(escapeControls).join("\n")}\n`);
  const { message, details } = errorReport(error);
  line(message);
  for (const detail of details) line(escapeControls(detail));
  if (debug && error instanceof Error && error.stack) ctx.stderr.write(`${error.stack}\n`);
  return exitCodeOf(error);
}
