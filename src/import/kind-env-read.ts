import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { UsageError } from "../errors.js";
import { fsSource } from "../desired/fs-source.js";
import { loadDesired } from "../desired/load-desired.js";
import type { ProjectConfig } from "../desired/types.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { PublicApiReads } from "../live/public-api.js";
import { locationText, type DesiredResource } from "../model/desired-resource.js";
import { placeOnInstances } from "../pipeline/instance-refs.js";
import type { KindDocumentInEnv } from "./kind-env-import.js";

/*
 * What `import --env E` reads of a kind other than Transformation: the kind's documents of the output
 * folder as `validate --env E` reads them (a kind on destination instances: placed on E's instances, as
 * plan places them, with the instances' names), and its live objects (of every destination connected
 * to a source in scope, for a kind on them; of the sources in scope, for a kind scoped by source).
 */

export interface KindEnvRead {
  documents: KindDocumentInEnv[];
  live: KindObject[];
}

export async function readKindInEnvironment(
  kind: ResourceKind,
  input: {
    root: string;
    outDir: string;
    env: string;
    config: ProjectConfig;
    api: KindTransport;
    reads: PublicApiReads;
    parents: string[];
    /** The sources of `--source` (ids); undefined: every one. */
    sources?: ReadonlySet<string>;
  },
): Promise<KindEnvRead> {
  const dir = relative(input.root, input.outDir) || ".";
  const live = await new KindClient(input.api, kind).listAll(input.parents);
  // A folder import has not made yet holds no document to pin: every object is a new one.
  if (!existsSync(input.outDir)) return { documents: [], live: inSources(kind, live, input.sources) };
  const loaded = await loadDesired(fsSource(input.root), { dir, env: input.env });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new UsageError(
      `the documents under ${dir} are invalid for ${input.env}: ${errors.map((d) => `${locationText(d)} ${d.message}`).join("; ")}`,
    );
  const ofKind = (loaded.state.otherKinds ?? []).filter((doc) => doc.kind === kind.name);
  const scope = kind.identity.scope;
  const placed = kind.document?.onInstance ? await placedInEnvironment(ofKind, scope!, input) : ofKind;
  const documents = placed.map((doc) => {
    const spec = doc.spec as unknown as Record<string, unknown>;
    const file = relative(input.outDir, resolve(input.root, doc.location.file)).split("\\").join("/");
    return {
      name: doc.name,
      location: { ...doc.location, file },
      ...(doc.id !== undefined ? { id: doc.id } : {}),
      scope: scope === undefined ? "" : String(spec[scope]),
      title: String(spec[kind.identity.name]),
    };
  });
  return { documents, live: inSources(kind, live, input.sources) };
}

/** A kind on destination instances: its documents placed on E's instances, as plan places them (with the instances' names). */
async function placedInEnvironment(
  documents: readonly DesiredResource[],
  scope: string,
  input: { env: string; config: ProjectConfig; reads: PublicApiReads },
): Promise<DesiredResource[]> {
  const aliases = input.config.environments[input.env]?.sources ?? {};
  const byId = new Map(Object.entries(aliases).map(([alias, id]) => [id, alias]));
  return (await placeOnInstances(documents, scope, { reads: input.reads, sourceAlias: (id) => byId.get(id) })).documents;
}

/**
 * The objects of the sources in scope (`--source`; undefined: every one) when the kind's scope field
 * holds a source (`identity.scopeIsSource`); a kind on destination instances is read on the sources'
 * connected destinations already (`parents`).
 */
export function inSources(kind: ResourceKind, live: KindObject[], sources: ReadonlySet<string> | undefined): KindObject[] {
  const field = kind.identity.scope;
  if (sources === undefined || field === undefined || !kind.identity.scopeIsSource) return live;
  return live.filter((object) => sources.has(String(object[field])));
}
