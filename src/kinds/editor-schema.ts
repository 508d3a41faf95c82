import { InternalError } from "../errors.js";
import type { JsonSchema } from "../model/field-schemas.js";
import type { KindEditorSchema, ResourceKind } from "./kind.js";

/** The `$id` prefix of every schema transync publishes (schemas/). */
const SCHEMA_BASE = "https://transync.dev/schemas/";

/** An environment's name, as transync.yaml's `environments:` keys are. */
const ENVIRONMENT = { pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" } as const;

/** One key of a document as the schema lists it: its value schema and whether a document must give it. */
interface DocumentKey {
  key: string;
  value: JsonSchema;
  required: boolean;
}

/**
 * The editors' JSON Schema of a kind's documents (`editorSchema` in its descriptor): the header
 * (`apiVersion`, `kind`, `id`, `protect`) and each key with its value schema, description and
 * examples, required as the descriptor says, no other key. The keys are the field registry's, or for
 * a kind whose documents are not its fields (`document`) the document's keys and their `values`, with
 * `overrides`, `only` and `except` when its documents differ per environment. Written by `npm run
 * schemas` (scripts/compile-schemas.ts) and copied into projects (src/import/project-schemas.ts);
 * `validate` checks the descriptor's rules, this is for editors. Undefined for a kind that asks for none.
 */
export function kindEditorSchema(kind: ResourceKind): Record<string, unknown> | undefined {
  const editor = kind.editorSchema;
  if (editor === undefined) return undefined;
  const keys = documentKeys(kind);
  const undescribed = keys.find(({ key }) => !editor.fields[key]);
  if (undescribed) throw new InternalError(`kind ${kind.name}: editorSchema.fields has no description of "${undescribed.key}"`);
  const described = (key: string, schema: JsonSchema) => ({ ...schema, description: editor.fields[key], ...examplesOf(editor, key) });
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `${SCHEMA_BASE}${editor.file}`,
    title: `transync ${kind.name} document`,
    description: `${editor.description} Written by \`npm run schemas\` from the kind's descriptor; \`transync validate\` checks the same rules at file:line:col.`,
    type: "object",
    required: ["apiVersion", "kind", ...keys.filter((k) => k.required).map((k) => k.key)],
    additionalProperties: false,
    properties: {
      ...headerProperties(kind, editor),
      ...Object.fromEntries(keys.map(({ key, value }) => [key, described(key, value)])),
      ...(kind.document?.perEnvironment ? perEnvironmentProperties(kind, editor, keys) : {}),
    },
    ...(editor.example !== undefined ? { examples: [editor.example] } : {}),
  };
}

/** The keys after the header: the document's (each with its `values` entry), else the registry's fields. */
function documentKeys(kind: ResourceKind): DocumentKey[] {
  const document = kind.document;
  if (document === undefined)
    return Object.entries(kind.fields).map(([key, facts]) => ({ key, value: facts.schema.value, required: facts.required }));
  const unknown = document.required.find((key) => !document.keys.includes(key));
  if (unknown !== undefined) throw new InternalError(`kind ${kind.name}: document.required names "${unknown}", not one of its keys`);
  return document.keys.map((key) => {
    const value = document.values[key];
    if (value === undefined) throw new InternalError(`kind ${kind.name}: document.values has no schema of "${key}"`);
    return { key, value, required: document.required.includes(key) };
  });
}

/** `examples` of a key, when the descriptor gives some. */
function examplesOf(editor: KindEditorSchema, key: string): { examples?: unknown[] } {
  const examples = editor.examples?.[key];
  return examples === undefined ? {} : { examples: [...examples] };
}

/** `apiVersion`, `kind`, the `id` pin (one, or one per environment, as every kind's documents take) and `protect`. */
function headerProperties(kind: ResourceKind, editor: KindEditorSchema): Record<string, unknown> {
  const singular = kind.labels.singular;
  // An id as the kind's ids look (its `examples.id`), else the emulator's prefix before a made-up one.
  const id = editor.examples?.id?.[0] ?? `${kind.emulator.idPrefix}2x8Hk`;
  return {
    apiVersion: { const: "transync/v1", description: "Version of the document format.", examples: ["transync/v1"] },
    kind: { const: kind.name, description: "Kind of the document.", examples: [kind.name] },
    id: {
      oneOf: [
        { type: "string", minLength: 1 },
        { type: "object", propertyNames: ENVIRONMENT, additionalProperties: { type: "string", minLength: 1 } },
      ],
      description: `The live ${singular}'s id this document owns (written by \`transync import\`), or one per environment.`,
      examples: [id, { prod: id }],
    },
    protect: {
      type: "boolean",
      description: `transync's own, never sent to the API: \`true\` protects the live ${singular} this document describes (by its pinned \`id\`, else its ${kind.identity.name}). A plan that would delete it (whatever the prune setting) is refused, naming this line; a pull-request plan (\`--base\`) reads protections at the base too, so a pull request cannot remove \`protect: true\` and the document in one step. Default \`false\`.`,
      default: false,
      examples: [true],
    },
  };
}

/** `overrides` (every key but the one naming the document and `lint`, each as the document's own), `only` and `except` (src/desired/per-environment.ts). */
function perEnvironmentProperties(kind: ResourceKind, editor: KindEditorSchema, keys: readonly DocumentKey[]): Record<string, unknown> {
  // `lint` is the document's, never an environment's (src/desired/per-environment.ts).
  const overridable = ["protect", ...keys.map((k) => k.key).filter((key) => key !== kind.document?.name && key !== "lint")];
  const environments = (description: string, example: string) => ({
    type: "array",
    minItems: 1,
    items: { type: "string", ...ENVIRONMENT },
    description,
    examples: [[example]],
  });
  return {
    overrides: {
      type: "object",
      propertyNames: ENVIRONMENT,
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        properties: Object.fromEntries(overridable.map((key) => [key, { $ref: `#/properties/${key}` }])),
        description: "The keys this environment sets differently; each is checked as the same key of the document is.",
      },
      description: `Per-environment values: each key given under an environment replaces the document's own there (the whole value: lists and mappings are not merged). Any key but \`${kind.document?.name}\` and \`id\` may be overridden; an environment must be one transync.yaml defines.`,
      ...examplesOf(editor, "overrides"),
    },
    only: environments("The environments this document exists in (default: every one).", "prod"),
    except: environments("The environments this document does not exist in.", "staging"),
  };
}
