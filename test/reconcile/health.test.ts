import { describe, expect, it } from "vitest";
import { isUnreachableRetry, livenessWindowMs, MIN_LIVENESS_WINDOW_MS, ReconcileHealth } from "../../src/reconcile/health.js";
import { useBulkWorkspace } from "../helpers/bulk-workspace.js";
import { commitAll, git } from "../helpers/git.js";
import { doc } from "../helpers/project.js";
import { waitFor } from "../helpers/wait-for.js";
import { startReconcile } from "./running-reconcile.js";

describe("ReconcileHealth", () => {
  const interval = 5 * 60_000;
  let now = 1_000_000;
  const clock = (): number => now;

  it("is alive from the start, and ready only once a cycle has succeeded", () => {
    const health = new ReconcileHealth(interval, clock);
    expect(health.liveness().ok).toBe(true);
    expect(health.readiness()).toEqual({ ok: false, detail: "not ready: no cycle has finished yet\n" });
    health.cycleStarted();
    health.cycleEnded(true);
    expect(health.readiness().ok).toBe(true);
  });

  it("a failed cycle makes it not ready but leaves it alive; the next success makes it ready again", () => {
    const health = new ReconcileHealth(interval, clock);
    for (let i = 0; i < 5; i += 1) {
      health.cycleStarted();
      now += 1000;
      health.cycleEnded(false);
      expect(health.readiness().ok).toBe(false);
      expect(health.liveness().ok).toBe(true);
      now += interval;
    }
    health.cycleStarted();
    health.cycleEnded(true);
    expect(health.readiness().ok).toBe(true);
  });

  it("is not alive when no cycle started within three intervals (at least ten minutes), running or not", () => {
    expect(livenessWindowMs(interval)).toBe(3 * interval);
    expect(livenessWindowMs(1000)).toBe(MIN_LIVENESS_WINDOW_MS);
    const idle = new ReconcileHealth(interval, clock);
    idle.cycleStarted();
    idle.cycleEnded(true);
    now += 3 * interval;
    expect(idle.liveness().ok).toBe(true);
    now += 1;
    expect(idle.liveness()).toEqual({ ok: false, detail: "stuck: no cycle has started for 900s (allowed: 900s)\n" });

    const hung = new ReconcileHealth(interval, clock);
    hung.cycleStarted();
    now += 3 * interval + 1000;
    expect(hung.liveness()).toMatchObject({ ok: false, detail: expect.stringMatching(/^stuck: the current cycle started 901s ago/) });
  });
});

describe("ReconcileHealth: --ready-grace", () => {
  const interval = 60_000;
  let now = 5_000_000;
  const clock = (): number => now;

  it("is not ready once the API has been unreachable longer than the grace, even while a cycle still retries", () => {
    const health = new ReconcileHealth(interval, clock); // default grace: two intervals
    health.cycleStarted();
    health.cycleEnded("ok");
    health.cycleStarted();
    health.apiUnreachable(); // the first failed request of this cycle; its retries go on
    now += 2 * interval;
    expect(health.readiness().ok).toBe(true);
    now += 1000;
    expect(health.readiness()).toEqual({ ok: false, detail: "not ready: the API has been unreachable for 121s (--ready-grace: 120s)\n" });
    health.apiUnreachable(); // a later failure does not restart the count
    expect(health.readiness().ok).toBe(false);
    health.apiReachable();
    expect(health.readiness().ok).toBe(true);
  });

  it("a cycle that failed only because the API was unreachable stays ready within the grace; another failure does not", () => {
    const health = new ReconcileHealth(interval, clock, 30_000);
    health.cycleStarted();
    health.cycleEnded("ok");
    health.cycleStarted();
    health.cycleEnded("unreachable");
    expect(health.readiness()).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^ok: the API has been unreachable for 0s, within --ready-grace \(30s\)/),
    });
    now += 30_001;
    expect(health.readiness().ok).toBe(false);
    health.cycleStarted();
    health.cycleEnded("ok");
    expect(health.readiness().ok).toBe(true);
    health.cycleStarted();
    health.cycleEnded("failed");
    expect(health.readiness().detail).toMatch(/^not ready: the last cycle failed at/);
  });

  it("the grace never makes ready a loop whose cycles have all failed", () => {
    const health = new ReconcileHealth(interval, clock);
    health.cycleStarted();
    health.cycleEnded("unreachable");
    expect(health.readiness().detail).toMatch(/^not ready: the last cycle failed at/);
  });

  it("reads a retry's reason: a 5xx or a network error is unreachable, a 429 is an API that answers", () => {
    expect(isUnreachableRetry("503 backoff")).toBe(true);
    expect(isUnreachableRetry("ECONNREFUSED ECONNREFUSED")).toBe(true);
    expect(isUnreachableRetry("429 retry-after")).toBe(false);
  });
});

describe("transync reconcile --metrics-port: /healthz and /readyz over HTTP", () => {
  const workspace = useBulkWorkspace(1);

  it("a failing cycle makes /readyz 503 while /healthz stays 200; a good commit makes it ready again", async () => {
    const remote = workspace.project;
    git(remote.dir, "init", "-q");
    commitAll(remote.dir, "first");
    // `::`: every address, IPv6 too (dual-stack), as a pod on an IPv6 cluster runs it.
    const running = startReconcile(remote.dir, ["--metrics-host", "::"], { env: workspace.env(), cwd: workspace.cache });
    let code: number | undefined;
    try {
      const port = await running.port();
      const get = async (path: string): Promise<{ status: number; text: string }> => {
        const reply = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: reply.status, text: await reply.text() };
      };
      await waitFor(async () => ((await get("/readyz")).status === 200 ? true : undefined));
      expect(await get("/healthz")).toMatchObject({ status: 200 });
      // With --metrics-host ::, IPv6 too: on an IPv6-only cluster the kubelet probes the pod's IPv6 address.
      expect((await fetch(`http://[::1]:${port}/healthz`)).status).toBe(200);

      // An invalid document: every cycle from now on fails at validation.
      remote.write("transformations/bulk.yaml", doc("Bulk 0", "src_web", { if: "event = " }));
      commitAll(remote.dir, "broken");
      const failures = async (): Promise<number> =>
        Number(/transync_cycles_total\{result="failure"\} (\d+)/.exec((await get("/metrics")).text)?.[1] ?? 0);
      await waitFor(async () => ((await failures()) >= 2 ? true : undefined));
      const ready = await get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.text).toMatch(/^not ready: the last cycle failed at \d{4}-/);
      expect(await get("/healthz")).toMatchObject({ status: 200, text: expect.stringMatching(/^ok/) });

      remote.write("transformations/bulk.yaml", doc("Bulk 0", "src_web", { if: "event = 'fixed'" }));
      commitAll(remote.dir, "fixed");
      await waitFor(async () => ((await get("/readyz")).status === 200 ? true : undefined));
      expect(workspace.emulator.transformations("ws_test").map((t) => t.if)).toEqual(["event = 'fixed'"]);
    } finally {
      code = await running.stop();
    }
    expect(code).toBe(0);
  });
});
