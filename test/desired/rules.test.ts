import { describe, expect, it } from "vitest";
import { loadDesired } from "../../src/desired/load-desired.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { doc, memorySource } from "./memory-source.js";
import { CAPITAL_OR } from "../../src/fql/parse-fql.js";

const PROJECT = "environments:\n  staging:\n    sources: {web: src_stg_web}\n  prod:\n    sources: {web: src_prd_web, ios: src_prd_ios}\n";

/** Loads one file `transformations/t.yaml` (plus the project file) and returns the diagnostic lines. */
async function lines(text: string, opts: { env?: string; project?: string } = {}): Promise<string[]> {
  const files: Record<string, string> = { "transformations/t.yaml": text };
  if (opts.project !== undefined) files["transync.yaml"] = opts.project;
  const { diagnostics } = await loadDesired(memorySource(files), { env: opts.env });
  return diagnostics.map(formatDiagnosticLine);
}

const F = "transformations/t.yaml";

describe("schema errors, positioned at the YAML node", () => {
  it("limits propertyValueTransformations to 10 properties", async () => {
    const items = Array.from({ length: 11 }, (_, i) => `  - { propertyPaths: [properties.p${i}], propertyValue: x }`).join("\n");
    expect(await lines(doc("T", `propertyValueTransformations:\n${items}\n`))).toEqual([
      `${F}:8:3 propertyValueTransformations: at most 10 properties (got 11)`,
    ]);
  });

  it("limits fqlDefinedProperties to 1 property", async () => {
    const fql =
      "fqlDefinedProperties:\n  - { fql: lowercase(properties.a), propertyName: properties.b }\n  - { fql: lowercase(properties.c), propertyName: properties.d }\n";
    expect(await lines(doc("T", fql))).toEqual([`${F}:8:3 fqlDefinedProperties: at most 1 property (got 2)`]);
  });

  it("reports missing fields, wrong types, unknown fields and bad enums", async () => {
    const text =
      "apiVersion: transync/v1\nkind: Transformation\nname: 5\nenabled: 'yes'\nif: event = 'A'\nnewEventNam: X\nhashPropertiesConfiguration: {algorithm: SHA256, paths: [properties.e], encoding: hex}\n";
    expect(await lines(text)).toEqual([
      `${F}:1:1 sourceId: required field is missing`,
      `${F}:3:7 name: expected a string, got 5`,
      `${F}:4:10 enabled: expected true or false, got "yes"`,
      `${F}:6:1 newEventNam: unknown field "newEventNam"; did you mean "newEventName"?`,
      `${F}:7:83 hashPropertiesConfiguration.encoding: must be one of "BASE16", "BASE64", "BASE64URL", "HEX" (got "hex")`,
    ]);
  });

  it("requires a mapping document", async () => {
    expect(await lines("- a\n- b\n")).toEqual([
      `${F}:1:1 a document must be a mapping with apiVersion, kind, name, sourceId, enabled and if (got a list)`,
    ]);
  });
});

describe("header: apiVersion and kind", () => {
  it("names the known versions for an unknown apiVersion", async () => {
    expect(await lines("apiVersion: transync/v2\nkind: Transformation\n")).toEqual([
      `${F}:1:13 apiVersion: unknown apiVersion "transync/v2"; this version of transync knows: transync/v1`,
    ]);
  });

  it("requires apiVersion", async () => {
    expect(await lines("kind: Transformation\nname: x\n")).toEqual([
      `${F}:1:1 apiVersion: required field is missing; add apiVersion: transync/v1`,
    ]);
  });

  it("rejects an unknown kind", async () => {
    expect(await lines("apiVersion: transync/v1\nkind: Destination\n")).toEqual([
      `${F}:2:7 kind: unknown kind "Destination"; known kinds: Transformation, DestinationFilter`,
    ]);
  });
});

