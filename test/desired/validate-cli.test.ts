import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, it } from "vitest";
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { runCli } from "../helpers/run-cli.js";
import { packageRoot } from "../../src/version.js";
import { checkSchema } from "../../src/desired/schema-check.js";
import { readSchemaFile } from "../../src/version.js";
import { fsSource } from "../../src/desired/fs-source.js";
import { loadDesired } from "../../src/desired/load-desired.js";

// The editors' schema of a DestinationFilter document (validate checks the descriptor's rules: test/destination-filter/).
const filterSchema = new Ajv2020({ strict: false }).compile(JSON.parse(readSchemaFile("destination-filter.schema.json")) as object);

const root = packageRoot();
const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempRepo(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "transync-validate-"));
  temps.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe("transync validate", () => {
  it("passes on the examples (staging and prod)", async () => {
    for (const env of ["staging", "prod"]) {
      const run = await runCli(["validate", "--dir", "examples/transformations", "--env", env], { cwd: root });
      expect(run.stdout).toBe("Validated 13 transformations and 1 destination filter in 7 files: 0 errors, 0 warnings.\n");
      expect(run.code).toBe(0);
    }
  });

  it("the example aliases name sources by slug: offline, both environments read them as the same slugs (plan resolves them per workspace: test/commands/examples-environments.test.ts)", async () => {
    for (const env of ["staging", "prod"]) {
      const { state } = await loadDesired(fsSource(root), { dir: "examples/transformations", env });
      expect(new Set(state.resources.map((r) => r.spec.sourceId))).toEqual(new Set(["slug:web", "slug:ios", "slug:server"]));
    }
  });

  it("exits 1 and lists every error with file:line:col, plus the summary", async () => {
    const cwd = await tempRepo({
      "transformations/a.yaml":
        "apiVersion: transync/v1\nkind: Transformation\nname: A\nsourceId: s\nenabled: true\nif: event = \nnewEventName: B\n",
      "transformations/sub/b.yml":
        "apiVersion: transync/v1\nkind: Transformation\nname: B\nsourceId: s\nenabled: true\nif: type = 'identify'\nnewEventName: C\n",
      "transformations/notes.txt": "ignored",
    });
    const run = await runCli(["validate"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "transformations/a.yaml:6:12 if: invalid FQL at column 8: expected a value, a field or a function call, found the end of the expression",
        `transformations/sub/b.yml:7:15 warning[new-event-name-track]: newEventName: newEventName renames track events only, but "if" does not select track events; match them with event = '...' or type = 'track'`,
        "Validated 2 transformations in 2 files: 1 error, 1 warning.",
        "",
      ].join("\n"),
    );
  });

  it("prints JSON for tools and exits 0 with warnings only", async () => {
    const cwd = await tempRepo({
      "transync.yaml": "dir: tf\nenvironments: {dev: {sources: {web: src_dev}}}\ndefaultEnvironment: dev\n",
      "tf/a.yaml":
        "apiVersion: transync/v1\nkind: Transformation\nname: A\nsourceId: web\nenabled: true\nif: event = 'x'\ndrop: true\nnewEventName: y\n",
    });
    const run = await runCli(["validate", "--format", "json"], { cwd });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      valid: true,
      summary: { transformations: 1, files: 1, errors: 0, warnings: 1, silenced: 0 },
      diagnostics: [
        {
          severity: "warning",
          file: "tf/a.yaml",
          line: 7,
          col: 7,
          path: "drop",
          message: "drop is true, so the other transforms are ignored: newEventName",
          rule: "drop-ignores",
        },
      ],
    });
  });

  it("rejects an unknown --format with a usage error", async () => {
    const run = await runCli(["validate", "--format", "xml"], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("xml");
  });
});

describe("examples", () => {
  it("every example document and the project file match their schemas", async () => {
    const dir = join(root, "examples", "transformations");
    for (const file of await readdir(dir)) {
      const text = await readFile(join(dir, file), "utf8");
      for (const part of text.split(/^---$/m)) {
        const doc = parse(part) as { kind?: string };
        if (doc.kind === "DestinationFilter") expect(filterSchema(doc), JSON.stringify(filterSchema.errors)).toBe(true);
        else expect(checkSchema("transformation.schema.json", doc)).toEqual([]);
      }
    }
    expect(checkSchema("transync.schema.json", parse(await readFile(join(root, "examples", "transync.yaml"), "utf8")))).toEqual([]);
  });

  it("covers every use case of the spec's table", async () => {
    const { state } = await loadDesired(fsSource(root), { dir: "examples/transformations", env: "staging" });
    const specs = state.resources.map((r) => r.spec);
    expect(specs.some((s) => s.newEventName)).toBe(true);
    expect(specs.some((s) => s.propertyRenames?.length)).toBe(true);
    expect(specs.some((s) => s.propertyValueTransformations?.some((t) => t.propertyPaths.some((p) => p.startsWith("properties."))))).toBe(
      true,
    );
    expect(specs.some((s) => s.propertyValueTransformations?.some((t) => t.propertyPaths.some((p) => p.startsWith("context."))))).toBe(
      true,
    );
    expect(specs.some((s) => s.drop === true)).toBe(true);
    expect(specs.some((s) => s.allowProperties?.length)).toBe(true);
    expect(specs.some((s) => s.fqlDefinedProperties?.length)).toBe(true);
    expect(specs.some((s) => s.hashPropertiesConfiguration)).toBe(true);
  });

  it("the emulator seed uses staging ids and mixes unchanged, changed and unknown names", async () => {
    const seed = parse(await readFile(join(root, "examples", "emulator.yaml"), "utf8")) as {
      workspaces: Array<{ transformations: Array<{ name: string; sourceId: string }> }>;
    };
    const { state } = await loadDesired(fsSource(root), { dir: "examples/transformations", env: "staging" });
    const seeded = seed.workspaces[0]!.transformations;
    const stagingIds = new Set(state.resources.map((r) => r.spec.sourceId));
    for (const t of seeded) expect(["src_stg_web", "src_stg_ios", "src_stg_server"]).toContain(t.sourceId);
    const names = new Set(state.resources.map((r) => r.name));
    expect(seeded.filter((t) => !names.has(t.name)).length).toBeGreaterThanOrEqual(2);
    expect(state.resources.filter((r) => !seeded.some((t) => t.name === r.name)).length).toBeGreaterThanOrEqual(2);
    expect(stagingIds.size).toBe(3);
  });
});
