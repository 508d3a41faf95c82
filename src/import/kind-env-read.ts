import { relative, resolve } from "node:path";
import { UsageError } from "../errors.js";
import { fsSource } from "../desired/fs-source.js";
import { loadDesired } from "../desired/load-desired.js";
import type { ProjectConfig } from "../desired/types.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { PublicApiReads } from "../live/public-api.js";
import { locationText } from "../model/desired-resource.js";
import { placeOnInstances } from "../pipeline/instance-refs.js";
import type { KindDocumentInEnv } from "./kind-env-import.js";

/*
 * What `import --env E --kinds DestinationFilter` reads: the kind's documents of the output folder as
 * `validate --env E` reads them, placed on E's instances (as plan places them, with the instances'
 * names), and the live objects of every destination connected to a source in scope.
 */

export interface KindEnvRead {
  documents: KindDocumentInEnv[];
  live: KindObject[];
}

export async function readKindInEnvironment(
  kind: ResourceKind,
  input: { root: string; outDir: string; env: string; config: ProjectConfig; api: KindTransport; reads: PublicApiReads; parents: string[] },
): Promise<KindEnvRead> {
  const dir = relative(input.root, input.outDir) || ".";
  const loaded = await loadDesired(fsSource(input.root), { dir, env: input.env });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new UsageError(
      `the documents under ${dir} are invalid for ${input.env}: ${errors.map((d) => `${locationText(d)} ${d.message}`).join("; ")}`,
    );
  const ofKind = (loaded.state.otherKinds ?? []).filter((doc) => doc.kind === kind.name);
  const aliases = input.config.environments[input.env]?.sources ?? {};
  const byId = new Map(Object.entries(aliases).map(([alias, id]) => [id, alias]));
  const scope = kind.identity.scope!;
  const placed = await placeOnInstances(ofKind, scope, { reads: input.reads, sourceAlias: (id) => byId.get(id) });
  const documents = placed.documents.map((doc) => {
    const spec = doc.spec as unknown as Record<string, unknown>;
    const file = relative(input.outDir, resolve(input.root, doc.location.file)).split("\\").join("/");
    return {
      name: doc.name,
      location: { ...doc.location, file },
      ...(doc.id !== undefined ? { id: doc.id } : {}),
      scope: String(spec[scope]),
      title: String(spec[kind.identity.name]),
    };
  });
  const live = await new KindClient(input.api, kind).listAll(input.parents);
  return { documents, live };
}
