/**
 * Staging first (`environments.<env>.after` in transync.yaml, docs/environments.md): which
 * environment must have applied a change before another may, checked here for unknown names, an
 * environment after itself and cycles; and what "applied there" means for documents, a pure
 * comparison of the effective documents read for one environment at two commits.
 */
import type { FieldPath } from "./positions.js";
import type { DesiredResource } from "../model/desired-resource.js";

/** Where findings go: rules.ts's RuleReporter (not imported: rules.ts imports types.ts, which this file's users import). */
export interface OrderReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string): void;
}

/**
 * The `after` of each environment, as the schema let it through (`raw`: the file's `environments`);
 * an unknown environment, one after itself and every environment of a cycle is reported at its `after`.
 * Returns the pairs that hold: environment -> the one it comes after.
 */
export function readEnvironmentOrder(raw: unknown, reporter: OrderReporter): Map<string, string> {
  const order = new Map<string, string>();
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return order;
  const environments = raw as Record<string, { after?: unknown } | null>;
  const names = Object.keys(environments);
  for (const env of names) {
    const after = environments[env]?.after;
    if (typeof after !== "string") continue;
    const at: FieldPath = ["environments", env, "after"];
    if (after === env) reporter.report("error", "environment-order", at, `environment "${env}" cannot come after itself`);
    else if (!names.includes(after))
      reporter.report(
        "error",
        "unknown-environment",
        at,
        `"after" names unknown environment "${after}"; transync.yaml defines: ${names.join(", ")}`,
      );
    else order.set(env, after);
  }
  for (const cycle of cyclesOf(order)) {
    for (const env of cycle) {
      order.delete(env);
      reporter.report(
        "error",
        "environment-order",
        ["environments", env, "after"],
        `"after" forms a cycle: ${[...cycle, cycle[0]].join(" -> ")}`,
      );
    }
  }
  return order;
}

/** Each cycle of `after` links once, starting at its first environment in the file's order. */
function cyclesOf(order: ReadonlyMap<string, string>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const start of order.keys()) {
    const path: string[] = [];
    let env: string | undefined = start;
    while (env !== undefined && !seen.has(env) && !path.includes(env)) {
      path.push(env);
      env = order.get(env);
    }
    if (env !== undefined && path.includes(env)) cycles.push(path.slice(path.indexOf(env)));
    for (const visited of path) seen.add(visited);
  }
  return cycles;
}

/**
 * A document's effective content for one environment: what the API would be sent, and its name (its
 * pin and place are not content); the fields it ignores (`ignore:`) are no content either: no command compares them.
 */
function contentOf(resource: DesiredResource | undefined): string | undefined {
  if (resource === undefined) return undefined;
  const ignored = new Set(resource.ignore ?? []);
  const spec = Object.fromEntries(Object.entries(resource.spec).filter(([field]) => !ignored.has(field)));
  return stableJson({ name: resource.name, spec, ...(ignored.size > 0 ? { ignore: [...ignored].sort() } : {}) });
}

/**
 * The names (of `names`, else of every document on either side) whose effective documents differ
 * between two reads for one environment: present on one side only, or with other content.
 * Sorted; a name is a document's name, the key that holds across commits (names are unique).
 */
export function documentsThatDiffer(now: readonly DesiredResource[], then: readonly DesiredResource[], names?: Iterable<string>): string[] {
  const nowByName = new Map(now.map((r) => [r.name, r]));
  const thenByName = new Map(then.map((r) => [r.name, r]));
  const asked = names ?? new Set([...nowByName.keys(), ...thenByName.keys()]);
  const differ = new Set<string>();
  for (const name of asked) if (contentOf(nowByName.get(name)) !== contentOf(thenByName.get(name))) differ.add(name);
  return [...differ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** JSON with object keys sorted: the same content gives the same text whatever order a file wrote it in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
