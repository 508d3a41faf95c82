import type { Diagnostic } from "./types.js";
import type { BlastRadiusLimits } from "../model/blast-radius-limits.js";

const LIMIT_KEYS = ["maxDroppedPerDay", "maxDroppedShare", "maxChangedShare"] as const;

/**
 * `guards:` of transync.yaml for the run's environment: the top-level mapping, each key replaced by
 * the environment's key of the same name (docs/impact.md, "Guards"). Undefined when neither sets
 * one. The schema checks the values and reports a bad one at its line; a key it reported is left
 * out here, and the run stops on that error anyway (`schema` diagnostics are errors).
 */
export function guardsOf(root: unknown, env: string | undefined, diagnostics: readonly Diagnostic[]): BlastRadiusLimits | undefined {
  const file = record(root);
  const top = record(file?.guards);
  const own = env !== undefined ? record(record(record(file?.environments)?.[env])?.guards) : undefined;
  if (top === undefined && own === undefined) return undefined;
  const bad = new Set(diagnostics.filter((d) => d.severity === "error").map((d) => d.path));
  const valueOf = (key: string): unknown => {
    if (own !== undefined && Object.hasOwn(own, key)) return bad.has(`environments.${env}.guards.${key}`) ? undefined : own[key];
    return top !== undefined && Object.hasOwn(top, key) && !bad.has(`guards.${key}`) ? top[key] : undefined;
  };
  const limits: BlastRadiusLimits = { unknownVolume: valueOf("unknownVolume") === "warn" ? "warn" : "refuse" };
  for (const key of LIMIT_KEYS) {
    const value = valueOf(key);
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) limits[key] = value;
  }
  return limits;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