describe("semantic rules", () => {
  it("detects duplicate YAML keys and still checks the rest", async () => {
    expect(await lines(doc("T", "enabled: false\nnewEventName: 7\n"))).toEqual([
      `${F}:7:1 enabled: duplicate key "enabled": a key may appear only once in a mapping`,
      `${F}:8:15 newEventName: expected a string, got 7`,
    ]);
  });

  it("requires unique names and ids across files", async () => {
    const files = {
      "transformations/a.yaml": doc("Same", "id: tfm_1\nnewEventName: X\n"),
      "transformations/b.yaml": doc("Same", "id: tfm_1\nnewEventName: Y\n"),
    };
    const { diagnostics } = await loadDesired(memorySource(files));
    expect(diagnostics.map(formatDiagnosticLine)).toEqual([
      `transformations/b.yaml:3:7 name: duplicate name "Same" (also at transformations/a.yaml:3:7); names must be unique`,
      `transformations/b.yaml:7:5 id: duplicate id "tfm_1" (also at transformations/a.yaml:7:5); one document per live transformation`,
    ]);
  });

  it("roots value paths at properties. or context., each once, and not renamed", async () => {
    const extra =
      "propertyRenames:\n  - { oldName: a, newName: b }\npropertyValueTransformations:\n  - propertyPaths: [traits.x, properties.a, context.c, context.c]\n    propertyValue: v\n";
    expect(await lines(doc("T", extra))).toEqual([
      `${F}:10:21 propertyValueTransformations.0.propertyPaths.0: path must start with "properties." or "context." (got "traits.x")`,
      `${F}:10:31 propertyValueTransformations.0.propertyPaths.1: path "properties.a" is also renamed by propertyRenames.0; Segment rejects a value change of a renamed property`,
      `${F}:10:56 propertyValueTransformations.0.propertyPaths.3: path "context.c" is set twice (also at propertyValueTransformations.0.propertyPaths.2)`,
    ]);
  });

  it("renames only inside properties/traits, at most 4 levels, each once", async () => {
    const extra =
      "propertyRenames:\n  - { oldName: context.ip, newName: ip }\n  - { oldName: properties.total, newName: a.b.c.d.e }\n  - { oldName: context.ip, newName: z }\n";
    const out = await lines(doc("T", extra));
    expect(out).toEqual([
      `${F}:8:16 propertyRenames.0.oldName: "context.ip" is outside properties/traits, which propertyRenames cannot rename; use propertyValueTransformations to change fields outside them`,
      `${F}:9:16 propertyRenames.1.oldName: names are relative to properties/traits: write "total", not "properties.total"`,
      `${F}:9:43 propertyRenames.1.newName: at most 4 levels deep (got 5); write \\. for a dot inside a name`,
      `${F}:10:16 propertyRenames.2.oldName: "context.ip" is outside properties/traits, which propertyRenames cannot rename; use propertyValueTransformations to change fields outside them`,
      `${F}:10:16 propertyRenames.2.oldName: "context.ip" is renamed twice (also at propertyRenames.0)`,
    ]);
  });

  it("counts rename levels as Segment does: \\. is a dot inside one name, not a level", async () => {
    const extra =
      "propertyRenames:\n  - { oldName: 'a\\.b\\.c\\.d\\.e', newName: 'w.x.y.z' }\n  - { oldName: 'p.q\\.r.s.t.u', newName: v }\n";
    expect(await lines(doc("T", extra))).toEqual([
      `${F}:9:16 propertyRenames.1.oldName: at most 4 levels deep (got 5); write \\. for a dot inside a name`,
    ]);
  });

  it("a hash key is read only from a variable named TRANSYNC_KEY_* (a PR could otherwise print an HMAC made with any CI secret)", async () => {
    const refused = [
      "SEGMENT_API_TOKEN",
      "GITHUB_TOKEN",
      "NPM_TOKEN",
      "CI_REGISTRY_PASSWORD",
      "AWS_SECRET_ACCESS_KEY",
      "HASH_KEY",
      "TRANSYNC_ALLOW_API_HOSTS",
      "transync_key_email",
      "TRANSYNC_KEY_",
      "MY_TRANSYNC_KEY_X",
    ];
    for (const variable of refused) {
      const out = await lines(
        doc("T", `hashPropertiesConfiguration: { algorithm: SHA256, paths: [properties.e], key: { fromEnv: ${variable} } }\n`),
      );
      expect(out).toEqual([
        `${F}:7:90 hashPropertiesConfiguration.key.fromEnv: "${variable}" is not a hash key variable: a hash key is read only from a variable whose name starts with TRANSYNC_KEY_ (e.g. TRANSYNC_KEY_EMAIL), so that a document cannot make transync hash with another secret of the environment; put the key in such a variable`,
      ]);
    }
    for (const variable of ["TRANSYNC_KEY_EMAIL", "TRANSYNC_KEY_1", "TRANSYNC_KEY_a_b"]) {
      expect(
        await lines(doc("T", `hashPropertiesConfiguration: { algorithm: SHA256, paths: [properties.e], key: { fromEnv: ${variable} } }\n`)),
      ).toEqual([]);
    }
  });

  it("hash algorithm: MD5, SHA1, SHA256, SHA384 or SHA512 in any case; another name is an error at the field", async () => {
    const ok = await lines(doc("T", "hashPropertiesConfiguration: { algorithm: sha256, paths: [properties.e] }\n"));
    expect(ok).toEqual([]);
    const bad = await lines(doc("T", "hashPropertiesConfiguration: { algorithm: SHA3-256, paths: [properties.e] }\n"));
    expect(bad).toEqual([
      `${F}:7:43 hashPropertiesConfiguration.algorithm: must be one of MD5, SHA1, SHA256, SHA384, SHA512 (got "SHA3-256")`,
    ]);
  });

  it("warns when a hash path is listed twice: which value comes out would depend on whether Segment hashes it twice", async () => {
    const twice = await lines(doc("T", "hashPropertiesConfiguration: { algorithm: MD5, paths: [properties.e, traits.x, properties.e] }\n"));
    expect(twice).toEqual([
      `${F}:7:80 warning[duplicate-hash-path]: hashPropertiesConfiguration.paths.2: path "properties.e" is listed twice (also at hashPropertiesConfiguration.paths.0); transync hashes it once`,
    ]);
  });

  it("warns when newEventName is used with an if that does not select track events", async () => {
    const text = doc("T", "newEventName: X\n").replace("if: event = 'A'", "if: type = 'identify'");
    expect(await lines(text)).toEqual([
      `${F}:7:15 warning[new-event-name-track]: newEventName: newEventName renames track events only, but "if" does not select track events; match them with event = '...' or type = 'track'`,
    ]);
  });

  it("warns that drop: true ignores the other transforms", async () => {
    expect(await lines(doc("T", "drop: true\nnewEventName: X\nallowProperties: [a]\n"))).toEqual([
      `${F}:7:7 warning[drop-ignores]: drop: drop is true, so the other transforms are ignored: newEventName, allowProperties`,
    ]);
  });

  it("does not claim that a transformation without transforms changes nothing (removing drop: true from it is a change)", async () => {
    expect(await lines(doc("T"))).toEqual([]);
  });

  it("rejects fqlDefinedProperties combined with renames", async () => {
    const extra = "newEventName: X\nfqlDefinedProperties:\n  - { fql: lowercase(properties.a), propertyName: properties.b }\n";
    expect(await lines(doc("T", extra))).toEqual([
      `${F}:9:3 fqlDefinedProperties: fqlDefinedProperties cannot be combined with newEventName (Segment rejects it); move them to another transformation`,
    ]);
  });

  it("requires full paths for FQL-defined properties and hashed paths", async () => {
    const extra =
      "fqlDefinedProperties:\n  - { fql: lowercase(properties.a), propertyName: b }\nhashPropertiesConfiguration: { algorithm: SHA256, paths: [email] }\n";
    expect(await lines(doc("T", extra))).toEqual([
      `${F}:8:51 fqlDefinedProperties.0.propertyName: must be a full path starting with "properties.", "traits." or "context." (got "b")`,
      `${F}:9:59 hashPropertiesConfiguration.paths.0: must be a full path starting with "properties.", "traits." or "context." (got "email")`,
    ]);
  });
});

