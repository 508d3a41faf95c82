import { createHash } from "node:crypto";
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
  return `sha256:${createHash("sha256").update(canonicalJson(rest)).digest("hex")}`;
}
