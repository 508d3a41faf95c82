import type { DesiredResource } from "../model/desired-resource.js";
import type { Transformation } from "../model/transformation.js";
import type { PlanIssue } from "./plan-error.js";
import { locationText } from "../model/desired-resource.js";

export interface MatchedPair {
  doc: DesiredResource;
  live: Transformation;
}

export interface Matching {
  pairs: MatchedPair[];
  /** Documents no live object matches. */
  creates: DesiredResource[];
  /** Live objects in scope that no document matches. */
  unmatched: Transformation[];
  /** Live objects outside the managed scope that a document pins, or names on its own source (worth a warning). */
  outOfScopePins: MatchedPair[];
  issues: PlanIssue[];
}

export function inScope(t: Transformation, scopeSources: readonly string[] | undefined): boolean {
  return scopeSources === undefined || scopeSources.includes(t.sourceId);
}

/**
 * Pins first (a document with `id` owns that object anywhere in the workspace), then names among
 * the unclaimed objects in scope. Ambiguity is never resolved by guessing: it becomes an issue.
 */
export function matchDocuments(
  desired: readonly DesiredResource[],
  live: readonly Transformation[],
  scopeSources: readonly string[] | undefined,
  workspaceId: string,
): Matching {
  const result: Matching = { pairs: [], creates: [], unmatched: [], outOfScopePins: [], issues: [] };
  const claimed = new Map<string, DesiredResource>();
  const byId = new Map(live.map((t) => [t.id, t]));
  for (const doc of desired) {
    if (doc.id === undefined) continue;
    const target = byId.get(doc.id);
    const owner = claimed.get(doc.id);
    if (owner) {
      result.issues.push({
        where: locationText(doc.location),
        ids: [doc.id],
        message: `this document and the one at ${locationText(owner.location)} both pin id "${doc.id}"; one live transformation can be managed by one document only: remove one of the \`id:\` lines.`,
      });
    } else if (!target) {
      result.issues.push({
        where: locationText(doc.location),
        ids: [doc.id],
        message: `"${doc.name}" pins id "${doc.id}", but workspace ${workspaceId} has no transformation with that id (deleted outside transync?). Remove the \`id:\` line to create it again, or correct the id (\`transync import\` writes the current ids).`,
      });
    } else {
      claimed.set(doc.id, doc);
      result.pairs.push({ doc, live: target });
      if (!inScope(target, scopeSources)) result.outOfScopePins.push({ doc, live: target });
    }
  }
  // A document on a source outside the scope may name its own object there (a pin may anywhere):
  // without this it would be created again on every plan. Nothing else outside the scope is read.
  const namedOutside = new Set(
    desired
      .filter((doc) => doc.id === undefined && !scopeHas(scopeSources, doc.spec.sourceId))
      .map((doc) => nameKey(doc.name, doc.spec.sourceId)),
  );
  const candidates = live.filter((t) => !claimed.has(t.id) && (inScope(t, scopeSources) || namedOutside.has(nameKey(t.name, t.sourceId))));
  matchByName(desired, candidates, result);
  for (const pair of result.pairs) if (pair.doc.id === undefined && !inScope(pair.live, scopeSources)) result.outOfScopePins.push(pair);
  const matchedIds = new Set(result.pairs.map((pair) => pair.live.id));
  result.unmatched = live.filter((t) => inScope(t, scopeSources) && !matchedIds.has(t.id));
  return result;
}

const scopeHas = (scopeSources: readonly string[] | undefined, sourceId: string): boolean =>
  scopeSources === undefined || scopeSources.includes(sourceId);

const nameKey = (name: string, sourceId: string): string => JSON.stringify([name, sourceId]);

function matchByName(desired: readonly DesiredResource[], candidates: readonly Transformation[], result: Matching): void {
  const byName = new Map<string, Transformation[]>();
  for (const t of candidates) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const seenNames = new Map<string, DesiredResource>();
  for (const doc of desired) {
    if (doc.id !== undefined) continue;
    const earlier = seenNames.get(doc.name);
    if (earlier) {
      result.issues.push({
        where: locationText(doc.location),
        message: `this document and the one at ${locationText(earlier.location)} are both named "${doc.name}"; names must be unique among unpinned documents.`,
      });
      continue;
    }
    seenNames.set(doc.name, doc);
    const matches = byName.get(doc.name) ?? [];
    if (matches.length === 0) result.creates.push(doc);
    else if (matches.length === 1) result.pairs.push({ doc, live: matches[0]! });
    else result.issues.push(duplicateIssue(doc, matches));
  }
}

function duplicateIssue(doc: DesiredResource, matches: readonly Transformation[]): PlanIssue {
  const ids = matches.map((t) => t.id).sort();
  return {
    where: locationText(doc.location),
    ids,
    message: `${ids.length} live transformations in scope are named "${doc.name}" (ids ${ids.join(", ")}), so transync cannot tell which one this document manages. Pin one by adding \`id: ${ids[0]}\` (or another of the ids) to the document; the others stay unmanaged (delete or rename them).`,
  };
}
