import type { DocumentInput } from "../model/transformation.js";
import type { FieldChange } from "../plan/types.js";
import { INPUT_FIELDS } from "../model/transformation.js";
import { createChanges } from "../plan/actions.js";
import { sameJson } from "../plan/canonical.js";
import { normaliseDesired } from "../plan/normalise.js";
import { mayBeRedactedFrom } from "../secrets/redact-plan.js";

/** The members of a create or update this check reads. */
export interface BodyView {
  kind: string;
  body?: unknown;
  changes?: unknown;
  writeOnlyResent?: unknown;
}

/**
 * What apply sends is the body; what a reviewer reads is the changes. A plan file whose body says
 * more (a key no change lists) or something else (another value) than its changes is refused,
 * whatever its digest: a digest proves the file is unchanged since it was sealed, not that whoever
 * sealed it was `transync plan`. Returns one message per disagreement.
 */
export function bodyIssues(action: BodyView): string[] {
  const body = action.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const changes = Array.isArray(action.changes) ? (action.changes as FieldChange[]) : [];
  const sent = body as Record<string, unknown>;
  if (action.kind === "create") return createIssues(sent, changes);
  if (action.kind !== "update") return [];
  const resent = Array.isArray(action.writeOnlyResent)
    ? (action.writeOnlyResent as unknown[]).filter((f): f is string => typeof f === "string")
    : [];
  return updateIssues(sent, changes, resent);
}

/** A create sends its whole body: the changes it shows must be exactly those the body makes. */
function createIssues(sent: Record<string, unknown>, listed: FieldChange[]): string[] {
  const issues = unknownKeys(sent);
  const expected = new Map(createChanges(sent as unknown as DocumentInput).map((c) => [c.field, c]));
  const shown = new Map(listed.map((c) => [c.field, c]));
  for (const field of INPUT_FIELDS) {
    const made = expected.get(field);
    const change = shown.get(field);
    if (made && !change) issues.push(`its body sends ${show(field, sent[field] ?? made.after)}, which its changes do not list`);
    else if (!made && change) issues.push(`its changes list ${field}, which its body does not send`);
    else if (made && change && disagree(made.after, change.after))
      issues.push(`its body sends ${show(field, sent[field])}, but its changes show ${display(change.after)}`);
  }
  return issues;
}

/**
 * An update sends the keys of its body: each must be a listed change (or a write-only field
 * re-sent), with the value the change shows, read in the desired state's normal form so a cleared
 * field (`null`, `[]`) reads as the change's absent or empty `after`.
 */
function updateIssues(sent: Record<string, unknown>, listed: FieldChange[], resent: readonly string[]): string[] {
  const issues = unknownKeys(sent);
  const view = normaliseDesired(sent as unknown as DocumentInput) as Record<string, unknown>;
  const shown = new Map(listed.map((c) => [c.field, c]));
  for (const field of INPUT_FIELDS) {
    const change = shown.get(field);
    const inBody = Object.hasOwn(sent, field);
    if (inBody && !change && !resent.includes(field))
      issues.push(`its body sends ${show(field, sent[field])}, which neither its changes nor writeOnlyResent list`);
    else if (!inBody && change) issues.push(`its changes list ${field}, which its body does not send`);
    else if (inBody && change && disagree(view[field], change.after))
      issues.push(`its body sends ${show(field, sent[field])}, but its changes show ${display(change.after)}`);
  }
  return issues;
}

function unknownKeys(sent: Record<string, unknown>): string[] {
  return Object.keys(sent)
    .filter((key) => !(INPUT_FIELDS as readonly string[]).includes(key))
    .map((key) => `its body sends ${display(key)}, which is not a field of a transformation`);
}

function disagree(sent: unknown, shown: unknown): boolean {
  return !sameJson(sent, shown) && !redactedForm(shown, sent);
}

/**
 * A saved plan shows a value holding a secret with [redacted] in its changes while its body keeps
 * the value (src/secrets/redact-plan.ts): such a change agrees when each [redacted] stands for some text of
 * the body's value and everything else is the same.
 */
function redactedForm(shown: unknown, sent: unknown): boolean {
  return mayBeRedactedFrom(JSON.stringify(shown ?? null), JSON.stringify(sent ?? null));
}

function show(key: string, value: unknown): string {
  return `${key} = ${display(value)}`;
}

/** A value from the file, as JSON (control characters escaped) and cut short. */
function display(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
