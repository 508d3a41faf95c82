import type { CliContext } from "./context.js";
import type { ErrorIssue } from "../errors.js";
import { ValidationError } from "../errors.js";
import { resolveDestinationRef, resolveSourceRef } from "../desired/source-refs.js";
import type { ProjectConfig } from "../desired/types.js";
import { readDetails } from "../live/read-details.js";
import { hashKeyValues } from "../plan/secrets.js";
import type { EventSection } from "../report/render-event-changes.js";
import { SimulationBudget } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";
import { eventChanges, type ChangedFilter, type SampleEvent } from "../simulate/plan-events.js";
import type { BuiltPlan } from "./build-plan.js";
import { eventSets } from "./event-sets.js";
import type { RawSample } from "./read-events.js";
import { simulatedInstances, FILTER_KIND, type SimulatedInstance } from "../simulate/test-cases/instances.js";
import { withLiveFilters } from "./live-filters.js";
import type { SimFilter } from "../simulate/filter-stage.js";
import type { Plan } from "../plan/types.js";

/**
 * `plan --events`: the sample events run through the live transformations and through the plan's,
 * per changed transformation. Deleted objects of the samples' sources that the plan read from the
 * list only are read with `get` first (the list omits fqlDefinedProperties). Read-only: the plan is
 * unchanged.
 */
export async function planEventSection(
  ctx: CliContext,
  built: BuiltPlan,
  samples: readonly SampleEvent[],
  from: string,
): Promise<EventSection> {
  const sources = new Set(samples.map((s) => s.sourceId));
  const detailed = new Set(built.plan.detailedIds);
  const unread = built.plan.actions.filter((a) => a.kind === "delete" && sources.has(a.sourceId) && !detailed.has(a.id)).map((a) => a.id!);
  const live = await readDetails(built.api, built.live, unread, { signal: ctx.signal });
  // Keys of the recorded commit's documents are simulated too: the redactor must know them.
  for (const key of hashKeyValues(built.basis?.documents.map((d) => d.spec) ?? [], ctx.env)) ctx.secrets.add(key);
  const sets = eventSets(built.plan, live, built.desired.state.resources, built.basis, ctx.env);
  const changes = eventChanges({
    live: sets.live,
    desired: sets.desired,
    changed: sets.changed,
    events: samples,
    engine: createFqlEngine(new SimulationBudget()),
    actionOrder: built.desired.state.project.filters?.actionOrder,
    changedFilters: changedFilters(built.plan),
  });
  ctx.logger.debug({ events: samples.length, gets: unread.length, failed: changes.failed }, "simulated the sample events");
  return { from, changes, unknownWriteOnly: sets.unknownWriteOnly, aliases: built.refs.aliases };
}

/** The plan's Destination Filter actions, as the event section names them. */
function changedFilters(plan: Plan): ChangedFilter[] {
  return plan.actions
    .filter((a) => a.resource === FILTER_KIND)
    .map((a) => ({
      kind: a.kind,
      name: a.name,
      ...(a.id !== undefined ? { id: a.id } : {}),
      ...(a.place !== undefined ? { place: a.place } : {}),
    }));
}

function liveOf(instance: SimulatedInstance & { liveFilters?: readonly SimFilter[] }): { liveFilters?: readonly SimFilter[] } {
  return instance.liveFilters !== undefined ? { liveFilters: instance.liveFilters } : {};
}

/** The sample events of `--events` with their sources and destinations as ids (the plan's `--volumes` estimates use them too). */
export function planSamples(built: BuiltPlan, raw: readonly RawSample[]): SampleEvent[] {
  const env = built.desired.origin.env;
  const instances = withLiveFilters(simulatedInstances(built.desired.state, env), built);
  return resolveSamples(raw, built.desired.state.project, env, instances).map((sample) => ({
    ...sample,
    // A sample may name a source or destination by slug, as the documents do: the same ids.
    sourceId: built.refs.sourceId(sample.sourceId),
    ...(sample.destinationId !== undefined ? { destinationId: built.refs.destinationId(sample.destinationId) } : {}),
  }));
}

/**
 * Each sample's source (an alias of the environment, or an id) and destination (an alias of
 * `destinations:`, or an id), as `simulate` takes them; a destination that is an alias of
 * `connections:` is that instance: its filters run between the two groups of transformations.
 */
function resolveSamples(
  raw: readonly RawSample[],
  project: ProjectConfig,
  env: string | undefined,
  instances: ReadonlyMap<string, SimulatedInstance>,
): SampleEvent[] {
  const issues: ErrorIssue[] = [];
  const samples: SampleEvent[] = [];
  for (const sample of raw) {
    const source = resolveSourceRef(sample.source, project.environments, env);
    const instance = sample.destination === undefined ? undefined : instances.get(sample.destination);
    const destination =
      sample.destination === undefined || instance !== undefined
        ? undefined
        : resolveDestinationRef(sample.destination, project.destinations);
    if (!source.ok) issues.push({ where: sample.where, message: `source: ${source.message}.` });
    else if (destination && !destination.ok) issues.push({ where: sample.where, message: `destination: ${destination.message}.` });
    else if (instance !== undefined && instance.sourceId !== source.id)
      issues.push({
        where: sample.where,
        message: `destination "${instance.alias}" is an instance of another source (connections: in transync.yaml).`,
      });
    else
      samples.push({
        where: sample.where,
        sourceId: source.id,
        ...(destination ? { destinationId: destination.id } : {}),
        ...(instance?.typeId !== undefined ? { destinationId: instance.typeId } : {}),
        ...(instance !== undefined ? { instance: { alias: instance.alias, filters: instance.filters, ...liveOf(instance) } } : {}),
        event: sample.event,
      });
  }
  if (issues.length > 0)
    throw new ValidationError(
      `${issues.length} sample event${issues.length === 1 ? " names a source or destination" : "s name sources or destinations"} that cannot be resolved.`,
      issues.slice(0, 20),
    );
  return samples;
}
