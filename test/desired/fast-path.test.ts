import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseYamlFast } from "../../src/desired/fast-yaml.js";
import { validCheckedAsExact } from "./same-as-exact.js";

const F = "transformations/t.yaml";

/** Scalars on which YAML parsers are known to differ, or that look like other types. */
const TRICKY = [
  "yes",
  "No",
  "on",
  "0x1F",
  "0o17",
  "017",
  "1_000",
  ".5",
  "+1",
  "1e3",
  "-.inf",
  ".NaN",
  "~",
  "null",
  "Null",
  "true",
  "False",
  "2024-01-01",
  "12:30:00",
  "a #b",
  "a: b",
  "- x",
  "é ü",
  "\\n",
  "'q'",
  '"d"',
  "%x",
  "@at",
  "`tick",
  "key:",
  ":x",
];

/** One scalar in one of YAML's one-line forms: tricky values, any string, or (most often) a plain word, so that many files are valid. */
const scalar = fc
  .tuple(
    fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), {
      arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}$/),
      weight: 3,
    }),
    fc.constantFrom("plain", "single", "double", "json"),
  )
  .map(([value, style]) => {
    if (style === "single") return `'${value.replace(/'/g, "''")}'`;
    if (style === "double") return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
    if (style === "json") return JSON.stringify(value);
    return value;
  });

/** A document whose string fields take tricky scalars, in block or flow layout, with noise around it. */
const documentText = fc
  .record({
    name: scalar,
    id: fc.option(scalar, { nil: undefined }),
    newEventName: fc.option(scalar, { nil: undefined }),
    propertyValue: scalar,
    sourceId: fc.oneof(
      { arbitrary: fc.constantFrom("src_1", "web", "'web'", "src_1 # c"), weight: 9 },
      { arbitrary: fc.constant("nope"), weight: 1 },
    ),
    enabled: fc.oneof(
      { arbitrary: fc.constantFrom("true", "false"), weight: 9 },
      { arbitrary: fc.constantFrom("yes", "'true'", "1"), weight: 1 },
    ),
    flow: fc.boolean(),
    comment: fc.boolean(),
  })
  .map((d) => {
    const fields: Array<[string, string]> = [
      ["apiVersion", "transync/v1"],
      ["kind", "Transformation"],
      ["name", d.name],
      ...(d.id === undefined ? [] : ([["id", d.id]] as Array<[string, string]>)),
      ["sourceId", d.sourceId],
      ["enabled", d.enabled],
      ["if", `"event = 'Order Completed'"`],
      ...(d.newEventName === undefined ? [] : ([["newEventName", d.newEventName]] as Array<[string, string]>)),
      ["propertyValueTransformations", `[{ propertyPaths: [properties.currency], propertyValue: ${d.propertyValue} }]`],
    ];
    const body = d.flow ? `{ ${fields.map(([k, v]) => `"${k}": ${v}`).join(", ")} }` : fields.map(([k, v]) => `${k}: ${v}`).join("\n");
    return `${d.comment ? "# yaml-language-server: $schema=../schemas/transformation.schema.json\n\n" : ""}${body}\n`;
  });

const fileText = fc
  .tuple(
    fc.array(documentText, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("\n", "\r\n"),
    fc.boolean(),
    fc.oneof({ arbitrary: fc.constant(""), weight: 6 }, { arbitrary: fc.constantFrom("&a ", "!!map ", "%YAML 1.1\n---\n"), weight: 1 }),
  )
  .map(([docs, newline, trailingSeparator, prefix]) =>
    `${prefix}${docs.join("---\n")}${trailingSeparator ? "---\n" : ""}`.replace(/\n/g, newline),
  );

describe("fast path of reading desired files", () => {
  it("gives exactly the result of the exact path, for valid and invalid files alike", () => {
    const validOnFastPath = validCheckedAsExact(F, fileText, (text) => parseYamlFast(text) !== undefined, 2000);
    // The comparison means something only if many files are valid and read on the fast path.
    expect(validOnFastPath).toBeGreaterThan(200);
  });

  it("is taken for the plain files a repository holds (examples, JSON-style documents)", () => {
    const dir = join(import.meta.dirname, "../../examples/transformations");
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(parseYamlFast(readFileSync(join(dir, file), "utf8")), file).toBeDefined();
    const json = '{"apiVersion": "transync/v1", "kind": "Transformation", "name": "A", "id": "x"}\n---\n{"name": "B"}';
    const read = parseYamlFast(json)!;
    const second = json.indexOf("{", 1);
    // Where yaml puts them: at the opening brace, and at the opening quote of each value.
    expect(read.documents.map((d) => [d.start, d.name, d.id])).toEqual([
      [0, json.indexOf('"A"'), json.indexOf('"x"')],
      [second, json.indexOf('"B"'), undefined],
    ]);
  });

  it.each([
    ["an anchor", "a: &x 1\nb: *x\n"],
    ["a tag", "a: !!str 1\n"],
    ["a directive", "%YAML 1.1\n---\na: yes\n"],
    ["an empty document", "a: 1\n---\n# only a comment\n"],
    ["a duplicate key", "a: 1\na: 2\n"],
    ["a syntax error", "a: [1, 2\n"],
    ["a root that is not a mapping", "- a\n"],
    ["a multi-line name", "name: >\n  folded\n"],
    ["nesting past the limit", `${"[".repeat(70)}${"]".repeat(70)}\n`],
  ])("leaves %s to the exact path", (_what, text) => {
    expect(parseYamlFast(text)).toBeUndefined();
  });
});
