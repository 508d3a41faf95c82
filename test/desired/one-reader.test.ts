import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc as docOf } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * One folder full of edge cases, committed in a real git repository, read by every command: they must
 * agree on which documents exist and on the errors.
 */
const SRC = "src_web";
const COUNTED = ["A", "B", "C", "D", "Linked", "More"];
const OUTSIDE_ERROR = "transformations/outside.yaml:1:1";
const BIG_ERROR = "transformations/big.yaml:1:1";
// One event each: Segment allows one transformation per source, event and destination (validate warns).
const doc = (name: string, sourceId: string): string => docOf(name, sourceId, { if: `event = '${name}'`, newEventName: `${name} renamed` });
const canFifo = process.platform !== "win32";

describe("one desired-state reader for every command (working tree and commit)", () => {
  let emulator: RunningEmulator;
  let base: string;
  let root: string;
  const env = () => ({
    SEGMENT_API_TOKEN: TEST_TOKEN,
    SEGMENT_API_URL: emulator.url,
    TRANSYNC_LOG_LEVEL: "warn",
    TRANSYNC_CACHE_DIR: join(base, "cache"),
  });
  const run = (...args: string[]): Promise<CliRun> => runCli(args, { env: env(), cwd: root });
  const write = (path: string, content: string | Buffer): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const link = (target: string, path: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  };

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_unmanaged", name: "Unmanaged", sourceId: SRC, enabled: true, if: "event = 'U'" }])],
    });
    base = mkdtempSync(join(tmpdir(), "transync-one-reader-"));
    root = join(base, "project");
    mkdirSync(root);
    git(root, "init", "-q");
    write("config/transync.yaml", "apiVersion: transync/v1\ndir: transformations\n");
    link("config/transync.yaml", "transync.yaml"); // the project file itself through a link inside
    write("transformations/a.yaml", doc("A", SRC));
    write("transformations/b.YML", doc("B", SRC));
    write("transformations/c.YAML", doc("C", SRC));
    write("transformations/sub/d.yml", doc("D", SRC));
    write("transformations/notes.txt", "not: [yaml");
    write("transformations/node_modules/pkg/broken.yaml", "not: [yaml");
    write("transformations/sub/node_modules/broken.yaml", "not: [yaml");
    write("transformations/.hidden/broken.yaml", "not: [yaml");
    write("transformations/.broken.yaml", "not: [yaml");
    write("shared/linked.yaml", doc("Linked", SRC));
    write("shared/more/more.yaml", doc("More", SRC));
    link("../shared/linked.yaml", "transformations/linked.yaml");
    link("../shared/more", "transformations/more");
    write("../outside/x.yaml", doc("Outside", SRC));
    link("../../outside/x.yaml", "transformations/outside.yaml");
    write("transformations/big.yaml", Buffer.alloc(5 * 1024 * 1024 + 1, "#"));
    commitAll(root, "edge cases");
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(base, { recursive: true, force: true });
  });

  const errorCommands: Array<[string, string[]]> = [
    ["validate", ["validate"]],
    ["validate --ref HEAD", ["validate", "--ref", "HEAD"]],
    ["plan", ["plan"]],
    ["plan --ref HEAD", ["plan", "--ref", "HEAD"]],
    ["apply", ["apply", "--auto-approve"]],
    ["reconcile --once --dry-run", ["reconcile", "--once", "--dry-run", "--log-level", "error"]],
  ];
  for (const [label, args] of errorCommands) {
    it(`${label}: refuses the link leaving the project and the oversize file, by name, and nothing else`, async () => {
      const result = await run(...args);
      expect(result.code).toBe(1);
      const out = result.stdout + result.stderr;
      // The same errors, at the same positions, and no others, whichever command and source.
      expect([...new Set(out.match(/[\w./-]+\.ya?ml:\d+:\d+/gi) ?? [])].sort()).toEqual([BIG_ERROR, OUTSIDE_ERROR]);
      expect(out).toMatch(/outside\.yaml:1:1.*symbolic link leaves the project/);
      expect(out).toMatch(/big\.yaml:1:1.*over the 5 MiB limit/);
      expect(out).not.toMatch(/node_modules|\.hidden|\.broken|notes\.txt|Outside/);
      expect(out).not.toMatch(/\n\s+at /); // no stack trace
      expect(emulator.transformations("ws_test").map((t) => t.name)).toEqual(["Unmanaged"]);
    });
  }

  it("once those two are gone, every command reads the same six documents, and apply --prune keeps the linked ones", async () => {
    rmSync(join(root, "transformations/outside.yaml"));
    rmSync(join(root, "transformations/big.yaml"));
    commitAll(root, "drop the refused files");
    const validated = await run("validate", "--format", "json");
    expect(validated.code, validated.stdout).toBe(0);
    expect(JSON.parse(validated.stdout)).toMatchObject({
      summary: { transformations: COUNTED.length, files: COUNTED.length, errors: 0, warnings: 0 },
    });
    for (const args of [["plan"], ["plan", "--ref", "HEAD"]]) {
      const planned = await run(...args, "--prune", "--format", "json");
      expect(planned.code, planned.stderr).toBe(0);
      const plan = JSON.parse(planned.stdout) as { actions: Array<{ kind: string; name: string }> };
      expect(
        plan.actions
          .filter((a) => a.kind === "create")
          .map((a) => a.name)
          .sort(),
      ).toEqual(COUNTED);
      expect(plan.actions.filter((a) => a.kind === "delete").map((a) => a.name)).toEqual(["Unmanaged"]);
    }
    const applied = await run("apply", "--prune", "--auto-approve");
    expect(applied.code, applied.stderr).toBe(0);
    expect(
      emulator
        .transformations("ws_test")
        .map((t) => t.name)
        .sort(),
    ).toEqual(COUNTED);
    for (const args of [
      ["plan", "--prune", "--detailed-exitcode"],
      ["plan", "--ref", "HEAD", "--prune", "--detailed-exitcode"],
    ]) {
      const again = await run(...args);
      expect(again.code, again.stdout + again.stderr).toBe(0);
    }
    const reconciled = await run("reconcile", "--once", "--dry-run", "--prune");
    expect(reconciled.code, reconciled.stderr).toBe(0);
    const imported = await run("import", "--out", "imported");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`Imported ${COUNTED.length} transformations`);
  });

  it.runIf(canFifo)("a FIFO document or project file is a clear error at once, never a hang", async () => {
    execFileSync("mkfifo", [join(root, "transformations", "pipe.yaml")]);
    try {
      for (const args of [["validate"], ["plan"], ["apply", "--auto-approve"]]) {
        const result = await run(...args);
        expect(result.code).toBe(1);
        expect(result.stdout + result.stderr).toMatch(/transformations\/pipe\.yaml:1:1.*not a regular file/);
      }
    } finally {
      rmSync(join(root, "transformations", "pipe.yaml"));
    }
    rmSync(join(root, "transync.yaml"));
    execFileSync("mkfifo", [join(root, "transync.yaml")]);
    for (const args of [["validate"], ["plan"], ["import", "--out", "imported2"]]) {
      const result = await run(...args);
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).toMatch(/transync\.yaml:1:1.*not a regular file/);
    }
    rmSync(join(root, "transync.yaml"));
    symlinkSync("/dev/zero", join(root, "transync.yaml"));
    for (const args of [["validate"], ["plan"], ["import", "--out", "imported3"]]) {
      const result = await run(...args);
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).toMatch(
        /transync\.yaml:1:1.*symbolic link to an absolute path \("\/dev\/zero"\) leaves the project/,
      );
    }
  });
});
