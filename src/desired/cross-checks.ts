import { parseFql } from "../fql/parse-fql.js";
import { requiredValues } from "../fql/required-values.js";
import { formatPath, parsePath } from "../fql/paths.js";
import type { Diagnostic } from "./types.js";
import type { LintRuleId } from "./lint-rules.js";
import type { DesiredResource, SourceLocation } from "../model/desired-resource.js";

/**
 * Warnings across documents, from Segment's documented rules
 * (https://segment.com/docs/protocols/transform/): they do not stop a plan, but Segment refuses or leaves
 * undefined what they describe.
 * - `same-scope`: "Multiple transformations cannot be created for the same source + type + event +
 *   destination combo". The event (or, without one, the type) is what the `if` pins with
 *   `event = '…'` / `event in […]` (`type = '…'`); two `if`s with the same text count too.
 * - `same-property`: two enabled transformations of one source and destination that can apply to the
 *   same event give one property a value (value transformations, FQL-defined properties, renames to
 *   the same new name, newEventName): which one wins depends on an order Segment does not document.
 * Each document is reported once per check, against the first earlier document it conflicts with,
 * so the work and the output stay linear in the number of documents.
 */
export function crossTransformationWarnings(resources: readonly DesiredResource[]): Diagnostic[] {
  const items = [...resources].sort((a, b) => compareLocations(a.location, b.location)).map(describe);
  return [...sameScope(items), ...sameProperty(items)];
}

interface Item {
  resource: DesiredResource;
  /** Source and destination, the scope both rules compare within. */
  scope: string;
  /** Event names the `if` pins, or undefined when it pins none. */
  events: ReadonlySet<unknown> | undefined;
  types: ReadonlySet<unknown> | undefined;
  /** Full paths given a value, with the field of the document that does it. */
  targets: Map<string, string>;
}

function describe(resource: DesiredResource): Item {
  const { spec } = resource;
  const parsed = parseFql(spec.if);
  const ast = parsed.ok && spec.if.trim() !== "all" ? parsed.ast : undefined;
  return {
    resource,
    scope: JSON.stringify([spec.sourceId, spec.destinationMetadataId || null]),
    events: ast && requiredValues(ast, "event"),
    types: ast && requiredValues(ast, "type"),
    targets: targetsOf(resource),
  };
}

function targetsOf({ spec }: DesiredResource): Map<string, string> {
  const targets = new Map<string, string>();
  const add = (path: string, field: string): void => {
    const key = formatPath(parsePath(path));
    if (!targets.has(key)) targets.set(key, field);
  };
  if (spec.newEventName) add("event", "newEventName");
  spec.propertyRenames?.forEach((r, i) => {
    // A rename writes inside properties (track, page, screen) or traits (identify, group).
    for (const root of ["properties", "traits", "context.traits"]) add(`${root}.${r.newName}`, `propertyRenames.${i}.newName`);
  });
  spec.propertyValueTransformations?.forEach((t, i) =>
    t.propertyPaths.forEach((p, j) => add(p, `propertyValueTransformations.${i}.propertyPaths.${j}`)),
  );
  spec.fqlDefinedProperties?.forEach((p, i) => add(p.propertyName, `fqlDefinedProperties.${i}.propertyName`));
  return targets;
}

function sameScope(items: readonly Item[]): Diagnostic[] {
  const first = new Map<string, Item>();
  const out: Diagnostic[] = [];
  for (const item of items) {
    const keys = item.events
      ? [...item.events].map((e) => [`event ${JSON.stringify(e)}`, `event ${JSON.stringify(e)}`])
      : item.types
        ? [...item.types].map((t) => [`type ${JSON.stringify(t)}`, `type ${JSON.stringify(t)}`])
        : [[`if ${item.resource.spec.if.trim()}`, "the same if"]];
    let reported = false;
    for (const [key, label] of keys as [string, string][]) {
      const earlier = first.get(`${item.scope} ${key}`);
      if (earlier === undefined) first.set(`${item.scope} ${key}`, item);
      else if (!reported) {
        reported = true;
        out.push(
          warning(
            item,
            "if",
            "same-scope",
            `${pair(earlier, item)} both transform ${label} of ${scopeText(item)}: Segment allows one transformation per source, type, event and destination, and refuses to create the second`,
          ),
        );
      }
    }
  }
  return out;
}

function sameProperty(items: readonly Item[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Per scope and path: the first document for each event, the first without a bound on the event, and the first at all.
  const firsts = new Map<string, { byEvent: Map<unknown, Item>; unbounded?: Item; any?: Item }>();
  for (const item of items) {
    if (item.resource.spec.enabled === false) continue;
    let reported = false;
    for (const [path, field] of item.targets) {
      const key = `${item.scope} ${path}`;
      const seen = firsts.get(key) ?? { byEvent: new Map<unknown, Item>() };
      firsts.set(key, seen);
      const earlier = item.events
        ? [...item.events].map((e) => seen.byEvent.get(e) ?? seen.unbounded).find((x) => x !== undefined)
        : seen.any;
      if (earlier !== undefined && !reported) {
        reported = true;
        out.push(
          warning(
            item,
            field,
            "same-property",
            `${pair(earlier, item)} both give ${path} a value for the same events of ${scopeText(item)}: Segment does not document which applies last (transync simulates source-scoped first, then by name)`,
          ),
        );
      }
      seen.any ??= item;
      if (!item.events) seen.unbounded ??= item;
      for (const e of item.events ?? []) if (!seen.byEvent.has(e)) seen.byEvent.set(e, item);
    }
  }
  return out;
}

const where = (l: SourceLocation): string => `${l.file}:${l.line}`;

function pair(earlier: Item, later: Item): string {
  return `"${earlier.resource.name}" (${where(earlier.resource.location)}) and "${later.resource.name}" (${where(later.resource.location)})`;
}

function scopeText({ resource: { spec } }: Item): string {
  return `source ${spec.sourceId}${spec.destinationMetadataId ? ` and destination ${spec.destinationMetadataId}` : ""}`;
}

function warning(item: Item, path: string, rule: LintRuleId, message: string): Diagnostic {
  return { ...item.resource.location, severity: "warning", path, rule, message };
}

function compareLocations(a: SourceLocation, b: SourceLocation): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}
