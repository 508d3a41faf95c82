import type { DesiredResource } from "../model/desired-resource.js";
import { WRITE_ONLY_FIELDS } from "../model/transformation.js";
import type { WriteOnlyBasis } from "./types.js";
import { normaliseDesired, pick, type NormalView } from "./normalise.js";

/** A document at the recorded commit: only what matching and the write-only fields need. */
export type BasisDocument = Pick<DesiredResource, "name" | "id" | "spec">;

/** The recorded commit and its documents (what plan compares write-only fields with). */
export interface WriteOnlyBasisInput extends WriteOnlyBasis {
  documents: readonly BasisDocument[];
}

/** The recorded write-only values of a document (or of a live object, by its id and name), or undefined when the record does not know it. */
export type RecordedWriteOnly = (doc: Pick<DesiredResource, "name" | "id">) => NormalView | undefined;

/**
 * Finds each head document's counterpart at the recorded commit: the same pinned id, else the same
 * name (unless both are pinned to different ids). Its `drop` and `hashPropertiesConfiguration`, in
 * normal form, are what the live object holds as far as transync knows: it applied them.
 */
export function recordedWriteOnly(basis: WriteOnlyBasisInput | undefined): RecordedWriteOnly {
  if (!basis) return noRecord;
  // One function per basis, so planMatched's memo recognises the same options across calls.
  let known = byBasis.get(basis);
  if (known === undefined) byBasis.set(basis, (known = lookUp(basis)));
  return known;
}

const noRecord: RecordedWriteOnly = () => undefined;
const byBasis = new WeakMap<WriteOnlyBasisInput, RecordedWriteOnly>();

function lookUp(basis: WriteOnlyBasisInput): RecordedWriteOnly {
  const find = counterpartIn(basis.documents);
  return (doc) => {
    const found = find(doc);
    return found ? pick(normaliseDesired(found.spec), WRITE_ONLY_FIELDS) : undefined;
  };
}

/**
 * A head document's counterpart among other documents (those of a recorded commit or of a pull
 * request's base): the same pinned id, else the one document of the same name (unless both are
 * pinned to different ids).
 */
export function counterpartIn(
  documents: readonly BasisDocument[],
): (doc: Pick<DesiredResource, "name" | "id">) => BasisDocument | undefined {
  const byId = new Map<string, BasisDocument>();
  const byName = new Map<string, BasisDocument[]>();
  for (const doc of documents) {
    if (doc.id !== undefined) byId.set(doc.id, doc);
    byName.set(doc.name, [...(byName.get(doc.name) ?? []), doc]);
  }
  return (doc) => {
    const pinned = doc.id !== undefined ? byId.get(doc.id) : undefined;
    const named = (byName.get(doc.name) ?? []).filter((b) => b.id === undefined || doc.id === undefined || b.id === doc.id);
    return pinned ?? (named.length === 1 ? named[0] : undefined);
  };
}