describe("FQL syntax errors point inside the expression", () => {
  const withIf = (ifLine: string) => doc("T", "drop: true\n").replace("if: event = 'A'", ifLine);

  it("in a plain scalar", async () => {
    expect(await lines(withIf("if: event = 'A' and"))).toEqual([
      `${F}:6:20 if: invalid FQL at column 16: expected a value, a field or a function call, found the end of the expression`,
    ]);
  });

  it("AND in capitals is and; OR in capitals is refused with the reason, at its column", async () => {
    expect(await lines(withIf("if: event = 'A' AND type = 'track'"))).toEqual([]);
    expect(await lines(withIf("if: event = 'A' OR type = 'track'"))).toEqual([`${F}:6:17 if: invalid FQL at column 13: ${CAPITAL_OR}`]);
  });

  it("in a double-quoted scalar with escapes", async () => {
    expect(await lines(withIf('if: "event = \\"A\\" type = 1"'))).toEqual([
      `${F}:6:20 if: invalid FQL at column 13: unexpected "type" after a complete expression (missing \`and\`/\`or\`?)`,
    ]);
  });

  it("in a single-quoted scalar", async () => {
    expect(await lines(withIf("if: 'event = ''A'' == 1'"))).toEqual([
      `${F}:6:20 if: invalid FQL at column 13: use \`=\` to compare, not \`==\``,
    ]);
  });

  it("in a literal block on its second line", async () => {
    expect(await lines(withIf("if: |\n  type = 'track' and\n    foo(event)"))).toEqual([
      `${F}:8:5 if: invalid FQL at line 2, column 3: unknown function "foo" (known: contains, match, length, lowercase, uppercase, snakecase, kebabcase, titlecase, typeof, bool, string, number)`,
    ]);
  });

  it("in fqlDefinedProperties[].fql", async () => {
    const extra = "fqlDefinedProperties:\n  - fql: lowercase(properties.a\n    propertyName: properties.b\n";
    expect(await lines(doc("T", extra))).toEqual([
      `${F}:8:32 fqlDefinedProperties.0.fql: invalid FQL at column 23: expected "," or ")", found the end of the expression`,
    ]);
  });
});

