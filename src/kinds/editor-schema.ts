import { InternalError } from "../errors.js";
import type { ResourceKind } from "./kind.js";

/** The `$id` prefix of every schema transync publishes (schemas/). */
const SCHEMA_BASE = "https://transync.dev/schemas/";

/** An `id:` pin: the live object's id, or one per environment (`id: { prod: … }`), as every kind's documents take. */
const PIN = {
  oneOf: [
    { type: "string", minLength: 1 },
    { type: "object", propertyNames: { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" }, additionalProperties: { type: "string", minLength: 1 } },
  ],
  description: "The live object's id this document owns (written by `transync import`), or one per environment.",
};

/**
 * The editors' JSON Schema of a kind's documents (`editorSchema` in its descriptor): the header
 * (`apiVersion`, `kind`, `id`) and each field of the registry with its value schema and description,
 * required as the registry says, no other key. Written by `npm run schemas` (scripts/compile-schemas.ts);
 * `validate` checks the descriptor's rules, this is for editors. Undefined for a kind that asks for none.
 */
export function kindEditorSchema(kind: ResourceKind): Record<string, unknown> | undefined {
  const editor = kind.editorSchema;
  if (editor === undefined) return undefined;
  const fields = Object.entries(kind.fields);
  const undescribed = fields.find(([field]) => !editor.fields[field]);
  if (undescribed) throw new InternalError(`kind ${kind.name}: editorSchema.fields has no description of "${undescribed[0]}"`);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `${SCHEMA_BASE}${editor.file}`,
    title: `transync ${kind.name} document`,
    description: `${editor.description} Written by \`npm run schemas\` from the kind's descriptor; \`transync validate\` checks the same rules at file:line:col.`,
    type: "object",
    required: ["apiVersion", "kind", ...fields.filter(([, facts]) => facts.required).map(([field]) => field)],
    additionalProperties: false,
    properties: {
      apiVersion: { const: "transync/v1", description: "Version of the document format." },
      kind: { const: kind.name, description: "Kind of the document." },
      id: PIN,
      ...Object.fromEntries(fields.map(([field, facts]) => [field, { ...facts.schema.value, description: editor.fields[field] }])),
    },
  };
}
