import { afterEach, describe, expect, it } from "vitest";
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { UsageError } from "../../src/errors.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { create } from "./http.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-emu-links-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(file: string): Promise<RunningEmulator> {
  const e = await startTestEmulator({}, { dataFile: file });
  cleanups.push(() => e.close());
  return e;
}

/** Starts a second emulator on `other`; when it starts (the bug), writes 10 through it, as the report did. */
async function secondEmulatorWrites(other: string): Promise<{ refused: unknown; acknowledged: string[] }> {
  const acknowledged: string[] = [];
  try {
    const second = await startTestEmulator({}, { dataFile: other });
    for (let i = 0; i < 10; i++) if ((await create(second, { name: `second ${i}` })).status === 200) acknowledged.push(`second ${i}`);
    await second.close();
    return { refused: undefined, acknowledged };
  } catch (error) {
    return { refused: error, acknowledged };
  }
}

describe("emulator --data-file: the lock is on the file itself, so a link to it is refused like its path", () => {
  for (const kind of ["symbolic", "hard"] as const) {
    it(`a second emulator on a ${kind} link to a running emulator's data file is refused; every acknowledged write survives a restart`, async () => {
      const dir = tempDir();
      const file = join(dir, "state.jsonl");
      const first = await started(file);
      await create(first, { name: "first" });
      const other = join(dir, kind === "symbolic" ? "link.jsonl" : "hard.jsonl");
      if (kind === "symbolic") symlinkSync(file, other);
      else linkSync(file, other);
      const { refused, acknowledged } = await secondEmulatorWrites(other);
      expect(refused).toBeInstanceOf(UsageError);
      expect(acknowledged).toEqual([]);
      const message = (refused as Error).message;
      if (kind === "symbolic") expect(message).toContain(`is in use by another emulator (pid ${process.pid}`);
      else expect(message).toMatch(/has 2 names \(hard links\)/);
      await create(first, { name: "after" });
      await first.close();
      const restarted = await started(file);
      expect(restarted.transformations("ws_test").map((t) => t.name)).toEqual(["first", "after"]);
    });
  }

  it("a symbolic link in another folder, or a chain of links, reaches the same lock", async () => {
    const dir = tempDir();
    const file = join(dir, "real", "state.jsonl");
    mkdirSync(join(dir, "real"));
    mkdirSync(join(dir, "elsewhere"));
    await started(file);
    symlinkSync(file, join(dir, "elsewhere", "one.jsonl"));
    symlinkSync(join(dir, "elsewhere", "one.jsonl"), join(dir, "two.jsonl"));
    symlinkSync(join(dir, "real"), join(dir, "folder-link"));
    for (const other of [join(dir, "elsewhere", "one.jsonl"), join(dir, "two.jsonl"), join(dir, "folder-link", "state.jsonl")]) {
      await expect(startTestEmulator({}, { dataFile: other }), other).rejects.toThrow(UsageError);
    }
  });

  it("an emulator alone on a symbolic link keeps it a link: compaction writes the file it points to", async () => {
    const dir = tempDir();
    const file = join(dir, "state.jsonl");
    const link = join(dir, "link.jsonl");
    symlinkSync(file, link);
    const emulator = await started(link);
    await create(emulator, { name: "through the link" });
    await emulator.close();
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, "utf8")).toContain("through the link");
    const restarted = await started(file);
    expect(restarted.transformations("ws_test").map((t) => t.name)).toEqual(["through the link"]);
  });

  it("a link planted at the compaction's temp name is not written through", async () => {
    const dir = tempDir();
    const file = join(dir, "state.jsonl");
    const target = join(dir, "precious.txt");
    writeFileSync(target, "untouched");
    symlinkSync(target, `${file}.tmp-${process.pid}`);
    const emulator = await started(file);
    await create(emulator, { name: "x" });
    await emulator.close();
    expect(readFileSync(target, "utf8")).toBe("untouched");
    expect(readFileSync(file, "utf8")).toContain('"x"');
  });

  it("a data file that is a dangling symbolic link is refused, naming what it points to", async () => {
    const dir = tempDir();
    const link = join(dir, "link.jsonl");
    symlinkSync(join(dir, "missing", "state.jsonl"), link);
    await expect(startTestEmulator({}, { dataFile: link })).rejects.toThrow(/symbolic link to .*missing/);
  });
});
