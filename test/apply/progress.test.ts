import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { createProgress } from "../../src/apply/progress.js";
import { renderApplyResultJson } from "../../src/report/apply-result.js";
import { executePlan } from "../../src/apply/execute.js";
import { silentLogger } from "../../src/log.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { createAction, makePlan } from "./plan-builder.js";

function capture(isTTY: boolean): { stream: { write: (s: string) => boolean; isTTY: boolean; columns: number }; text: () => string } {
  let text = "";
  return { stream: { write: (s: string) => ((text += s), true), isTTY, columns: 200 }, text: () => text };
}

describe("createProgress", () => {
  it("on a TTY rewrites one line with done/total, the current action and rate-limit waits", async () => {
    const out = capture(true);
    let clock = 1_000;
    const progress = createProgress({ stream: out.stream, logger: silentLogger(), total: 2, now: () => clock });
    progress.onEvent({ type: "start", index: 0, kind: "create", name: "A" });
    progress.onEvent({ type: "wait", waitMs: 2_500, reason: "429 rate limited" });
    clock += 500;
    progress.onEvent({ type: "done", outcome: { index: 0, kind: "create", name: "A", outcome: "created", attempts: 1, ms: 3 } });
    progress.finish();
    const frames = out.text().split("\r\x1b[2K");
    expect(frames).toEqual([
      "",
      'Applying 0/2 · create "A"',
      'Applying 0/2 · create "A" · waiting 3s (429 rate limited)',
      "Applying 1/2 · waiting 2s (429 rate limited)",
      "",
    ]);
    expect(out.text()).not.toContain("\n");
  });

  it("a name holding a line break or an escape sequence stays on the status line, shown escaped", () => {
    const out = capture(true);
    const progress = createProgress({ stream: out.stream, logger: silentLogger(), total: 1, now: () => 0 });
    progress.onEvent({ type: "start", index: 0, kind: "delete", name: "A\n::error::x\r\u001b[2KB" });
    progress.finish();
    expect(out.text().split("\r\x1b[2K")).toEqual(["", 'Applying 0/1 · delete "A\\n::error::x\\r\\u001b[2KB"', ""]);
  });

  it("without a TTY logs one line per finished action and writes nothing to the stream", async () => {
    const out = capture(false);
    const lines: string[] = [];
    const logger = pino({ level: "info", base: undefined }, { write: (s: string) => void lines.push(s) });
    const api = new FakeLiveApi();
    api.faults.push({ method: "create", name: "Bad", kind: "api", status: 422, type: "input-validation", message: "bad if" });
    const plan = makePlan([createAction("Bad"), createAction("Good")]);
    const progress = createProgress({ stream: out.stream, logger, total: plan.actions.length });
    await executePlan(plan, api, { logger: silentLogger(), onEvent: progress.onEvent, concurrency: 1 });
    progress.finish();
    expect(out.text()).toBe("");
    const records = lines.map((l) => JSON.parse(l) as { msg: string; level: number; done: number });
    expect(records.map((r) => [r.level, r.msg, r.done])).toEqual([
      [40, 'create "Bad" failed: bad if', 1],
      [30, 'created "Good"', 2],
    ]);
  });
});

describe("renderApplyResultJson", () => {
  it("lists every action with its outcome, and the API's calls, retries and time waited", async () => {
    const api = new FakeLiveApi();
    api.faults.push({
      method: "create",
      name: "B",
      kind: "api",
      status: 422,
      type: "input-validation",
      field: "transformation.if",
      message: "bad",
    });
    const result = await executePlan(makePlan([createAction("A"), createAction("B")]), api, { logger: silentLogger() });
    const json = JSON.parse(renderApplyResultJson(result, { apiStats: api.stats() })) as Record<string, unknown>;
    expect(json).toMatchObject({
      summary: { created: 1, failed: 1 },
      summaryText: "Apply: 1 created, 0 updated, 0 deleted, 1 failed.",
      interrupted: false,
      api: { calls: api.calls.length, retries: 0, waitedMs: 0 },
      actions: [
        { index: 0, kind: "create", name: "A", id: "tf_001", outcome: "created", attempts: 1 },
        {
          index: 1,
          kind: "create",
          name: "B",
          id: null,
          outcome: "failed",
          error: { status: 422, type: "input-validation", field: "transformation.if", message: "bad" },
        },
      ],
    });
  });

  it("fills null API stats when the client gives none", () => {
    const json = JSON.parse(
      renderApplyResultJson({
        actions: [],
        summary: { created: 0, updated: 0, deleted: 0, failed: 0, skipped: 0 },
        interrupted: false,
        durationMs: 0,
      }),
    ) as { api: unknown };
    expect(json.api).toEqual({ calls: null, retries: null, waitedMs: null });
  });
});
