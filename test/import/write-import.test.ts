import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { lstat, mkdtemp, readFile, readdir, rm, symlink, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeImportFiles } from "../../src/import/write-import.js";
import { UsageError } from "../../src/errors.js";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "transync-import-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const files = [
  { path: "web.yaml", content: "name: a\n" },
  { path: "app/one.yaml", content: "name: b\n" },
];

describe("writeImportFiles", () => {
  it("creates folders and writes every file", async () => {
    const dir = await tempDir();
    const written = await writeImportFiles(join(dir, "out"), files, { force: false });
    expect(written).toEqual([join(dir, "out", "web.yaml"), join(dir, "out", "app", "one.yaml")]);
    expect(await readFile(join(dir, "out", "app", "one.yaml"), "utf8")).toBe("name: b\n");
    expect((await readdir(join(dir, "out"))).sort()).toEqual(["app", "web.yaml"]); // no temp files left
  });

  it("refuses to overwrite existing files, names them, and writes nothing", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "app"));
    await writeFile(join(dir, "app", "one.yaml"), "edited\n");
    const attempt = writeImportFiles(dir, files, { force: false });
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(writeImportFiles(dir, files, { force: false })).rejects.toThrow(
      /would overwrite existing files in .*: app\/one\.yaml\. .*--force/,
    );
    expect(await readFile(join(dir, "app", "one.yaml"), "utf8")).toBe("edited\n");
    expect(await readdir(dir)).toEqual(["app"]);
  });

  it("overwrites with force", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "web.yaml"), "edited\n");
    await writeImportFiles(dir, files, { force: true });
    expect(await readFile(join(dir, "web.yaml"), "utf8")).toBe("name: a\n");
  });

  it("with force, still refuses a FIFO at a target before writing anything (a reader of it would wait for ever)", async () => {
    const dir = await tempDir();
    execFileSync("mkfifo", [join(dir, "web.yaml")]);
    await mkdir(join(dir, "app"));
    await expect(writeImportFiles(dir, [...files].reverse(), { force: true })).rejects.toThrow(
      /cannot write the imported documents \(--out\) .*web\.yaml: not a regular file \(a FIFO, socket or device\)/,
    );
    expect((await lstat(join(dir, "web.yaml"))).isFIFO()).toBe(true);
    expect(await readdir(join(dir, "app"))).toEqual([]); // nothing written, not even the other file
  });

  it("refuses a folder that a link takes outside the folder, before writing anything, with force too", async () => {
    const dir = await tempDir();
    const outside = await tempDir();
    await symlink(outside, join(dir, "app"));
    for (const force of [false, true]) {
      await expect(writeImportFiles(dir, files, { force })).rejects.toThrow(
        /^cannot write the imported documents \(--out\) app: a symbolic link takes it outside the folder .* \(to .*\); replace the link by a folder, or choose another --out\.$/,
      );
    }
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(dir)).toEqual(["app"]); // not even web.yaml beside it
    // Held to a folder above (import's working directory): a link out of `out` that stays inside it is followed.
    const out = join(outside, "out");
    const shared = join(outside, "shared");
    await mkdir(join(out), { recursive: true });
    await mkdir(shared);
    await symlink(shared, join(out, "app"));
    await expect(writeImportFiles(out, files, { force: false })).rejects.toThrow(/a symbolic link takes it outside/);
    await writeImportFiles(out, files, { force: false, confineTo: { folder: outside, named: "the working directory" } });
    expect(await readdir(shared)).toEqual(["one.yaml"]);
  });

  it("refuses a path that escapes the folder", async () => {
    const dir = await tempDir();
    await expect(writeImportFiles(join(dir, "out"), [{ path: "../evil.yaml", content: "" }], { force: true })).rejects.toThrow(/outside/);
  });
});
