import { describe, expect, it } from "vitest";
import { loadDesired } from "../../src/desired/load-desired.js";
import { memorySource } from "../desired/memory-source.js";

// kind: DestinationFilter documents (issue 37): each API limit a validate error at file:line:col naming
// the limit; the instance resolved offline from connections: or { slug, name } / { id } with source;
// (instance, title) unique.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
`;

const filter = (lines: string[]): string => ["apiVersion: transync/v1", "kind: DestinationFilter", ...lines].join("\n") + "\n";
const base = ["name: Drop internal", "destination: amplitude-prod", 'if: "properties.internal = true"', "actions: [{ type: DROP }]"];

async function validate(files: Record<string, string>) {
  const loaded = await loadDesired(memorySource({ "transync.yaml": PROJECT, ...files }), { everyEnvironment: true });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  return { loaded, errors: errors.map((d) => `${d.file}:${d.line}:${d.col} ${d.path}: ${d.message}`) };
}

describe("validate: DestinationFilter documents", () => {
  it("reads a filter by its connections: alias: source, instance, title defaulting to the name, enabled to true", async () => {
    const { loaded, errors } = await validate({ "transformations/f.yaml": filter(base) });
    expect(errors).toEqual([]);
    expect(loaded.state.otherKinds).toMatchObject([
      {
        kind: "DestinationFilter",
        name: "Drop internal",
        spec: { sourceId: "src_web", title: "Drop internal", if: "properties.internal = true", actions: [{ type: "DROP" }], enabled: true },
        instance: { alias: "amplitude-prod", sourceAlias: "web", slug: "amplitude", name: "Amplitude prod" },
      },
    ]);
  });

  it.each([
    [
      "5 actions",
      ["actions: [{ type: DROP }, { type: DROP }, { type: DROP }, { type: DROP }, { type: DROP }]"],
      "f.yaml:5:10 actions: has 5 actions; the API's limit is at most 4 actions per filter",
    ],
    [
      "an if over 3 KB",
      [`if: "event = '${"x".repeat(3100)}'"`],
      "f.yaml:5:5 if: is 3110 bytes; the API's limit for a filter's if is 3 KB (3072 bytes)",
    ],
    [
      "9 objects",
      [`actions: [{ type: ALLOW_PROPERTIES, fields: { ${Array.from({ length: 9 }, (_, i) => `p${i}: [a]`).join(", ")} } }]`],
      "f.yaml:5:45 actions.0.fields: has 9 objects; the API's limit is at most 8 objects per ALLOW_PROPERTIES action",
    ],
    [
      "65 fields",
      [`actions: [{ type: DROP_PROPERTIES, fields: { properties: [${Array.from({ length: 65 }, (_, i) => `f${i}`).join(", ")}] } }]`],
      "f.yaml:5:58 actions.0.fields.properties: has 65 fields; the API's limit is at most 64 fields per object",
    ],
    [
      "a dotted field name",
      ['actions: [{ type: DROP_PROPERTIES, fields: { "": [user.email] } }]'],
      'field name "user.email": the API refuses field names with spaces or dots',
    ],
    [
      "a field name with a space",
      ['actions: [{ type: DROP_PROPERTIES, fields: { "": ["user email"] } }]'],
      'field name "user email": the API refuses',
    ],
    ["percent over 1", ["actions: [{ type: SAMPLE, percent: 1.5 }]"], "f.yaml:5:36 actions.0.percent: must be a number from 0 to 1"],
    ["an if that is not FQL", ['if: "event = (("'], "f.yaml:5:5 if: invalid FQL (the API refuses it) at column"],
  ])("refuses %s, at its line, naming the limit", async (_what, lines, expected) => {
    const replaced = base.filter((line) => !lines.some((l) => l.split(":")[0] === line.split(":")[0]));
    const { errors } = await validate({ "transformations/f.yaml": filter([...replaced.slice(0, 2), ...lines, ...replaced.slice(2)]) });
    expect(errors.join("\n")).toContain(expected);
  });

  it("refuses two documents with one (instance, title), an unknown connection alias, and a source that disagrees with its connection", async () => {
    const { errors } = await validate({
      "transformations/a.yaml": filter(base) + "---\n" + filter(["name: Other", "title: Drop internal", ...base.slice(1)]),
      "transformations/b.yaml": filter(["name: B", "destination: amplitude-prd", ...base.slice(2)]),
      "transformations/c.yaml": filter(["name: C", "source: src_other", ...base.slice(1)]),
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^transformations\/a.yaml:8:1 title: DestinationFilter "Other" has the title "Drop internal" on the same destination instance as "Drop internal" \(transformations\/a.yaml:1:1\)/,
      ),
      expect.stringMatching(
        /^transformations\/b.yaml:4:14 destination: unknown connection alias "amplitude-prd"; did you mean "amplitude-prod"\?/,
      ),
      expect.stringMatching(/^transformations\/c.yaml:4:9 source: source "src_other" is not the source of connection "amplitude-prod"/),
    ]);
  });

  it("checks an override of another environment than the one read, at the override, naming the limit", async () => {
    const { errors } = await validate({
      "transync.yaml": PROJECT.replace("environments:\n", "environments:\n  staging: { sources: { web: src_web_stg } }\n"),
      "transformations/f.yaml": filter([...base, "overrides: { staging: { actions: [{ type: SAMPLE, percent: 2 }] } }"]),
    });
    expect(errors.join("\n")).toContain("overrides.staging.actions.0.percent: must be a number from 0 to 1");
  });

  it("takes { slug, name } or { id } with a source, per-environment overrides and pins", async () => {
    const { loaded, errors } = await validate({
      "transformations/f.yaml": filter([
        "name: Sample",
        "id: { prod: df_1 }",
        "source: web",
        "destination: { id: dst_1 }",
        "if: \"type = 'track'\"",
        "actions: [{ type: SAMPLE, percent: 0.5, path: userId }]",
        "overrides: { prod: { enabled: false } }",
      ]),
    });
    expect(errors).toEqual([]);
    expect(loaded.state.otherKinds).toMatchObject([
      { id: "df_1", spec: { sourceId: "src_web", enabled: false }, instance: { id: "dst_1" } },
    ]);
    const missing = await validate({
      "transformations/g.yaml": filter(["name: G", "destination: { slug: amplitude, name: A }", ...base.slice(2)]),
    });
    expect(missing.errors.join("\n")).toContain("give its source too");
  });
});
