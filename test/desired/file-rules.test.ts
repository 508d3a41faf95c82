import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRegularFile } from "../../src/desired/fs-source.js";
import { loadDesired } from "../../src/desired/load-desired.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { FILE_LIMITS, isDocumentName, isSkippedFolder } from "../../src/desired/file-rules.js";
import { doc, memorySource, type MemoryEntry } from "./memory-source.js";
import { runCli } from "../helpers/run-cli.js";

async function load(files: Record<string, MemoryEntry>): Promise<{ names: string[]; errors: string[] }> {
  const { state, diagnostics } = await loadDesired(memorySource(files));
  return {
    names: state.resources.map((r) => r.name).sort(),
    errors: diagnostics.filter((d) => d.severity === "error").map(formatDiagnosticLine),
  };
}

const T = "transformations";

describe("which files count (file-rules.ts)", () => {
  it("takes .yaml and .yml in any case; skips other names, hidden files and folders, node_modules at any depth", async () => {
    expect(["a.yaml", "a.yml", "a.YAML", "a.Yml"].every(isDocumentName)).toBe(true);
    expect(["a.json", "a.yaml.bak", ".a.yaml", "yaml"].some(isDocumentName)).toBe(false);
    expect(["node_modules", ".git", ".hidden"].every(isSkippedFolder)).toBe(true);
    const result = await load({
      [`${T}/a.yaml`]: doc("A", "drop: true\n"),
      [`${T}/b.YML`]: doc("B", "drop: true\n"),
      [`${T}/notes.txt`]: "not: [yaml",
      [`${T}/.hidden.yaml`]: "not: [yaml",
      [`${T}/.git/x.yaml`]: "not: [yaml",
      [`${T}/sub/node_modules/x.yaml`]: "not: [yaml",
      [`${T}/node_modules/x.yaml`]: "not: [yaml",
      [`${T}/sub/.cache/x.yaml`]: "not: [yaml",
    });
    expect(result).toEqual({ names: ["A", "B"], errors: [] });
  });

  it("follows a relative link inside the project (to a file or a folder), as its target", async () => {
    const result = await load({
      [`${T}/a.yaml`]: { link: "../shared/a.yaml" },
      [`${T}/more`]: { link: "../shared/more" },
      [`${T}/chain.yml`]: { link: "a.yaml" },
      "shared/a.yaml": doc("A", "drop: true\n"),
      "shared/more/b.yaml": doc("B", "drop: true\n"),
      "shared/more/c.txt": "ignored",
    });
    expect(result.errors).toEqual([`${T}/chain.yml:3:7 name: duplicate name "A" (also at ${T}/a.yaml:3:7); names must be unique`]);
    expect(result.names).toEqual(["A", "A", "B"]); // a.yaml and the chain to it: read twice, hence the error
  });

  it("refuses, by name, every link it cannot follow safely, whatever the link's own name", async () => {
    const result = await load({
      [`${T}/abs.yaml`]: { link: "/etc/passwd" },
      [`${T}/out.yaml`]: { link: "../../elsewhere/x.yaml" },
      [`${T}/outdir`]: { link: "../.." },
      [`${T}/broken.yaml`]: { link: "nope.yaml" },
      [`${T}/loop.yaml`]: { link: "loop.yaml" },
      [`${T}/sub/up`]: { link: ".." },
      [`${T}/secret.yaml`]: { link: "../.git/config" },
      [`${T}/dep.yaml`]: { link: "../node_modules/pkg/x.yaml" },
      [`${T}/ok.yaml`]: doc("OK", "drop: true\n"),
      ".git/config": "x",
      "node_modules/pkg/x.yaml": doc("Dep"),
    });
    expect(result.names).toEqual(["OK"]);
    expect(result.errors).toEqual([
      `${T}/abs.yaml:1:1 symbolic link to an absolute path ("/etc/passwd") leaves the project; use a relative link to a file inside it`,
      `${T}/broken.yaml:1:1 symbolic link points to "${T}/nope.yaml", which does not exist`,
      `${T}/dep.yaml:1:1 symbolic link points into a hidden or node_modules path ("node_modules/pkg/x.yaml"), which transync never reads`,
      `${T}/loop.yaml:1:1 symbolic links loop (more than ${FILE_LIMITS.maxLinkHops} links followed)`,
      `${T}/out.yaml:1:1 symbolic link leaves the project (target "../../elsewhere/x.yaml"); link only to files inside the project`,
      `${T}/outdir:1:1 symbolic link leaves the project (target "../.."); link only to files inside the project`,
      `${T}/secret.yaml:1:1 symbolic link points into a hidden or node_modules path (".git/config"), which transync never reads`,
      `${T}/sub/up:1:1 symbolic link to a folder loops back to "${T}"`,
    ]);
  });

  it("bounds a walk that links to folders would multiply", async () => {
    const files: Record<string, MemoryEntry> = { [`${T}/start`]: { link: "../d0" } };
    for (let i = 0; i < 16; i++) {
      files[`d${i}/a`] = { link: `../d${i + 1}` };
      files[`d${i}/b`] = { link: `../d${i + 1}` };
    }
    files["d16/x.yaml"] = doc("X", "drop: true\n");
    const result = await load(files);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      new RegExp(`^${T}/start/[ab/]+:1:1 over ${FILE_LIMITS.maxFolders} folders to walk \\(links to folders\\?\\); simplify the project$`),
    );
  });

  it("refuses FIFOs, sockets and devices named like documents, and ignores them otherwise", async () => {
    const result = await load({
      [`${T}/pipe.yaml`]: { special: true },
      [`${T}/app.sock`]: { special: true },
      [`${T}/a.yaml`]: doc("A", "drop: true\n"),
    });
    expect(result).toEqual({
      names: ["A"],
      errors: [`${T}/pipe.yaml:1:1 not a regular file (a FIFO, socket or device); remove it from the project`],
    });
  });

  it("applies the same rules to transync.yaml", async () => {
    const viaLink = await load({ "transync.yaml": { link: "/dev/zero" }, [`${T}/a.yaml`]: doc("A", "drop: true\n") });
    expect(viaLink.errors).toEqual([
      'transync.yaml:1:1 symbolic link to an absolute path ("/dev/zero") leaves the project; use a relative link to a file inside it',
    ]);
    const fifo = await load({ "transync.yaml": { special: true }, [`${T}/a.yaml`]: doc("A", "drop: true\n") });
    expect(fifo.errors).toEqual(["transync.yaml:1:1 not a regular file (a FIFO, socket or device); remove it from the project"]);
    const inside = await load({
      "transync.yaml": { link: "config/transync.yaml" },
      "config/transync.yaml": "apiVersion: transync/v1\ndir: docs\n",
      "docs/a.yaml": doc("A", "drop: true\n"),
    });
    expect(inside).toEqual({ names: ["A"], errors: [] });
  });

  it("caps each file and the total, and refuses a documents folder outside the project", async () => {
    const big = await load({ [`${T}/big.yaml`]: Buffer.alloc(FILE_LIMITS.maxFileBytes + 1, "#") });
    expect(big.errors).toEqual([`${T}/big.yaml:1:1 file is 5.0 MiB, over the 5 MiB limit; split it into smaller files`]);
    const many: Record<string, MemoryEntry> = {};
    const chunk = Buffer.alloc(FILE_LIMITS.maxFileBytes - 1024, "#");
    for (let i = 0; i * chunk.length <= FILE_LIMITS.maxTotalBytes; i++) many[`${T}/f${String(i).padStart(2, "0")}.yaml`] = chunk;
    const total = await load(many);
    expect(total.errors).toEqual([`${T}:1:1 the document files under "${T}" hold over 64 MiB together; split the project`]);
    const { diagnostics } = await loadDesired(memorySource({ "a.yaml": doc("A") }), { dir: "../x" });
    expect(diagnostics.map(formatDiagnosticLine)).toEqual(['../x:1:1 "../x" leaves the project; use a path inside it']);
    const linked = await load({ [T]: { link: "../.." } });
    expect(linked.errors).toEqual([`${T}:1:1 symbolic link leaves the project (target "../.."); link only to files inside the project`]);
  });
});

