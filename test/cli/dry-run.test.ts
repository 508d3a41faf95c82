import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN, testWorkspace } from "../helpers/emulator.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";

/**
 * No dry run writes: `plan`, and every command that declares `--dry-run` (src/cli/commands.ts), run
 * with everything that could make it write (a create, an update, a delete under --prune, re-sent
 * write-only fields) leave the emulator without a single POST, PATCH or DELETE. The same run
 * without --dry-run writes, so the count can see a write.
 */

const writes = (byRoute: Record<string, number>): string[] => Object.keys(byRoute).filter((route) => /^(POST|PATCH|DELETE) /.test(route));

/** The dry runs: plan, and each command with a declared `--dry-run` (with --once when it is a loop). */
const DRY_RUNS: string[][] = [
  ["plan"],
  ...COMMANDS.filter((c) => "dryRun" in c.flags).map((c) => [c.name, "--dry-run", ...("once" in c.flags ? ["--once"] : [])]),
];

describe("a dry run never writes", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = (): NodeJS.ProcessEnv => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          { id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" },
          { id: "tfm_c", name: "C", sourceId: "src_web", enabled: true, if: "event = 'C'" },
        ]),
      ],
    });
    project = tempProject({ "transformations/a.yaml": docs(doc("A", "src_web"), doc("B", "src_web", { if: "event = 'B2'" })) });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("the dry runs are plan and every command declaring --dry-run (reconcile among them)", () => {
    expect(DRY_RUNS.map((args) => args[0])).toEqual(expect.arrayContaining(["plan", "reconcile"]));
  });

  it.each(DRY_RUNS.map((args) => [args.join(" "), args] as const))(
    "%s --prune --resend-write-only sends no POST, PATCH or DELETE",
    async (_name, args) => {
      emulator.resetStats();
      const run = await runCli([...args, "--prune", "--resend-write-only"], { env: env(), cwd: project.dir });
      expect(run.code, run.stderr).toBe(0);
      expect(emulator.stats().byRoute).toHaveProperty(["GET /transformations"]);
      expect(writes(emulator.stats().byRoute)).toEqual([]);
      expect(
        emulator
          .transformations("ws_test")
          .map((t) => `${t.name}:${t.if}`)
          .sort(),
      ).toEqual(["B:event = 'B'", "C:event = 'C'"]);
    },
  );

  it("the same reconcile without --dry-run creates, updates and deletes (the count sees writes)", async () => {
    emulator.resetStats();
    const run = await runCli(["reconcile", "--once", "--prune", "--resend-write-only"], { env: env(), cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(
      writes(emulator.stats().byRoute)
        .map((route) => route.split(" ")[0])
        .sort(),
    ).toEqual(["DELETE", "PATCH", "POST"]);
  });
});
