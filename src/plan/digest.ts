import { hashText } from "../hash-text.js";
import { canonicalForm, canonicalJson } from "./canonical.js";

/**
 * `sha256:<hex>` over the canonical JSON of a whole plan except its own `digest` member. `plan`
 * writes it into the plan; `apply PLANFILE` recomputes it before anything else, so a plan edited
 * by hand (an injected delete, a changed body, a summary that no longer matches) is refused.
 * It is a tamper check against mistakes and careless edits, not a signature: anyone who can edit
 * the file can recompute it, which is why apply also checks the plan's internal consistency.
 */
export function planDigest(plan: object): string {
  const { digest: _ignored, ...rest } = plan as { digest?: unknown };
  return `sha256:${sha256Hex(canonicalJson(rest))}`;
}

/** A plan with its digest made (`digestedPlan`), and the text the digest was made from. */
export interface DigestedPlan<P extends object> {
  /** The plan in canonical form (canonicalForm), its `digest` among its members in key order. */
  plan: Omit<P, "digest"> & { digest: string };
  /** The canonical JSON of every member of the plan but its digest: what `planDigest` hashes. */
  text: string;
}

/**
 * `plan` with its digest (the digest `planDigest` gives), made once, in canonical form. A plan's
 * JSON text (renderJson) then finds nothing to sort or copy: the plan is not canonicalised twice.
 * `text` is kept for the caller that scans the plan's strings (redactPlan): scanning it instead
 * of serialising the plan again.
 */
export function digestedPlan<P extends object>(plan: P): DigestedPlan<P> {
  const { digest: _stale, ...rest } = plan as P & { digest?: unknown };
  const form = canonicalForm(rest) as Record<string, unknown>;
  const text = JSON.stringify(form);
  const digested = withMemberInOrder(form, "digest", `sha256:${sha256Hex(text)}`);
  return { plan: digested as DigestedPlan<P>["plan"], text };
}

/** `digestedPlan`'s plan: a plan changed after it was made (a warning added) has its digest made again. */
export function withDigest<P extends object>(plan: P): DigestedPlan<P>["plan"] {
  return digestedPlan(plan).plan;
}

/** A copy of `record` (keys in order, `key` not among them, no `__proto__`: canonicalForm's) with `key` at its place in that order. */
function withMemberInOrder(record: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(record)) {
    if (name > key && !(key in copy)) copy[key] = value;
    copy[name] = record[name];
  }
  if (!(key in copy)) copy[key] = value;
  return copy;
}

/** The SHA-256 of `text`'s UTF-8 bytes, in hex: a plan's digest, and a fingerprint per live object (fingerprint.ts). */
export function sha256Hex(text: string): string {
  return hashText("sha256", text, "hex");
}

/**
 * Why a plan read from `source` cannot be trusted as written, or undefined: it has no digest, or
 * its digest does not match its content. Checked before the plan's schema, so an edit that also
 * breaks the schema is reported as what it is, an edit.
 */
export function digestProblem(plan: object, source: string): string | undefined {
  const again = "nothing was applied; run `transync plan --out FILE` again and apply that file unchanged.";
  const digest = (plan as { digest?: unknown }).digest;
  if (typeof digest !== "string") return `${source} has no digest, so edits to it cannot be detected; ${again}`;
  if (digest !== planDigest(plan)) return `${source} was edited since it was written (its digest does not match its content); ${again}`;
  return undefined;
}
