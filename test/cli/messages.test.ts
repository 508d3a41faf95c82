import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { createProgress } from "../../src/apply/progress.js";
import { renderApplyText } from "../../src/report/apply-result.js";
import { handleError } from "../../src/cli.js";
import { ApiError } from "../../src/errors.js";
import { withStatusLine } from "../../src/log.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { createAction, makePlan } from "../apply/plan-builder.js";

let emulator: RunningEmulator;
let project: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator({
    workspaces: [testWorkspace([{ id: "tfm_b", name: "B", sourceId: "src_web", enabled: true, if: "event = 'B'" }])],
  });
  project = tempProject({ "transync.yaml": "apiVersion: transync/v1\n" });
  mkdirSync(join(project.dir, "transformations"), { recursive: true });
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
});

const run = (args: string[]): Promise<CliRun> =>
  runCli([...args, "--api-url", emulator.url], { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN } });

describe("messages say what will happen", () => {
  it("import --source with an id no transformation has warns instead of importing nothing silently", async () => {
    const result = await run(["import", "--source", "nosuch", "--source", "src_web", "--out", "imported"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Imported 1 transformation/);
    const warnings = result.stderr.split("\n").filter((l) => l.includes("nosuch"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/--source nosuch: no transformation in the workspace has this source/);
    expect(result.stderr).not.toMatch(/--source src_web/);
  });

  it("plan --prune on an empty folder says that apply will refuse its deletes", async () => {
    const result = await run(["plan", "--prune"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /the desired folder has no transformations \(empty or missing\), so apply will refuse this plan's 1 delete/,
    );
    const applied = await run(["apply", "--prune", "--auto-approve"]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(
      /the desired folder has no transformations \(empty or missing\), so apply will refuse this plan's 1 delete/,
    );
  });

  it("never prints an empty status or type as ': :' in a failure line", () => {
    const plan = makePlan([createAction("A"), createAction("B")]);
    const text = renderApplyText(plan, {
      actions: [
        { index: 0, kind: "create", name: "A", outcome: "failed", attempts: 1, ms: 1, error: { message: "connection reset" } },
        {
          index: 1,
          kind: "create",
          name: "B",
          outcome: "failed",
          attempts: 1,
          ms: 1,
          error: { status: 422, type: "input-validation", field: "if", message: "bad FQL" },
        },
      ],
      summary: { created: 0, updated: 0, deleted: 0, failed: 2, skipped: 0 },
      interrupted: false,
      durationMs: 2,
    } as never);
    expect(text).toContain('failed   create "A": connection reset\n');
    expect(text).toContain('failed   create "B": 422 input-validation if: bad FQL\n');
    expect(text).not.toMatch(/: :/);
    let stderr = "";
    handleError(new ApiError("the API refused", 400, [{ type: "bad-request" }]), { stderr: { write: (s: string) => (stderr += s) } });
    expect(stderr).toBe("Error: the API refused\n  bad-request\n");
  });

  it("on a terminal, clears the progress line before a log line and draws it again after", () => {
    let out = "";
    const stream = withStatusLine({ write: (s: string) => ((out += s), true), isTTY: true, columns: 200 });
    const logger = pino({ level: "info", base: undefined, timestamp: false }, { write: (s: string) => void stream.write(s) });
    const progress = createProgress({ stream, logger, total: 2 });
    progress.onEvent({ type: "start", index: 0, kind: "create", name: "A" });
    logger.warn("API call failed for now; waiting before retrying");
    progress.finish();
    const clear = "\r\u001b[2K";
    expect(out).toBe(
      `${clear}Applying 0/2 · create "A"${clear}{"level":40,"msg":"API call failed for now; waiting before retrying"}\n${clear}Applying 0/2 · create "A"${clear}`,
    );
  });
});
