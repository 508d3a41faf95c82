import type { DesiredResource } from "../model/desired-resource.js";
import { isTransformationAction } from "../plan/kind-actions.js";
import type { LiveState } from "../model/live-state.js";
import type { DocumentInput, HashPropertiesConfiguration, HashKey, Transformation } from "../model/transformation.js";
import type { Plan, UpdateAction, WriteOnlyBasisInput } from "../plan/index.js";
import { resolveSecretsWhereSet } from "../plan/secrets.js";
import { recordedWriteOnly, type RecordedWriteOnly } from "../plan/write-only.js";
import type { ChangedTransformation } from "../simulate/plan-events.js";
import type { SimTransformation } from "../simulate/types.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The transformations before and after the plan, as the simulator runs them, and what the plan changes. */
export interface EventSets {
  live: SimTransformation[];
  desired: SimTransformation[];
  changed: ChangedTransformation[];
  /** Deleted objects whose write-only fields nothing records (simulated without drop and hash). */
  unknownWriteOnly: string[];
}

interface WriteOnly {
  drop?: boolean;
  hashPropertiesConfiguration?: HashPropertiesConfiguration<HashKey>;
}

/**
 * Live: every live object, with the write-only fields the API never returns (drop, hash) taken from
 * what the plan knows: the recorded value where the plan shows a change from it, else the document
 * that manages the object (the plan holds them equal or unverifiable), else the recorded commit's
 * document of that id or name. Desired: live with the plan applied (deletes gone, updated and created
 * objects as their documents say). `fromEnv` hash keys are resolved from `env` (never printed).
 */
export function eventSets(
  plan: Plan,
  live: LiveState,
  resources: readonly DesiredResource[],
  basis: WriteOnlyBasisInput | undefined,
  env: Env,
): EventSets {
  const docs = new Map(resources.map((r) => [r.name, r]));
  const recorded = recordedWriteOnly(basis);
  const actions = new Map(plan.actions.flatMap((a) => (a.id !== undefined ? [[a.id, a] as const] : [])));
  const managed = new Map(plan.unchanged.map((u) => [u.id, docs.get(u.name)]));
  const sets: EventSets = { live: [], desired: [], changed: [], unknownWriteOnly: [] };
  const liveById = new Map(live.transformations.map((t) => [t.id, t]));
  for (const object of live.transformations) {
    const action = actions.get(object.id);
    if (action?.kind === "update") {
      sets.live.push(simulated(object, writeOnlyBefore(action, docs.get(action.name)!), env));
      continue;
    }
    const doc = managed.get(object.id);
    const known = doc ? writeOnlyOf(doc.spec) : fromRecord(recorded, object);
    const sim = simulated(object, known ?? {}, env);
    sets.live.push(sim);
    if (action?.kind !== "delete") sets.desired.push(sim);
    else if (known === undefined) sets.unknownWriteOnly.push(object.name);
  }
  // Another kind's actions touch no source's events (and its names are not the Transformations').
  for (const action of plan.actions.filter(isTransformationAction)) {
    const object = action.id !== undefined ? liveById.get(action.id) : undefined;
    const doc = action.kind === "delete" ? undefined : docs.get(action.name)!;
    if (doc) sets.desired.push(resolveSecretsWhereSet(doc.spec, env, doc.name));
    sets.changed.push({
      kind: action.kind,
      name: action.name,
      ...(action.id !== undefined ? { id: action.id } : {}),
      ...(object ? { live: side(object) } : {}),
      ...(doc ? { desired: side(doc.spec) } : {}),
    });
  }
  return sets;
}

function side(t: { name: string; sourceId: string }): { name: string; sourceId: string } {
  return { name: t.name, sourceId: t.sourceId };
}

function writeOnlyOf(spec: DocumentInput): WriteOnly {
  return { drop: spec.drop, hashPropertiesConfiguration: spec.hashPropertiesConfiguration };
}

/** The live object's write-only values before an update: those the plan shows changing from the record, else the document's. */
function writeOnlyBefore(action: UpdateAction, doc: DesiredResource): WriteOnly {
  const values = writeOnlyOf(doc.spec);
  for (const change of action.changes) {
    if (change.from !== "record") continue;
    if (change.field === "drop") values.drop = change.before === true;
    if (change.field === "hashPropertiesConfiguration")
      values.hashPropertiesConfiguration = (change.before ?? undefined) as WriteOnly["hashPropertiesConfiguration"];
  }
  return values;
}

function fromRecord(recorded: RecordedWriteOnly, object: Transformation): WriteOnly | undefined {
  const view = recorded({ name: object.name, id: object.id });
  if (view === undefined) return undefined;
  return {
    drop: view.drop === true,
    hashPropertiesConfiguration: (view.hashPropertiesConfiguration ?? undefined) as WriteOnly["hashPropertiesConfiguration"],
  };
}

/** A live object as the simulator takes it: input fields only, write-only fields filled in, its hash key resolved. */
function simulated(object: Transformation, writeOnly: WriteOnly, env: Env): SimTransformation {
  const {
    id: _id,
    workspaceId: _ws,
    propertyDrops: _drops,
    destinationId: _dest,
    drop: _drop,
    hashPropertiesConfiguration: _hash,
    ...input
  } = object;
  const body: DocumentInput = { ...input };
  if (writeOnly.drop === true) body.drop = true;
  if (writeOnly.hashPropertiesConfiguration) body.hashPropertiesConfiguration = writeOnly.hashPropertiesConfiguration;
  return resolveSecretsWhereSet(body, env, object.name);
}