describe("source aliases", () => {
  const withSource = (source: string) => doc("T", "drop: true\n", source);

  it("resolves an alias of the selected environment", async () => {
    const files = { "transync.yaml": PROJECT, "transformations/t.yaml": withSource("web") };
    const { state, diagnostics } = await loadDesired(memorySource(files), { env: "prod" });
    expect(diagnostics).toEqual([]);
    expect(state.resources[0]!.spec.sourceId).toBe("src_prd_web");
  });

  it("rejects an alias the environment does not define", async () => {
    expect(await lines(withSource("ios"), { env: "staging", project: PROJECT })).toEqual([
      `${F}:4:11 sourceId: source alias "ios" is not defined for environment "staging" (defined in: prod); add it under environments.staging.sources`,
    ]);
  });

  it("suggests the closest alias for a typo", async () => {
    expect(await lines(withSource("wbe"), { env: "staging", project: PROJECT })).toEqual([
      `${F}:4:11 sourceId: unknown source alias "wbe" for environment "staging"; did you mean "web"?`,
    ]);
  });

  it("asks for an environment when an alias is used without one", async () => {
    expect(await lines(withSource("web"), { project: PROJECT })).toEqual([
      `${F}:4:11 sourceId: source alias "web" needs an environment: pass --env (staging, prod) or set defaultEnvironment in transync.yaml`,
    ]);
  });

  it("takes anything else as a source id", async () => {
    const files = { "transync.yaml": PROJECT, "transformations/t.yaml": withSource("qQEHquLrjRDN9j1ByrChyn") };
    const { state } = await loadDesired(memorySource(files), { env: "staging" });
    expect(state.resources[0]!.spec.sourceId).toBe("qQEHquLrjRDN9j1ByrChyn");
  });
});
