import { FIELDS, FIELD_NAMES, type FieldName } from "../../model/fields.js";
import type { Transformation } from "../../model/transformation.js";
import type { KindImportContext, KindImporter, KindObject } from "../kind.js";

/*
 * The Transformation's part of `transync import` (its descriptor's `importer`; the text, files and
 * names are src/import/kind-import.ts's, as for every kind): one file per source, by its alias, or
 * one per transformation with `--split`; `name` before the pinned `id`; the input fields in the
 * registry's order (src/model/fields.ts), source and destination ids written as their aliases.
 */

/** A live field as a document writes it (ids by their aliases); undefined when unset. */
export function renderedField(
  t: Transformation,
  field: FieldName,
  context: Pick<KindImportContext, "sourceAliases" | "destinationAliases">,
): unknown {
  const aliased = FIELDS[field].aliased;
  const value =
    aliased === "source"
      ? aliasOf(t[field], context.sourceAliases)
      : aliased === "destination"
        ? aliasOf(t[field], context.destinationAliases)
        : t[field];
  return isPresent(value) ? value : undefined;
}

function aliasOf(id: unknown, aliases: Readonly<Record<string, string>> | undefined): unknown {
  return typeof id === "string" && aliases && Object.hasOwn(aliases, id) ? aliases[id] : id;
}

/** Absent, null, `[]` and `{}` are all "not set" for the API (it omits or empties them alike). */
function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** `name`, then every other input field the live object sets, in the registry's order. */
function transformationDocument(t: Transformation, context: KindImportContext): Record<string, unknown> {
  const document: Record<string, unknown> = { name: t.name };
  for (const field of FIELD_NAMES) {
    if (field === "name") continue;
    const value = renderedField(t, field, context);
    if (value !== undefined) document[field] = value;
  }
  return document;
}

/** What the live object does that transync does not manage, said where the reader edits. */
function unmanagedNotes(t: Transformation): string[] {
  if (!t.propertyDrops || t.propertyDrops.length === 0) return [];
  return [`The live object also drops ${t.propertyDrops.join(", ")} (propertyDrops, read-only: not managed by transync).`];
}

const asTransformation = (live: KindObject): Transformation => live as unknown as Transformation;

export const TRANSFORMATION_IMPORTER: KindImporter = {
  file: (live, context) => {
    const t = asTransformation(live);
    const group = Object.hasOwn(context.sourceAliases, t.sourceId) ? context.sourceAliases[t.sourceId]! : t.sourceId;
    return context.split ? { group, own: t.name } : { group };
  },
  document: (live, context) => transformationDocument(asTransformation(live), context),
  beforeId: ["name"],
  order: "name",
  notes: (live) => unmanagedNotes(asTransformation(live)),
  // Renames as one-line maps, as people write them.
  layout: { flow: ["id", "only"], flowItems: ["propertyRenames"] },
  schema: "transformation.schema.json",
};
