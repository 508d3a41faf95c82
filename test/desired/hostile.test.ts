import { describe, expect, it } from "vitest";
import { loadDesired } from "../../src/desired/load-desired.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { YAML_LIMITS } from "../../src/desired/yaml-limits.js";
import { doc, memorySource } from "./memory-source.js";

const F = "transformations/t.yaml";

async function lines(content: string | Buffer): Promise<string[]> {
  const { diagnostics } = await loadDesired(memorySource({ [F]: content }));
  return diagnostics.map(formatDiagnosticLine);
}

describe("hostile input", () => {
  it("warns about an empty file and a comments-only file", async () => {
    expect(await lines("")).toEqual([`${F}:1:1 warning[empty-file]: file contains no documents`]);
    expect(await lines("# nothing\n---\n")).toEqual([`${F}:1:1 warning[empty-file]: file contains no documents`]);
  });

  it("rejects binary and non-UTF-8 files", async () => {
    expect(await lines(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toEqual([
      `${F}:1:1 file looks binary (it contains NUL bytes); expected YAML text`,
    ]);
    expect(await lines(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0xff, 0xfe]))).toEqual([
      `${F}:1:1 file is not valid UTF-8 text; save it as UTF-8`,
    ]);
  });

  it("accepts a UTF-8 byte order mark", async () => {
    expect(await lines(`\uFEFF${doc("T", "drop: true\n")}`)).toEqual([]);
  });

  it("refuses a file over the size limit before parsing it", async () => {
    const huge = `# ${"x".repeat(YAML_LIMITS.maxFileBytes)}\n`;
    expect(await lines(huge)).toEqual([`${F}:1:1 file is 5.0 MiB, over the 5 MiB limit; split it into smaller files`]);
  });

  // Stopped by the count of expansions, not by a clock; its time is a figure of bench/hostile-inputs.ts.
  it("stops a YAML bomb (alias expansion) at the expansion limit", async () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    expect(await lines(`${levels.join("\n")}\n`)).toEqual([
      `${F}:1:1 aliases expand too much (over ${YAML_LIMITS.maxAliasCount} expansions): a YAML "bomb"? write the values out`,
    ]);
  });

  it("says an alias to an anchor of another document is not a bomb: anchors do not cross ---", async () => {
    const out = await lines(`${doc("A", "newEventName: &n Placed\n")}---\n${doc("B", "newEventName: *n\n")}`);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /alias \*n has no anchor &n in its own document: anchors do not cross `---`; repeat the value or set the anchor in this document$/,
    );
    expect(out[0]).not.toMatch(/bomb/);
  });

  it("rejects deep nesting with a position", async () => {
    const deep = `name: ${"[".repeat(200)}${"]".repeat(200)}\n`;
    const out = await lines(deep);
    expect(out).toEqual([`${F}:1:${7 + YAML_LIMITS.maxDepth - 1} the document is nested more than ${YAML_LIMITS.maxDepth} levels deep`]);
    const deeper = await lines(`a: ${"[".repeat(50_000)}${"]".repeat(50_000)}`);
    expect(deeper.length).toBeGreaterThan(0);
  });

  it("reports YAML syntax errors at their position", async () => {
    expect(await lines("name: 'unterminated\nkind: x\n")).toEqual([`${F}:3:1 YAML: Missing closing 'quote`]);
    expect(await lines("a: [1, 2\n")).toEqual([expect.stringMatching(/^transformations\/t\.yaml:\d+:\d+ YAML: /)]);
  });

  it("a YAML error inside FQL (if, fqlDefinedProperties[].fql) says to quote the FQL, at the line of the FQL", async () => {
    const head = "apiVersion: transync/v1\nkind: Transformation\nname: T\nsourceId: src_1\nenabled: true\n";
    const advice = (key: string, example: string): string =>
      `the FQL of ${key} is not quoted as a whole, so YAML reads its ": " (or " #", a leading quote) as YAML: quote the whole FQL${example} or write it as a block (${key}: >- with the FQL on the lines below)`;
    expect(await lines(`${head}if: event = 'Step: 2'\ndrop: true\n`)).toEqual([
      `${F}:6:5 YAML: Nested mappings are not allowed in compact mappings; ${advice("if", ` (if: "event = 'Step: 2'")`)}`,
    ]);
    expect(await lines(`${head}if: 'A' = event\ndrop: true\n`)).toEqual([
      `${F}:6:9 YAML: Unexpected scalar at node end; ${advice("if", ` (if: "'A' = event")`)}`,
    ]);
    // Written on two lines: one error (not YAML's two at the same place), and no one-line example.
    expect(await lines(`${head}if: event = 'A'\n  and properties.plan: 'pro'\ndrop: true\n`)).toEqual([
      `${F}:6:5 YAML: Nested mappings are not allowed in compact mappings; ${advice("if", "")}`,
    ]);
    const defined = (item: string): string => `${head}if: event = 'A'\nfqlDefinedProperties:\n${item}`;
    expect(await lines(defined("  - fql: properties.a: b\n    propertyName: properties.c\n"))).toEqual([
      `${F}:8:10 YAML: Nested mappings are not allowed in compact mappings; ${advice("fql", ` (fql: "properties.a: b")`)}`,
    ]);
    expect(await lines(defined("  - { fql: x = 'a: b', propertyName: properties.c }\n"))).toEqual([
      `${F}:8:12 YAML: Block collections are not allowed within flow collections; ${advice("fql", "")}`,
    ]);
    // Quoted, or as a block, the same FQL is read.
    expect(await lines(`${head}if: "event = 'Step: 2'"\ndrop: true\n`)).toEqual([]);
    expect(await lines(`${head}if: >-\n  event = 'Step: 2'\ndrop: true\n`)).toEqual([]);
    // A YAML error elsewhere gets no such advice.
    expect(await lines(`${head}if: event = 'A'\nnewEventName: a: b\n`)).toEqual([
      `${F}:7:15 YAML: Nested mappings are not allowed in compact mappings`,
    ]);
  });

  it("refuses a file with too many documents", async () => {
    expect(await lines("---\n".repeat(YAML_LIMITS.maxDocumentsPerFile + 1))).toEqual([
      `${F}:1:1 file has ${YAML_LIMITS.maxDocumentsPerFile + 1} documents, over the limit of ${YAML_LIMITS.maxDocumentsPerFile}; split it`,
    ]);
  });

  it("survives wrong types everywhere", async () => {
    const text = [
      "apiVersion: transync/v1",
      "kind: Transformation",
      "name: [1]",
      "id: {a: 1}",
      "sourceId: null",
      "enabled: 1",
      "if: 7",
      "drop: 'x'",
      "newEventName: []",
      "propertyRenames: {a: 1}",
      "propertyValueTransformations: [1, [2], {propertyPaths: x, propertyValue: [1]}]",
      "fqlDefinedProperties: 'x'",
      "allowProperties: [1, null]",
      "hashPropertiesConfiguration: []",
      "? [complex, key]",
      ": value",
    ].join("\n");
    const out = await lines(text);
    expect(out.length).toBeGreaterThanOrEqual(14);
    for (const line of out) expect(line).toMatch(/^transformations\/t\.yaml:\d+:\d+ /);
  });

  it("reports a missing documents folder, and tells to pass --dir only when --dir was not given", async () => {
    const project = memorySource({ "transync.yaml": "apiVersion: transync/v1\ndir: nope\n" });
    const fromConfig = await loadDesired(project);
    expect(fromConfig.diagnostics.map(formatDiagnosticLine)).toEqual([
      'nope:1:1 folder "nope" does not exist; pass --dir or set dir in transync.yaml',
    ]);
    const given = await loadDesired(project, { dir: "elsewhere" });
    expect(given.diagnostics.map(formatDiagnosticLine)).toEqual(['elsewhere:1:1 folder "elsewhere" (--dir) does not exist']);
    // Without transync.yaml either, the likely cause is a run from a subfolder: said so.
    const lost = await loadDesired(memorySource({}));
    expect(lost.diagnostics.map(formatDiagnosticLine)[0]).toMatch(
      /; there is no transync\.yaml in .* either: run transync in the project's root folder$/,
    );
  });
});
