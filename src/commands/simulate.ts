import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError, ValidationError } from "../errors.js";
import { resolveDestinationRef, resolveSourceRef } from "../desired/source-refs.js";
import { resolveSecretsWhereSet } from "../plan/secrets.js";
import { runChain } from "../simulate/transform-chain.js";
import { SimulationBudget, SimulationBudgetError } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";
import { MAX_EVENT_DEPTH, nestsDeeperThan } from "../simulate/json.js";
import type { JsonValue } from "../simulate/types.js";
import { SIMULATE_RENDERERS } from "../report/simulate-result.js";
import { defaultFormat, type Format } from "../report/formats.js";
import { readDesired, type SourceFlags } from "../pipeline/desired-input.js";
import { readUserFile, readUserStdin } from "../desired/read-user-file.js";

export interface SimulateOptions extends SourceFlags {
  source: string;
  destination?: string;
  event?: string;
  format?: Format<"simulate">;
}

/**
 * `transync simulate`: the desired Transformations applied to one event, offline (docs/simulator.md).
 * Prints the output event as JSON, or `dropped`; `--format json` prints
 * `{ dropped, event, matched, warnings }`. Exit 0, or 1 on bad input.
 */
export async function simulate(ctx: CliContext, options: SimulateOptions): Promise<ExitCode> {
  const desired = await readDesired(ctx, options);
  const env = options.env ?? desired.state.project.defaultEnvironment;
  const source = resolveSourceRef(options.source, desired.state.project.environments, env);
  if (!source.ok) throw new UsageError(`--source: ${source.message}.`);
  const destination =
    options.destination === undefined ? undefined : resolveDestinationRef(options.destination, desired.state.project.destinations);
  if (destination && !destination.ok) throw new UsageError(`--destination: ${destination.message}.`);
  const event = parseEvent(
    await readEventText(ctx, options.event),
    options.event === undefined || options.event === "-" ? "standard input" : options.event,
  );
  // The simulator hashes with the key's value: a `fromEnv` key is read here, where the environment is.
  const transformations = desired.state.resources.map((r) => resolveSecretsWhereSet(r.spec, ctx.env, r.name));
  if (!transformations.some((t) => t.sourceId === source.id)) {
    ctx.logger.warn(
      { source: options.source },
      `--source ${options.source}: no desired transformation has this source (check the id, or the alias and --env); the event comes out unchanged`,
    );
  }
  const result = simulateWithin(
    () =>
      runChain(transformations, event, {
        sourceId: source.id,
        destinationId: destination?.id,
        engine: createFqlEngine(new SimulationBudget()),
      }),
    options.event,
  );
  for (const warning of result.warnings) ctx.logger.warn(warning);
  ctx.stdout.write(SIMULATE_RENDERERS[options.format ?? defaultFormat("simulate")](result));
  return 0;
}

/** Runs the simulation; a used-up budget (docs/simulator.md, "The work budget") names the event. */
function simulateWithin<T>(run: () => T, file: string | undefined): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SimulationBudgetError)
      throw error.at(file === undefined || file === "-" ? "the event from standard input" : `the event in ${file}`);
    throw error;
  }
}

async function readEventText(ctx: CliContext, file: string | undefined): Promise<string> {
  if (file !== undefined && file !== "-") return readUserFile(ctx.cwd, file, "--event");
  if (!ctx.stdin || ctx.stdin.isTTY) throw new UsageError("no event: pass --event event.json, or pipe the event (JSON) on standard input.");
  return readUserStdin(ctx.stdin, "the event", undefined, ctx.signal);
}

function parseEvent(text: string, where: string): JsonValue {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(
      `the event in ${where} is not valid JSON (${(error as Error).message}); give one JSON object, e.g. {"type":"track","event":"Order Completed","properties":{}}.`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ValidationError(
      `the event in ${where} is not a JSON object; give one event, e.g. {"type":"track","event":"Order Completed","properties":{}}.`,
    );
  }
  if (nestsDeeperThan(value, MAX_EVENT_DEPTH)) {
    throw new ValidationError(
      `the event in ${where} is nested more than ${MAX_EVENT_DEPTH} levels deep; no real event is, so this is not simulated.`,
    );
  }
  return value as JsonValue;
}