describe("file names as they are (file-rules.ts)", () => {
  // On POSIX a backslash is a character of a name like any other: `a\b.yaml` is one file in the
  // documents folder, not `a/b.yaml`. Only Windows writes `\` for `/`.
  it("reads a document whose name holds a backslash, and names it as it is", async () => {
    const result = await load({ [`${T}/a\\b.yaml`]: doc("A", "drop: true\n"), [`${T}/c\\d.yaml`]: doc("C", "drop: [yes\n") });
    expect(result.names).toEqual(["A"]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^transformations\/c\\d\.yaml:\d+:\d+ /);
  });

  it.skipIf(process.platform === "win32")("in a working tree and a commit alike", async () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-backslash-"));
    try {
      writeFileSync(join(dir, "transync.yaml"), "apiVersion: transync/v1\ndir: transformations\n");
      mkdirSync(join(dir, T));
      writeFileSync(join(dir, T, "a\\b.yaml"), doc("A", "drop: true\n"));
      for (const args of [["validate"], ["validate", "--ref", "HEAD"]]) {
        if (args.length > 1) {
          execFileSync("git", ["init", "-q"], { cwd: dir });
          execFileSync("git", ["add", "-A"], { cwd: dir });
          execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "start"], { cwd: dir });
        }
        const result = await runCli(args, { cwd: dir });
        expect(result.stdout + result.stderr).not.toContain("a/b.yaml");
        expect(result.stdout, result.stderr).toMatch(/Validated 1 transformation in 1 file: 0 errors/);
        expect(result.code).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("readRegularFile (the same guards for any other file a command reads)", () => {
  it.runIf(process.platform !== "win32")("refuses a FIFO at once, a device, and a file over the cap", async () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-regular-"));
    try {
      execFileSync("mkfifo", [join(dir, "pipe")]);
      await expect(readRegularFile(join(dir, "pipe"), 100)).rejects.toThrow(/not a regular file/);
      await expect(readRegularFile("/dev/zero", 100)).rejects.toThrow(/not a regular file/);
      writeFileSync(join(dir, "big"), "x".repeat(101));
      await expect(readRegularFile(join(dir, "big"), 100)).rejects.toThrow(/over the 100 bytes limit/);
      writeFileSync(join(dir, "ok"), "x".repeat(100));
      expect((await readRegularFile(join(dir, "ok"), 100)).length).toBe(100);
      // A link the user named is followed to what it names, and that is checked like any file.
      symlinkSync(join(dir, "ok"), join(dir, "ok-link"));
      expect((await readRegularFile(join(dir, "ok-link"), 100)).length).toBe(100);
      symlinkSync("/dev/zero", join(dir, "zero-link"));
      await expect(readRegularFile(join(dir, "zero-link"), 100)).rejects.toThrow(/not a regular file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
