import { hashText } from "../hash-text.js";
import { canonicalJson } from "./canonical.js";

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
