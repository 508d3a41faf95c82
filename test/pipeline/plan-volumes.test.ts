import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../src/pipeline/context.js";
import { ApiError } from "../../src/errors.js";
import { createLogger } from "../../src/log.js";
import { VolumePermissionError } from "../../src/model/event-volume.js";
import { buildPlan, type BuiltPlan } from "../../src/pipeline/build-plan.js";
import { planWithVolumes } from "../../src/pipeline/plan-volumes.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import { checkPlanFile } from "../../src/apply/check-plan-file.js";
import { parsePlanJson, renderJson } from "../../src/report/index.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import { FakeVolumeReads } from "../impact/fake-volume-reads.js";
import { row, WEB_ROWS, week } from "../impact/volume-fixtures.js";

const PROJECT = `apiVersion: transync/v1
environments:
  prod: { sources: { web: src_web, app: src_app, shop: src_shop } }
defaultEnvironment: prod
`;

describe("planWithVolumes: one read per touched source, the numbers and warnings in a plan apply accepts", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  let logs: string;

  beforeEach(async () => {
    logs = "";
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          { id: "tfm_narrow", name: "Narrow", sourceId: "src_web", enabled: true, if: "type = 'track'" },
          { id: "tfm_gone", name: "Gone", sourceId: "src_shop", enabled: true, if: "event = 'Checkout'" },
          { id: "tfm_same", name: "Same", sourceId: "src_app", enabled: true, if: "event = 'Opened'" },
        ]),
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/all.yaml": docs(
        doc("Narrow", "web", { if: "event = 'Product Viewed'" }),
        doc("Typo", "web", { if: "event = 'Order Complted'" }),
        doc("Rich", "web", { if: "properties.total > 100" }),
        doc("Same", "app", { if: "event = 'Opened'" }),
      ),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  function context(): CliContext {
    const logger = createLogger({ level: "info", destination: { write: (line: string) => void (logs += line) } });
    const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url };
    return {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env,
      cwd: project.dir,
      logger,
      signal: new AbortController().signal,
      color: false,
      secrets: new SecretRegistry(),
    };
  }

  async function built(ctx: CliContext): Promise<BuiltPlan> {
    return buildPlan(ctx, {
      flags: { prune: true },
      mode: { tokenUse: "write", interruptReads: true, hashKeysNeeded: false, freeze: { refuse: false } },
    });
  }

  it("reads each source with an action once (not app: nothing changes there), 7 days, and counts the reads in apiCalls", async () => {
    const ctx = context();
    const plan0 = await built(ctx);
    const reads = new FakeVolumeReads({ src_web: WEB_ROWS, src_shop: [row("Checkout", "track", week(12))], src_app: [] });
    const plan = await planWithVolumes(ctx, plan0, reads, { explicit: true, samples: [] });
    expect(reads.asked).toEqual([
      { sourceId: "src_shop", days: 7 },
      { sourceId: "src_web", days: 7 },
    ]);
    expect(plan.apiCalls).toBe(plan0.plan.apiCalls + 2);
    const volume = (name: string) => plan.actions.find((a) => a.name === name)?.volume;
    expect(volume("Narrow")).toEqual({ before: 42_204, after: 1_000, basis: "exact", days: 7 });
    expect(volume("Gone")).toEqual({ before: 12, basis: "exact", days: 7 });
    expect(volume("Typo")).toEqual({ after: 0, basis: "exact", days: 7 });
    expect(volume("Rich")).toEqual({ basis: "unknown", days: 7 });
    expect(plan.warnings.map((w) => w.message)).toContain(
      "no 'Order Complted' events from web in 7 days; did you mean 'Order Completed' (41,203/day)?",
    );
    // Saved with --out and applied later: its digest and consistency hold, volumes included.
    const saved = parsePlanJson(renderJson(plan), "plan.json");
    expect(() => checkPlanFile(saved, "plan.json")).not.toThrow();
    expect(saved.actions.find((a) => a.name === "Typo")?.volume).toEqual({ after: 0, basis: "exact", days: 7 });
  });

  it("estimates from the source's samples an `if` that is not a plain selector", async () => {
    const ctx = context();
    const samples = [100, 200, 5, 1].map((total) => ({
      sourceId: "src_web",
      event: { type: "track", event: "Order Completed", properties: { total } },
    }));
    const plan = await planWithVolumes(ctx, await built(ctx), new FakeVolumeReads({ src_web: WEB_ROWS }), { explicit: true, samples });
    // 1 of 4 samples has total > 100; web sends 42,804 events a day.
    expect(plan.actions.find((a) => a.name === "Rich")?.volume).toEqual({ after: 10_701, basis: "estimate", days: 7 });
  });

  it("a refused read with --volumes: a warning in the plan, no volume, the refused call counted", async () => {
    const ctx = context();
    const plan0 = await built(ctx);
    const plan = await planWithVolumes(ctx, plan0, new FakeVolumeReads({}, new VolumePermissionError("403 from GET /events/volume")), {
      explicit: true,
      samples: [],
    });
    expect(plan.actions.every((a) => a.volume === undefined)).toBe(true);
    expect(plan.warnings.map((w) => w.message)).toContain(
      "event volumes not shown: the token may not read them (403 from GET /events/volume); a token whose role may read event volumes shows them (docs/impact.md); pass --no-volumes to plan without them",
    );
    expect(plan.apiCalls).toBe(plan0.plan.apiCalls + 1);
  });

  it("a refused or failed read when on by default: the plan as without volumes, and one log line", async () => {
    for (const failure of [new VolumePermissionError("403"), new ApiError("server error", 500)]) {
      const ctx = context();
      const plan0 = await built(ctx);
      logs = "";
      const plan = await planWithVolumes(ctx, plan0, new FakeVolumeReads({}, failure), { explicit: false, samples: [] });
      expect(plan.warnings).toEqual(plan0.plan.warnings);
      expect(plan.actions.every((a) => a.volume === undefined)).toBe(true);
      expect(logs.trim().split("\n")).toHaveLength(1);
      expect(logs).toContain("the plan goes on without them");
    }
  });

  it("any other failure with --volumes stops the plan", async () => {
    const ctx = context();
    await expect(
      planWithVolumes(ctx, await built(ctx), new FakeVolumeReads({}, new ApiError("server error", 500)), { explicit: true, samples: [] }),
    ).rejects.toThrow("server error");
  });
});
