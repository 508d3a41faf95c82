import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

const EXAMPLES = join(import.meta.dirname, "..", "..", "examples");

/** The examples project with a scope written in aliases, as a team scoping its managed sources would. */
function scopedProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-env-"));
  cpSync(join(EXAMPLES, "transformations"), join(dir, "transformations"), { recursive: true });
  cpSync(join(EXAMPLES, "tests"), join(dir, "tests"), { recursive: true });
  const project = readFileSync(join(EXAMPLES, "transync.yaml"), "utf8");
  writeFileSync(join(dir, "transync.yaml"), `${project}scope: { sources: [web, ios] }\n`);
  return dir;
}

describe("--env naming no environment: one mistake, one diagnostic", () => {
  const expected = 'unknown environment "production" (from --env); transync.yaml defines: staging, prod';

  it.each([["validate"], ["test"], ["plan"], ["import"]])(
    "%s --env production says only that, naming the defined environments",
    async (command) => {
      const cwd = scopedProject();
      const run = await runCli([command, "--env", "production"], {
        cwd,
        env: { SEGMENT_API_TOKEN: "sgp_unused", TRANSYNC_API_URL: "http://127.0.0.1:9" },
      });
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).toContain(expected);
      expect(output.split(expected)).toHaveLength(2);
      expect(output).not.toMatch(/needs an environment|source alias/);
    },
  );
});
