/**
 * What `transync drift` reports (`schemas/drift-report.schema.json`) and the phrases every format of
 * it shares (src/report/drift.ts: text and JSON; drift-markdown.ts). The phrases return raw text: each
 * renderer escapes for its own output kind.
 */

/** Version of `drift --format json` (`schemas/drift-report.schema.json`). */
export const DRIFT_REPORT_VERSION = 1;

/** The newest audit event of a drifted object in the window (`--since`): who changed it, and when. */
export interface ChangedBy {
  actor: string;
  actorEmail?: string;
  type: string;
  timestamp: string;
}

/**
 * How an object's live state differs from the applied commit, as `plan` would change it back: `create`
 * (gone live), `update` (fields differ), `delete` (live but not in the commit, with prune), or
 * `unmanaged` (made in the app inside the declared scope; `plan --prune` would delete it).
 */
export type DriftKind = "create" | "update" | "delete" | "unmanaged";

/** One acknowledgement of transync.yaml's `drift.acknowledge:` that names the object (docs/gitops.md, "Acknowledgements"). */
export interface DriftAcknowledgement {
  /** The object's differing fields it covers. */
  fields: string[];
  until: string;
  reason: string;
  owner: string;
  /** `transync.yaml:line:col`. */
  where: string;
  /** Its `until` day is over: the fields count again. */
  expired?: true;
}

/** One object whose live state differs from the applied commit. */
export interface DriftedObject {
  kind: DriftKind;
  /** The object's kind, only when it is not `Transformation` (a plan action's `resource`). */
  resource?: string;
  /** Where it is, for a kind on destination instances (`web → Amplitude prod`), as a plan action's `place`. */
  place?: string;
  name: string;
  /** Absent for a create: the object is not live. */
  id?: string;
  /** A create whose document pins an id: the object was deleted live, and is attributed by this id. */
  pinnedId?: string;
  /** The fields that differ (a create: the fields its document sets; unmanaged: none). */
  fields: string[];
  /** The newest audit event of the object in the window not made by a self actor; absent when none or attribution was unavailable. */
  changedBy?: ChangedBy;
  /** The acknowledgements naming it, each with the fields it covers. */
  acknowledgements?: DriftAcknowledgement[];
}

/** An acknowledgement that names nothing drifted: to be removed from transync.yaml. */
export interface StaleAcknowledgement {
  /** The kind the entry names, only when it is not `Transformation`. */
  resource?: string;
  name: string;
  fields: string[];
  until: string;
  where: string;
}

/** What was compared: the environment's applied commit, or HEAD when none is recorded. */
export interface DriftBasis {
  commit: string;
  /** `applied`: refs/transync/applied/<env>; `HEAD`: no record, the checkout's HEAD instead. */
  source: "applied" | "HEAD";
  ref: string;
}

export interface DriftReport {
  version: number;
  environment: string;
  workspaceId: string;
  basis: DriftBasis;
  /** Days of audit trail read for attribution (`--since`). */
  sinceDays: number;
  /** The objects that count: the exit code is 2 when there is one. */
  drifted: DriftedObject[];
  /** Objects whose every difference is acknowledged (not counted); absent when none. */
  acknowledged?: DriftedObject[];
  /** Acknowledgements of this environment that match no drifted field; absent when none. */
  staleAcknowledgements?: StaleAcknowledgement[];
  /** Why no object could be attributed (a 401/403/404 of the audit trail); absent when it was read. */
  attributionUnavailable?: string;
  /** The actors left out of attribution (transync.yaml's `environments.<env>.selfActors`); absent when none. */
  selfActors?: readonly string[];
}

/** `No drift` / `Drift: 2 objects differ.`: the counted objects, the exit code's reason. */
export function headline(report: DriftReport): string {
  const n = report.drifted.length;
  if (n === 0 && report.acknowledged !== undefined)
    return `No drift counted: every difference of ${report.environment} from the compared commit is acknowledged.`;
  if (n === 0) return `No drift: live state of ${report.environment} matches the compared commit.`;
  return `Drift: ${countOf(n, "object")} differ${n === 1 ? "s" : ""}.`;
}

export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export function basisText(report: DriftReport): string {
  const short = report.basis.commit.slice(0, 12);
  return report.basis.source === "applied"
    ? `Compared ${report.environment} (workspace ${report.workspaceId}) with its applied commit ${short} (${report.basis.ref}).`
    : `Compared ${report.environment} (workspace ${report.workspaceId}) with HEAD ${short}: no applied commit is recorded (${report.basis.ref}); run \`transync apply --record-ref\` to record one.`;
}

export function objectLines(object: DriftedObject, report: DriftReport): string[] {
  const named = `${resourceText(object)}${JSON.stringify(object.name)}${placeText(object)}`;
  const lines = [`  ${object.kind} ${named}${idText(object)}: ${fieldsText(object)}`];
  const who = whoText(object, report);
  if (who !== undefined) lines.push(`    ${who}`);
  for (const ack of object.acknowledgements ?? []) lines.push(`    ${acknowledgementText(ack)}`);
  return lines;
}

/** `Widget ` before the name of an object of another kind than Transformation; nothing for a Transformation. */
export function resourceText(object: DriftedObject): string {
  return object.resource === undefined ? "" : `${object.resource} `;
}

/** ` (web → Amplitude prod)` after the name of an object on a destination instance, as the plan writes it; nothing else. */
export function placeText(object: DriftedObject): string {
  return object.place === undefined ? "" : ` (${object.place})`;
}

export function idText(object: DriftedObject): string {
  if (object.pinnedId !== undefined) return ` (pinned ${object.pinnedId}, deleted live)`;
  return object.id !== undefined ? ` (${object.id})` : "";
}

export function fieldsText(object: DriftedObject): string {
  if (object.kind === "unmanaged") return "made outside transync in the declared scope";
  return object.fields.join(", ") || "no field listed";
}

/** Who changed it, from the audit trail; undefined when it cannot be known (no id, or attribution unavailable: said once). */
export function whoText(object: DriftedObject, report: DriftReport): string | undefined {
  if (object.changedBy !== undefined) return changedByText(object.changedBy);
  if ((object.id ?? object.pinnedId) === undefined || report.attributionUnavailable !== undefined) return undefined;
  const others = report.selfActors !== undefined ? " not made by transync's own actors (selfActors)" : "";
  return `no audit event${others} in the last ${report.sinceDays} days`;
}

export function changedByText(by: ChangedBy): string {
  const who = by.actorEmail !== undefined ? `${by.actorEmail} (${by.actor})` : by.actor;
  return `changed by ${who}, ${by.type}, ${by.timestamp}`;
}

export function acknowledgementText(ack: DriftAcknowledgement): string {
  const state = ack.expired ? `acknowledgement EXPIRED after ${ack.until}, counts again` : `acknowledged until ${ack.until}`;
  const fields = ack.fields.length > 0 ? ` (${ack.fields.join(", ")})` : "";
  return `${state}${fields} by ${ack.owner}: ${ack.reason} [${ack.where}]`;
}

export function staleText(stale: StaleAcknowledgement): string {
  const kind = stale.resource === undefined ? "" : `${stale.resource} `;
  return `stale acknowledgement (${stale.where}): ${kind}${JSON.stringify(stale.name)} ${stale.fields.join(", ")} matches no drift; remove it`;
}
