import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../helpers/run-cli.js";

// pre-commit reads .pre-commit-hooks.yaml at the root of the repository a user's
// .pre-commit-config.yaml names (https://pre-commit.com/#creating-new-hooks).

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  pass_filenames: boolean;
  files: string;
}
const hooks = parse(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8")) as Hook[];
const bin = Object.keys((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> }).bin);

describe(".pre-commit-hooks.yaml", () => {
  it("has transync-validate and transync-test, each running the command on the whole project", () => {
    expect(hooks.map((h) => [h.id, h.entry])).toEqual([
      ["transync-validate", "transync validate"],
      ["transync-test", "transync test"],
    ]);
    for (const hook of hooks) {
      expect(["node", "system"]).toContain(hook.language);
      expect(hook.pass_filenames).toBe(false);
      expect(bin).toContain(hook.entry.split(" ")[0]);
    }
  });

  it.each(hooks.map((h) => [h.id, h.files]))(
    "%s runs for the desired state, tests and transync.yaml, and for nothing else",
    (_id, files) => {
      const pattern = new RegExp(files);
      for (const path of [
        "transync.yaml",
        "transformations/example.yaml",
        "transformations/orders/a.yml",
        "tests/example.yaml",
        "examples/transync.yaml",
        "examples/transformations/orders.yaml",
        "examples/tests/orders.yaml",
      ]) {
        expect(pattern.test(path), path).toBe(true);
      }
      for (const path of [
        "README.md",
        "src/cli.ts",
        ".github/workflows/transync-pr.yml",
        "my-transync.yaml",
        "transformations/notes.md",
        "transync.yaml.bak",
      ]) {
        expect(pattern.test(path), path).toBe(false);
      }
    },
  );

  it("each entry passes in the project `transync init` writes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-pre-commit-"));
    try {
      expect((await runCli(["init"], { cwd: dir })).code).toBe(0);
      for (const hook of hooks) {
        const result = await runCli(hook.entry.split(" ").slice(1), { cwd: dir });
        expect(result.code, `${hook.id}: ${result.stdout}${result.stderr}`).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
