import type { DesiredResource } from "../model/desired-resource.js";
import type { ResourceKind } from "../kinds/kind.js";
import type { PullRequestChanges } from "../plan/types.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import { documentChanges, type DocSummary } from "../git/pr-diff.js";
import { canonicalJson } from "../plan/index.js";

/** What a pull request does to the documents of every kind but Transformation. */
export interface KindPullRequest {
  /** Its entries of the pull-request view, each naming its kind in `resource`, kind by kind in the registry's order. */
  documents: PullRequestChanges["transformations"];
  /** By kind: the documents gone from the head, what `prune: removed` deletes (src/pipeline/kind-plans.ts matches them). */
  removed: Record<string, RemovedOfKind>;
  /** The base's documents of every other kind: an update's reasons are told apart against them. */
  baseDocuments: DesiredResource[];
}

/**
 * What a pull request removed of one kind: the pinned documents' ids, and the unpinned documents as
 * the base holds them, matched to live objects by their identity once read (a kind on destination
 * instances: once placed on their instances, as the head's documents are).
 */
export interface RemovedOfKind {
  ids: readonly string[];
  documents: readonly DesiredResource[];
}

/**
 * The other kinds' side of a pull-request plan, found as the Transformations' is
 * (src/pipeline/pull-request.ts): each kind's base and head documents matched by pinned id, else by
 * name (documentChanges), so a document the head lacks is removed and one whose fields differ is modified.
 */
export function kindPullRequest(base: readonly DesiredResource[], head: readonly DesiredResource[]): KindPullRequest {
  const found: KindPullRequest = { documents: [], removed: {}, baseDocuments: [...base] };
  for (const kind of knownKinds()) {
    if (kind === DEFAULT_KIND) continue;
    const changes = documentChanges(summarise(kind, base), summarise(kind, head));
    found.documents.push(...changes.transformations.map((change) => ({ resource: kind.name, ...change })));
    const { ids, names } = changes.removed;
    if (ids.length + names.length === 0) continue;
    const documents = base.filter((doc) => doc.kind === kind.name && doc.id === undefined && names.includes(doc.name));
    found.removed[kind.name] = { ids, documents };
  }
  return found;
}

/** The kind's documents, each spec's write-only fields (`returned: "never"`) apart: a change of those is a change too. */
function summarise(kind: ResourceKind, resources: readonly DesiredResource[]): DocSummary[] {
  return resources
    .filter((r) => r.kind === kind.name)
    .map((r) => {
      const rest: Record<string, unknown> = { ...(r.spec as unknown as Record<string, unknown>) };
      const writeOnly: Record<string, unknown> = {};
      for (const [field, facts] of Object.entries(kind.fields)) {
        if (facts.returned !== "never") continue;
        writeOnly[field] = rest[field] ?? null;
        delete rest[field];
      }
      return { name: r.name, id: r.id, file: r.location.file, canonical: canonicalJson(rest), writeOnly: canonicalJson(writeOnly) };
    });
}
