import { canonicalJson } from "../plan/canonical.js";
import type { Plan } from "../plan/types.js";

/** The JSON plan (`schemas/plan.schema.json`): pretty, keys sorted, so equal plans are equal bytes. */
export function renderJson(plan: Plan): string {
  return `${canonicalJson(plan, 2)}\n`;
}
