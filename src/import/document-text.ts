import { Document, isMap, isScalar, isSeq, visit } from "yaml";
import type { KindImportContext, KindImportLayout, KindObject, ResourceKind } from "../kinds/kind.js";

export const API_VERSION = "transync/v1";

/**
 * One document of a live object as import writes it, for every kind: the header (`apiVersion`,
 * `kind`, the importer's `beforeId` keys, the pinned `id` — `{ <env>: <id> }` with an environment —
 * and `only`), then the importer's fields; the notes as the document's comment; the importer's
 * layout. Pure.
 */
export function documentText(kind: ResourceKind, live: KindObject, context: KindImportContext, only?: readonly string[]): string {
  const importer = kind.importer;
  const fields = importer.document(live, context);
  const before = importer.beforeId ?? [];
  const body: Record<string, unknown> = { apiVersion: API_VERSION, kind: kind.name };
  for (const key of before) if (Object.hasOwn(fields, key)) body[key] = fields[key];
  body.id = context.env === undefined ? live.id : { [context.env]: live.id };
  if (only !== undefined) body.only = only;
  for (const [key, value] of Object.entries(fields)) if (!before.includes(key)) body[key] = value;
  const doc = new Document(body);
  if (importer.layout !== undefined) layOut(doc, importer.layout);
  const notes = [...writeOnlyNote(kind, live), ...(importer.notes?.(live) ?? [])];
  if (notes.length > 0 && isMap(doc.contents)) doc.contents.comment = notes.map((n) => ` ${n}`).join("\n");
  return doc.toString(importer.layout !== undefined ? { lineWidth: 0 } : {});
}

/** The fields no reply carries (`returned: "never"`, the registry's `imported: "note"`) that the object lacks: a note asking for them. */
function writeOnlyNote(kind: ResourceKind, live: KindObject): string[] {
  const unread = Object.keys(kind.fields).filter((field) => kind.fields[field]!.returned === "never" && live[field] === undefined);
  if (unread.length === 0) return [];
  const [verb, them] = unread.length > 1 ? ["are", "them"] : ["is", "it"];
  return [
    `${unread.join(" and ")} ${verb} write-only: the API does not return ${them}; add ${them} here if this ${kind.labels.singular} uses ${them}.`,
  ];
}

/**
 * The layout people write: `flow` keys' maps and lists on one line, each map in a `flowItems` key's
 * list on one line, and the strings a YAML 1.1 reader (some editors, older tools) would take for
 * booleans or null quoted; `yaml` already quotes what 1.2 needs.
 */
function layOut(doc: Document, layout: KindImportLayout): void {
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || typeof pair.key.value !== "string") return;
      if (layout.flow.includes(pair.key.value) && (isMap(pair.value) || isSeq(pair.value))) pair.value.flow = true;
      if (layout.flowItems.includes(pair.key.value)) {
        visit(pair.value as Parameters<typeof visit>[0], { Map: (_k, map) => void (map.flow = true) });
      }
    },
    Scalar(key, node) {
      if (key === "key") return;
      if (typeof node.value === "string" && /^(y|yes|n|no|on|off|true|false|null|~)$/i.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
}
