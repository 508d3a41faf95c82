import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseAllDocuments } from "yaml";
import { editPins } from "../../src/import/edit-pins.js";

const values = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as Record<string, unknown>);

/** `import --env E` writes E's pin into documents that exist, and nothing else of the file changes. */
describe("editPins: one environment's pin, the rest of the file byte for byte", () => {
  const file = [
    "# yaml-language-server: $schema=../schemas/transformation.schema.json",
    "# Orders, owned by the checkout team.",
    "apiVersion: transync/v1",
    "kind: Transformation",
    "name: Rename Order Completed   # keep this name",
    "sourceId: web",
    "enabled: true",
    "if: \"event = 'Order Completed'\"",
    "newEventName: Order Placed",
    "---",
    "apiVersion: transync/v1",
    "kind: Transformation",
    "name: 'Mask IP'",
    "id:",
    "  staging: tfm_stg_2 # staging's",
    "sourceId: web",
    "enabled: false",
    "if: type = 'track'",
    "---",
    "apiVersion: transync/v1",
    "kind: Transformation",
    "name: Third",
    "id: { staging: tfm_stg_3 }",
    "sourceId: web",
    "enabled: true",
    "if: type = 'page'",
    "",
  ].join("\n");

  it("adds `id: { E: … }` after the name of an unpinned document, and E's entry to block and flow maps", () => {
    const edited = editPins("web.yaml", file, [
      { document: 0, env: "prod", id: "tfm_prd_1" },
      { document: 1, env: "prod", id: "tfm_prd_2" },
      { document: 2, env: "prod", id: "tfm_prd_3" },
    ]);
    expect(edited).toBe(
      file
        .replace("# keep this name\n", "# keep this name\nid: { prod: tfm_prd_1 }\n")
        .replace("# staging's\n", "# staging's\n  prod: tfm_prd_2\n")
        .replace("{ staging: tfm_stg_3 }", "{ staging: tfm_stg_3, prod: tfm_prd_3 }"),
    );
  });

  it("replaces E's entry when it is there, and only its value", () => {
    const edited = editPins("web.yaml", file, [{ document: 1, env: "staging", id: "tfm_new" }]);
    expect(edited).toBe(file.replace("staging: tfm_stg_2 #", "staging: tfm_new #"));
  });

  it("converts a plain id to E's entry of a map when told it is E's", () => {
    const text = "apiVersion: transync/v1\nkind: Transformation\nname: A\nid: tfm_1  # pinned\nsourceId: web\n";
    expect(editPins("a.yaml", text, [{ document: 0, env: "staging", id: "tfm_1" }])).toBe(
      text.replace("id: tfm_1 ", "id: { staging: tfm_1 } "),
    );
  });

  it("edits a document written as one JSON-style flow map", () => {
    const text = '{"apiVersion":"transync/v1","kind":"Transformation","name":"A","sourceId":"web","enabled":true,"if":"event = \'A\'"}\n';
    const edited = editPins("a.yaml", text, [{ document: 0, env: "prod", id: "tfm_1" }]);
    expect(values(edited)).toEqual([{ ...values(text)[0], id: { prod: "tfm_1" } }]);
    expect(edited.replace(", id: { prod: tfm_1 }", "")).toBe(text);
  });

  it("a document whose name is its last key gets the pin on the next line, also at the end of the file without a newline", () => {
    const text = "apiVersion: transync/v1\nkind: Transformation\nsourceId: web\nname: Last";
    expect(editPins("a.yaml", text, [{ document: 0, env: "prod", id: "tfm_1" }])).toBe(`${text}\nid: { prod: tfm_1 }`);
  });

  it("a file of CRLF lines gets CRLF lines: the pin's own line and E's entry of a block map", () => {
    const crlf = file.split("\n").join("\r\n");
    const edited = editPins("web.yaml", crlf, [
      { document: 0, env: "prod", id: "tfm_prd_1" },
      { document: 1, env: "prod", id: "tfm_prd_2" },
    ]);
    expect(edited).toBe(
      crlf
        .replace("# keep this name\r\n", "# keep this name\r\nid: { prod: tfm_prd_1 }\r\n")
        .replace("# staging's\r\n", "# staging's\r\n  prod: tfm_prd_2\r\n"),
    );
  });

  it("a kind's document gets its pin after the key naming it (`title`), else nothing is written", () => {
    const text = "apiVersion: transync/v1\nkind: Gadget\ntitle: A\nsize: 2\n";
    expect(editPins("a.yaml", text, [{ document: 0, env: "prod", id: "gdg_1" }], "title")).toBe(
      text.replace("title: A\n", "title: A\nid: { prod: gdg_1 }\n"),
    );
    expect(() => editPins("a.yaml", text, [{ document: 0, env: "prod", id: "gdg_1" }])).toThrow(/has no `name` to place the `id` after/);
  });

  it("quotes what a plain scalar cannot hold (ids and environment names from outside), checked by reading the file back", () => {
    const hostile = ["a, b: c}", "#x", "tfm\n- evil: 1", "123", "true", "null", "{ }", "'q'", '"', "é ok", " lead", "x\u2028y"];
    for (const id of hostile) {
      const edited = editPins("web.yaml", file, [
        { document: 0, env: id, id },
        { document: 1, env: "prod", id },
        { document: 2, env: "prod", id },
      ]);
      const [first, second, third] = values(edited);
      expect(first?.id).toEqual({ [id]: id });
      expect(second?.id).toEqual({ staging: "tfm_stg_2", prod: id });
      expect(third?.id).toEqual({ staging: "tfm_stg_3", prod: id });
    }
  });

  it("any id string round-trips, and every other value of the file stays as it was", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom(0, 1, 2), (id, document) => {
        const edited = editPins("web.yaml", file, [{ document, env: "prod", id }]);
        const before = values(file);
        const after = values(edited);
        expect(after.length).toBe(3);
        after.forEach((value, i) => {
          const { id: pin, ...rest } = value;
          const { id: oldPin, ...oldRest } = before[i]!;
          expect(rest).toEqual(oldRest);
          expect(pin).toEqual(i === document ? { ...(oldPin as object | undefined), prod: id } : oldPin);
        });
      }),
      { numRuns: 200 },
    );
  });
});
