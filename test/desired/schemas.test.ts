import { describe, expect, it } from "vitest";
import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSchemaFile } from "../../src/version.js";
import { fsSource } from "../../src/desired/fs-source.js";

type Schema = {
  properties?: Record<string, Schema>;
  $ref?: string;
  description?: string;
  examples?: unknown[];
  $defs?: Record<string, Schema>;
};
const load = (name: string): Schema => JSON.parse(readSchemaFile(name)) as Schema;

/** Each field has a description and examples, directly or through its $ref (for the YAML language server). */
function undocumented(schema: Schema, defs: Record<string, Schema>, at: string): string[] {
  const out: string[] = [];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const target = field.$ref ? (defs[field.$ref.split("/").pop()!] ?? {}) : {};
    if (!(field.description ?? target.description) || !(field.examples ?? target.examples)) out.push(`${at}${key}`);
    out.push(...undocumented(field.$ref ? target : field, defs, `${at}${key}.`));
  }
  return out;
}

describe("schemas", () => {
  it("document every field with a description and examples", () => {
    const defs = { ...load("defs.schema.json").$defs!, ...load("transync.schema.json").$defs! };
    expect(undocumented(load("transformation.schema.json"), defs, "")).toEqual([]);
    expect(undocumented(load("transync.schema.json"), defs, "")).toEqual([]);
    for (const [name, def] of Object.entries(defs)) expect(undocumented(def, defs, `${name}.`)).toEqual([]);
  });
});

describe("fsSource", () => {
  it("lists files recursively (sorted, POSIX, relative), skips .git, reads them, reports a folder loop", async () => {
    const dir = await mkdtemp(join(tmpdir(), "transync-fs-"));
    try {
      await mkdir(join(dir, "t", "sub"), { recursive: true });
      await mkdir(join(dir, "t", ".git"), { recursive: true });
      await writeFile(join(dir, "t", "b.yaml"), "b");
      await writeFile(join(dir, "t", "sub", "a.yaml"), "aa");
      await writeFile(join(dir, "t", ".git", "x.yaml"), "x");
      await symlink("..", join(dir, "t", "sub", "loop"));
      const source = fsSource(dir);
      expect(await source.list("t")).toEqual(["t/b.yaml", "t/sub/a.yaml", "t/sub/loop"]);
      await expect(source.read("t/sub/loop")).rejects.toThrow(/symbolic link to a folder loops back to "t"/);
      expect(await source.list("missing")).toEqual([]);
      expect((await source.read("t/sub/a.yaml")).toString()).toBe("aa");
      expect(await source.exists("t/b.yaml")).toBe(true);
      expect(await source.exists("nope")).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
