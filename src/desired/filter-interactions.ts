import { DESTINATION_FILTER } from "../kinds/destination-filter/index.js";
import { interactingFilters, type FilterInteraction, type InteractingFilter } from "../kinds/destination-filter/interactions.js";
import type { DesiredResource, SourceLocation } from "../model/desired-resource.js";
import { instanceKey } from "./instance-refs.js";
import type { Diagnostic } from "./types.js";

/*
 * The warning `filter-interaction` (src/desired/lint-rules.ts): two enabled Destination Filters of one
 * instance where one's `if` reads a path the other's property actions drop or keep, as `simulate` and
 * `test` report them (src/kinds/destination-filter/interactions.ts). Offline: the instance is the one
 * the documents resolve to (a `connections:` alias, or the same `{ slug, name }` / `{ id }` of the same
 * source: instance-refs.ts). Reported at the later of the two documents, so its `lint.ignore` silences it.
 */

/** Every interaction of the filter documents read for one environment, each once, at the later document. */
export function filterInteractionWarnings(resources: readonly DesiredResource[]): Diagnostic[] {
  const byInstance = new Map<string, DesiredResource[]>();
  for (const resource of resources) {
    if (resource.kind !== DESTINATION_FILTER.name || resource.instance === undefined) continue;
    const key = instanceKey(resource);
    byInstance.set(key, [...(byInstance.get(key) ?? []), resource]);
  }
  const found: Diagnostic[] = [];
  for (const documents of byInstance.values()) {
    const byName = new Map(documents.map((d) => [d.name, d]));
    const filters = documents.flatMap((d) => asFilter(d) ?? []);
    for (const interaction of interactingFilters(filters))
      found.push(warning(interaction, byName.get(interaction.changes)!, byName.get(interaction.reads)!, instanceText(documents)));
  }
  return found;
}

/** A checked document's spec (filterSpec: `if`, `actions`, `enabled`) as the analysis reads it. */
function asFilter(resource: DesiredResource): InteractingFilter | undefined {
  const spec = resource.spec as unknown as Partial<InteractingFilter>;
  if (typeof spec.if !== "string" || !Array.isArray(spec.actions)) return undefined;
  return { name: resource.name, if: spec.if, actions: spec.actions, ...(spec.enabled === false ? { enabled: false } : {}) };
}

function warning(i: FilterInteraction, changer: DesiredResource, reader: DesiredResource, instance: string): Diagnostic {
  const readerLater = compareLocations(changer.location, reader.location) < 0;
  const how = i.action === "DROP_PROPERTIES" ? "drops" : "keeps or drops (ALLOW_PROPERTIES)";
  return {
    ...(readerLater ? reader : changer).location,
    severity: "warning",
    rule: "filter-interaction",
    path: readerLater ? "if" : "actions",
    message:
      `filters "${changer.name}" (${where(changer.location)}) and "${reader.name}" (${where(reader.location)}) of ${instance} interact: ` +
      `"${changer.name}" ${how} ${i.path}, which the if of "${reader.name}" reads; Segment applies an instance's filters in the order ` +
      `they appear in the workspace, which no document holds, so the result depends on that order`,
  };
}

/** The instance as the documents name it: a `connections:` alias when one of them writes it, else its `{ slug, name }` or `{ id }`. */
function instanceText(documents: readonly DesiredResource[]): string {
  const alias = documents.find((d) => d.instance?.alias !== undefined)?.instance?.alias;
  if (alias !== undefined) return `instance ${alias}`;
  const { id, slug, name } = documents[0]!.instance!;
  return id !== undefined ? `instance ${id}` : `instance "${name ?? ""}" (${slug ?? ""})`;
}

const where = (l: SourceLocation): string => `${l.file}:${l.line}`;

function compareLocations(a: SourceLocation, b: SourceLocation): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}
