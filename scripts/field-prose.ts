/**
 * The prose that lists fields by a fact (which fields `null` clears, which are write-only), rewritten
 * from the field registry (src/model/fields.ts) by `npm run schemas`: in Markdown between
 * `<!-- fields LIST -->` and `<!-- /fields -->`, in a schema's descriptions where a sentence names them.
 * A marker or a sentence that is gone is an error that says where, never a list left stale.
 */
import { fieldsWhere, type FieldName } from "../src/model/fields.js";
import { WRITE_ONLY_FIELDS } from "../src/model/transformation.js";

/** The lists prose may name, by the words of its marker. */
export const FIELD_LISTS: Readonly<Record<string, readonly FieldName[]>> = {
  "cleared with null": fieldsWhere((facts) => facts.clearedWith === null),
  "cleared with false": fieldsWhere((facts) => facts.clearedWith === false),
  "write-only": WRITE_ONLY_FIELDS,
  optional: fieldsWhere((facts) => !facts.required),
};

/** Markdown files whose lists are rewritten between markers. */
export const LISTING_DOCS = ["README.md", "docs/emulator.md", "docs/plan-promises.md", "docs/gitops.md", "docs/simulator.md"] as const;

const MARKED = /(<!-- fields ([a-z -]+?) -->)[\s\S]*?(<!-- \/fields -->)/g;

function listOf(name: string, where: string): readonly FieldName[] {
  const list = FIELD_LISTS[name];
  if (list === undefined)
    throw new Error(`${where}: no list of fields called "${name}" (scripts/field-prose.ts knows ${Object.keys(FIELD_LISTS).join(", ")})`);
  return list;
}

/** `a`, `b` and `c`. */
function markdownList(fields: readonly FieldName[]): string {
  const named = fields.map((field) => `\`${field}\``);
  return named.length < 2 ? named.join("") : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** The Markdown text with every marked list rewritten from the registry. */
export function withFieldLists(text: string, file: string): string {
  return text.replace(MARKED, (_all, open: string, name: string, close: string) => `${open}${markdownList(listOf(name, file))}${close}`);
}

/** A sentence of a schema's descriptions that names a list of fields (group 1), and how it joins them. */
interface SchemaSentence {
  file: string;
  says: RegExp;
  list: string;
  joiner: string;
}

export const SCHEMA_SENTENCES: readonly SchemaSentence[] = [
  { file: "schemas/plan.schema.json", says: /null \(([^)]*)\) or false/, list: "cleared with null", joiner: ", " },
  { file: "schemas/plan.schema.json", says: /or false \(([^)]*)\)/, list: "cleared with false", joiner: ", " },
  { file: "schemas/plan.schema.json", says: /What write-only fields \(([^;]*);/, list: "write-only", joiner: ", " },
  {
    file: "schemas/api/update-transformation.schema.json",
    says: /arrays with \[\], (.*?) with null/,
    list: "cleared with null",
    joiner: "/",
  },
  { file: "schemas/api/update-transformation.schema.json", says: /with null, (.*?) with false/, list: "cleared with false", joiner: "/" },
  {
    file: "schemas/api/emulator-config.schema.json",
    says: /clear \(default\) clears (.*?); ignore/,
    list: "cleared with null",
    joiner: ", ",
  },
];

/** Every string in `node`, changed by `change` in place. */
function eachString(node: unknown, change: (text: string) => string): unknown {
  if (typeof node === "string") return change(node);
  if (Array.isArray(node)) return node.map((item) => eachString(item, change));
  if (node === null || typeof node !== "object") return node;
  for (const [key, member] of Object.entries(node)) (node as Record<string, unknown>)[key] = eachString(member, change);
  return node;
}

/** The schema of `file` with each of its sentences naming the registry's list; a sentence not found once is an error. */
export function withSchemaLists(file: string, schema: unknown): unknown {
  for (const sentence of SCHEMA_SENTENCES.filter((s) => s.file === file)) {
    let found = 0;
    eachString(schema, (text) => {
      const [start, end] = new RegExp(sentence.says.source, "d").exec(text)?.indices?.[1] ?? [];
      if (start === undefined || end === undefined) return text;
      found++;
      return `${text.slice(0, start)}${listOf(sentence.list, file).join(sentence.joiner)}${text.slice(end)}`;
    });
    if (found !== 1)
      throw new Error(`${file}: ${found} descriptions say ${sentence.says.source}, not one: edit the sentence in scripts/field-prose.ts`);
  }
  return schema;
}
