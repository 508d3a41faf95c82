import type { Acknowledgement } from "../desired/acknowledgements.js";
import type { DriftAcknowledgement, DriftedObject, StaleAcknowledgement } from "../report/drift.js";
import { acknowledgementHolds } from "../desired/acknowledgements.js";
import { locationText } from "../model/desired-resource.js";
import { DEFAULT_KIND } from "../kinds/index.js";

/** The drifted objects split by transync.yaml's `drift.acknowledge:` entries of one environment. */
export interface AcknowledgedDrift {
  /** Objects with a difference no acknowledgement holds for: they count (exit 2). */
  counted: DriftedObject[];
  /** Objects whose every difference an acknowledgement holds for. */
  acknowledged: DriftedObject[];
  /** Entries that name no drifted field of the environment. */
  stale: StaleAcknowledgement[];
  /** Entries past their `until` day that name a drifted field: counted again, and warned of. */
  expired: Array<{ object: DriftedObject; acknowledgement: DriftAcknowledgement }>;
}

/**
 * An acknowledgement matches an object of its environment by kind (an entry without `kind`, a
 * Transformation) and name, and covers the fields it lists
 * that differ (an unmanaged object has none: an entry naming it covers it). It holds through its
 * `until` day (UTC); past it, the entry is kept on the object with `expired` and its fields count again.
 */
export function applyAcknowledgements(
  drifted: readonly DriftedObject[],
  acknowledgements: readonly Acknowledgement[],
  env: string,
  nowMs: number,
): AcknowledgedDrift {
  const ofEnv = acknowledgements.filter((ack) => ack.env === env);
  const used = new Set<Acknowledgement>();
  const result: AcknowledgedDrift = { counted: [], acknowledged: [], stale: [], expired: [] };
  for (const object of drifted) {
    const matching = ofEnv.flatMap((ack) => {
      const fields = coveredFields(ack, object);
      return fields === undefined ? [] : [{ ack, entry: entryOf(ack, fields, nowMs) }];
    });
    matching.forEach(({ ack }) => used.add(ack));
    const entries = matching.map((m) => m.entry);
    const holding = entries.filter((e) => e.expired === undefined);
    const covered = new Set(holding.flatMap((e) => e.fields));
    const fullyCovered = object.fields.length === 0 ? holding.length > 0 : object.fields.every((f) => covered.has(f));
    const shown = entries.length > 0 ? { ...object, acknowledgements: entries } : object;
    (fullyCovered ? result.acknowledged : result.counted).push(shown);
    for (const entry of entries) if (entry.expired) result.expired.push({ object: shown, acknowledgement: entry });
  }
  for (const ack of ofEnv)
    if (!used.has(ack))
      result.stale.push({
        ...(ack.kind !== undefined && ack.kind !== DEFAULT_KIND.name ? { resource: ack.kind } : {}),
        name: ack.name,
        fields: ack.fields,
        until: ack.until,
        where: locationText(ack.where),
      });
  return result;
}

/** The object's differing fields the entry lists; undefined when it names another object or none of them. */
function coveredFields(ack: Acknowledgement, object: DriftedObject): string[] | undefined {
  if (ack.name !== object.name || (ack.kind ?? DEFAULT_KIND.name) !== (object.resource ?? DEFAULT_KIND.name)) return undefined;
  if (object.fields.length === 0) return [];
  const fields = object.fields.filter((f) => ack.fields.includes(f));
  return fields.length > 0 ? fields : undefined;
}

function entryOf(ack: Acknowledgement, fields: string[], nowMs: number): DriftAcknowledgement {
  return {
    fields,
    until: ack.until,
    reason: ack.reason,
    owner: ack.owner,
    where: locationText(ack.where),
    ...(acknowledgementHolds(ack, nowMs) ? {} : { expired: true as const }),
  };
}
