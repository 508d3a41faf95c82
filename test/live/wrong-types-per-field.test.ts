import { describe, expect, it } from "vitest";
import { FIELDS, FIELD_NAMES, fieldsWhere, type FieldName } from "../../src/model/fields.js";
import { apiErrorOf, makeApi, useScriptedApi } from "./helpers.js";

/**
 * Every field of the registry (src/model/fields.ts) has its reply check (src/kinds/transformation/decode-fields.ts),
 * built from its schema: a reply carrying a wrongly typed value for any field, at its top or inside
 * its value, is refused with an error naming the field's path and what it should be. A field added to
 * the registry gets its cases here without an edit.
 */
const fake = useScriptedApi();

type Schema = Record<string, unknown>;
/** A value of another JSON type than `type`, and how the error names what was expected. */
const WRONG: Record<string, { value: unknown; expected: string }> = {
  string: { value: 42, expected: "not a string" },
  boolean: { value: "yes", expected: "not true or false" },
  number: { value: "many", expected: "not a number" },
  integer: { value: "many", expected: "not a number" },
  array: { value: { not: "a list" }, expected: "not an array of" },
  object: { value: "not an object", expected: "not an object" },
};

/** A reply whose required fields hold their first example. */
const good = (): Record<string, unknown> => ({
  id: "tf_1",
  ...Object.fromEntries(fieldsWhere((facts) => facts.required).map((field) => [field, FIELDS[field].examples[0]])),
});

/** The field's first example with its first element's (or member's) first value made of the wrong type, when it has one. */
function nested(field: FieldName): { value: unknown; path: string } | undefined {
  const example = structuredClone(FIELDS[field].examples[0]) as unknown;
  const container = Array.isArray(example) ? example[0] : example;
  const inside = Array.isArray(example) ? "[0]" : "";
  if (container === null || typeof container !== "object") {
    if (!Array.isArray(example) || example.length === 0) return undefined;
    example[0] = typeof example[0] === "string" ? 7 : "seven";
    return { value: example, path: `.${field}[0]` };
  }
  const member = Object.keys(container)[0]!;
  const record = container as Record<string, unknown>;
  record[member] = typeof record[member] === "string" ? 7 : "seven";
  return { value: example, path: `.${field}${inside}.${member}` };
}

async function refusal(reply: Record<string, unknown>): Promise<string> {
  fake.server.script.push({ body: { data: { transformation: reply } } });
  const { api } = makeApi(fake.url);
  return (await apiErrorOf(api.get("tf_1"))).message;
}

describe("a reply with a wrongly typed value is refused, for every field of the registry", () => {
  it.each(FIELD_NAMES)("%s", async (field) => {
    const schema = FIELDS[field].schema.value as Schema;
    const wrong = WRONG[String(schema.type)]!;
    const message = await refusal({ ...good(), [field]: wrong.value });
    expect(message).toContain("malformed reply from the API");
    expect(message).toContain(`\`data.transformation.${field}\` of transformation "tf_1" is `);
    expect(message).toContain(wrong.expected);
  });

  it.each(FIELD_NAMES.filter((field) => nested(field) !== undefined))("%s, inside its value", async (field) => {
    const { value, path } = nested(field)!;
    const message = await refusal({ ...good(), [field]: value });
    expect(message).toContain(`\`data.transformation${path}\` of transformation "tf_1" is `);
  });

  it("the reply of the examples themselves is accepted (the cases above fail for their wrong value alone)", async () => {
    const reply = { ...good(), ...Object.fromEntries(FIELD_NAMES.map((field) => [field, FIELDS[field].examples[0]])) };
    fake.server.script.push({ body: { data: { transformation: reply } } });
    const { api } = makeApi(fake.url);
    await expect(api.get("tf_1")).resolves.toMatchObject({ id: "tf_1" });
  });
});
