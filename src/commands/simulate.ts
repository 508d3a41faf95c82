import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError, ValidationError } from "../errors.js";
import { resolveDestinationRef, resolveSourceRef } from "../desired/source-refs.js";
import { resolveSecretsWhereSet } from "../plan/secrets.js";
import { runChain } from "../simulate/transform-chain.js";
import { runPipeline } from "../simulate/pipeline.js";
import { describeInteraction, interactingFilters } from "../kinds/destination-filter/interactions.js";
import { simulatedInstances } from "../simulate/test-cases/instances.js";
import { keepProbabilityNote } from "../simulate/test-cases/run-cases.js";
import { escapeControls } from "../escape/text-escape.js";
import { SimulationBudget, SimulationBudgetError } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";
import { MAX_EVENT_DEPTH, nestsDeeperThan } from "../simulate/json.js";
import type { JsonValue } from "../simulate/types.js";
import { SIMULATE_RENDERERS, type SimulateResult } from "../report/simulate-result.js";
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
 * `{ dropped, event, matched, warnings }`. A `--destination` that is an alias of `connections:` runs
 * the whole pipeline (docs/simulator.md, "The whole pipeline"): the instance's filters too, and the
 * report says where the event stopped. Exit 0, or 1 on bad input.
 */
export async function simulate(ctx: CliContext, options: SimulateOptions): Promise<ExitCode> {
  const desired = await readDesired(ctx, options);
  const env = options.env ?? desired.state.project.defaultEnvironment;
  const source = resolveSourceRef(options.source, desired.state.project.environments, env);
  if (!source.ok) throw new UsageError(`--source: ${source.message}.`);
  const instance = options.destination === undefined ? undefined : simulatedInstances(desired.state, env).get(options.destination);
  const destination =
    options.destination === undefined || instance !== undefined
      ? undefined
      : resolveDestinationRef(options.destination, desired.state.project.destinations);
  if (destination && !destination.ok) throw new UsageError(`--destination: ${destination.message}.`);
  if (instance !== undefined && instance.sourceId !== source.id)
    throw new UsageError(
      `--destination ${escapeControls(options.destination!)} is an instance of source ${escapeControls(instance.connection.sourceAlias ?? instance.sourceId)} (connections: in transync.yaml), not of --source ${escapeControls(options.source)}.`,
    );
  const event = parseEvent(
    await readEventText(ctx, options.event),
    options.event === undefined || options.event === "-" ? "standard input" : options.event,
  );
  // The simulator hashes with the key's value: a `fromEnv` key is read here, where the environment is.
  const transformations = desired.state.resources.map((r) => resolveSecretsWhereSet(r.spec, ctx.env, r.name));
  if (instance === undefined && !transformations.some((t) => t.sourceId === source.id)) {
    ctx.logger.warn(
      { source: options.source },
      `--source ${options.source}: no desired transformation has this source (check the id, or the alias and --env); the event comes out unchanged`,
    );
  }
  const engine = createFqlEngine(new SimulationBudget());
  const actionOrder = desired.state.project.filters?.actionOrder;
  const result: SimulateResult = simulateWithin(
    () =>
      instance === undefined
        ? runChain(transformations, event, { sourceId: source.id, destinationId: destination?.id, engine })
        : runPipeline(transformations, event, { sourceId: source.id, destination: instance, engine, actionOrder }),
    options.event,
  );
  for (const warning of result.warnings) ctx.logger.warn(escapeControls(warning));
  for (const interaction of instance === undefined ? [] : interactingFilters(instance.filters))
    ctx.logger.warn(escapeControls(describeInteraction(interaction)));
  if (result.keepProbability !== undefined && result.keepProbability > 0 && result.keepProbability < 1)
    ctx.logger.warn(keepProbabilityNote(result.keepProbability));
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
