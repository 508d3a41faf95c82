import type { DesiredResource } from "../desired/types.js";
import type { Transformation } from "../model/transformation.js";
import type { WriteOnlyBasisInput } from "../plan/index.js";
import { planMatched } from "../plan/actions.js";
import { inScope } from "../plan/match.js";
import { recordedWriteOnly } from "../plan/write-only.js";

export interface PredictOptions {
  scopeSources: readonly string[] | undefined;
  resendWriteOnly: boolean;
  writeOnlyBasis: WriteOnlyBasisInput | undefined;
}

/**
 * Which listed object the first computePlan will plan as an update of fields the list omits
 * (`updatesNotReadInFull`), decided from that object alone as its page arrives, so its `get` can
 * start before the list ends. It follows matchDocuments: a pin owns its object anywhere; else the
 * one unpinned document of the object's name, for an object in scope that no pin claims. Where
 * matching would fail (two documents pin one id, a name shared) the plan fails anyway; a wrong
 * guess costs one unused get, never a different plan: the plan's gets are still chosen from the
 * whole list, and a prefetched reply is only used for an object chosen there.
 */
export function predictUnreadUpdates(resources: readonly DesiredResource[], options: PredictOptions): (t: Transformation) => boolean {
  const pinned = new Map<string, DesiredResource>();
  const named = new Map<string, DesiredResource>();
  for (const doc of resources) {
    if (doc.id !== undefined) {
      if (!pinned.has(doc.id)) pinned.set(doc.id, doc);
    } else if (!named.has(doc.name)) named.set(doc.name, doc);
  }
  const updateOptions = { resendWriteOnly: options.resendWriteOnly, recorded: recordedWriteOnly(options.writeOnlyBasis) };
  return (t) => {
    const doc = pinned.get(t.id) ?? (inScope(t, options.scopeSources) ? named.get(t.name) : undefined);
    if (doc === undefined) return false;
    return (planMatched(doc, t, updateOptions).action?.notRead ?? []).length > 0;
  };
}
