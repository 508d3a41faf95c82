/**
 * The same transformations as `@segment/tsub` rules: each `if` becomes tsub's FQL IR (JSON text, as
 * Segment stores it for destination filters) and the property work becomes tsub transformers. Only
 * what tsub can do is accepted; anything else throws, so a benchmark never silently compares less.
 */
import tsub from "@segment/tsub";
import type { FqlExpr } from "../src/fql/ast.js";
import { parseFql } from "../src/fql/parse-fql.js";
import type { JsonValue, SimTransformation } from "../src/simulate/types.js";

type Matcher = Parameters<typeof tsub.matches>[1];
type Transformer = Parameters<typeof tsub.transform>[1][number];
type MapAction = { set?: JsonValue; move?: string };

export interface TsubRule {
  name: string;
  matcher: Matcher;
  transformers: Transformer[];
}

/** Functions tsub's matcher knows (it has no uppercase, snakecase, …, bool, string, number). */
const TSUB_FUNCTIONS = new Set(["contains", "match", "lowercase", "length", "typeof"]);

type Ir = string | { value: JsonValue | Ir[] } | Ir[];

/** An FQL tree as tsub IR: `["=", "event", {"value": "X"}]`; a path is its dotted text. */
export function toIr(expr: FqlExpr): Ir {
  switch (expr.kind) {
    case "literal":
      return { value: expr.value };
    case "path":
      if (expr.segments.some((s) => s.includes("."))) throw new Error(`tsub paths cannot hold a dot: ${expr.segments.join(".")}`);
      return expr.segments.join(".");
    case "list":
      return { value: expr.items.map(toIr) };
    case "compare":
      return [expr.op, toIr(expr.left), toIr(expr.right)];
    case "logical":
      // tsub's IR is binary: a chain folds to the left, as `a and b and c` is `(a and b) and c`.
      return expr.operands.map(toIr).reduce((left, right) => [expr.op, left, right]);
    case "not":
      return ["!", toIr(expr.operand)];
    case "call":
      if (!TSUB_FUNCTIONS.has(expr.name)) throw new Error(`tsub has no FQL function ${expr.name}()`);
      return [expr.name, ...expr.args.map(toIr)];
  }
}

function matcherOf(fql: string): Matcher {
  if (fql.trim() === "all") return { type: "all", ir: "" };
  const parsed = parseFql(fql);
  if (!parsed.ok) throw new Error(`FQL does not parse: ${fql}`);
  return { type: "fql", ir: JSON.stringify(toIr(parsed.ast)) };
}

/** Renames and value sets of one transformation as one map_properties (tsub reads them all from the input). */
function mapOf(t: SimTransformation): Record<string, MapAction> {
  const map: Record<string, MapAction> = {};
  if (t.newEventName) map.event = { set: t.newEventName };
  for (const { oldName, newName } of t.propertyRenames ?? []) map[`properties.${newName}`] = { move: `properties.${oldName}` };
  for (const { propertyPaths, propertyValue } of t.propertyValueTransformations ?? []) {
    for (const path of propertyPaths) map[path] = { set: propertyValue };
  }
  return map;
}

/** One transformation as a tsub rule; throws for work tsub does not do (FQL-defined properties, hashes). */
export function toTsubRule(t: SimTransformation): TsubRule {
  if ((t.fqlDefinedProperties ?? []).length > 0 || t.hashPropertiesConfiguration)
    throw new Error(`${t.name}: tsub cannot run FQL-defined properties or hashes`);
  const transformers: Transformer[] = [];
  if (t.drop === true) transformers.push({ type: "drop" });
  const map = mapOf(t);
  if (Object.keys(map).length > 0) transformers.push({ type: "map_properties", config: { map } });
  if ((t.allowProperties ?? []).length > 0)
    transformers.push({ type: "allow_properties", config: { allow: { properties: t.allowProperties! } } });
  return { name: t.name, matcher: matcherOf(t.if), transformers };
}

/** Rules in the simulator's order (by name); tsub chains them as analytics.js does. */
export function toTsubRules(ts: readonly SimTransformation[]): TsubRule[] {
  return [...ts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(toTsubRule);
}

/**
 * Runs the rules on one event the way analytics.js's routing middleware does: each rule whose matcher
 * matches the current payload transforms it; `null` (a drop) ends the chain. tsub changes the
 * payload in place, so the caller passes a copy it owns.
 */
export function runTsub(rules: readonly TsubRule[], payload: JsonValue): JsonValue | null {
  let current: JsonValue | null = payload;
  for (const rule of rules) {
    if (!tsub.matches(current, rule.matcher)) continue;
    current = tsub.transform(current, rule.transformers) as JsonValue | null;
    if (current === null) return null;
  }
  return current;
}
