import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, committedRemote, git, removeRemote } from "../helpers/git.js";
import type { TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/wait-for.js";
import { startReconcile, type RunningReconcile } from "../reconcile/running-reconcile.js";

/** reconcile that reacts (the audit receiver, fed by the emulator's audit forwarding) and reports (each object, drift, the applied ref). */
const SECRET = "the-webhooks-destination-secret";
const APP_TOKEN = "token-of-someone-in-the-app";
let emulator: RunningEmulator;
let remote: TempProject;
let cache: string;
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  SEGMENT_API_TOKEN: TEST_TOKEN,
  SEGMENT_API_URL: emulator.url,
  TRANSYNC_CACHE_DIR: cache,
  TRANSYNC_LOG_FORMAT: "json",
  ...extra,
});

beforeEach(async () => {
  emulator = await startTestEmulator({
    workspaces: [{ ...testWorkspace(), tokens: [TEST_TOKEN, { value: APP_TOKEN, actor: "users/U1", actorEmail: "a@x.io" }] }],
  });
  ({ remote, cache } = committedRemote("transync-reacts-"));
});
afterEach(async () => {
  await emulator.close();
  removeRemote({ remote, cache });
});

function logLines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** One sample of /metrics (0 when absent). */
async function sample(port: string, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = new RegExp(`^${name.replace(/[{}"]/g, (c) => `\\${c}`)} (\\d+)$`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

const successes = 'transync_cycles_total{result="success"}';

describe("reconcile --webhook-port: emulator -> forwarded audit event -> receiver -> one cycle", () => {
  let running: RunningReconcile | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it("a change made in the app with another token is reverted by a cycle the forwarded event queued, with no manual trigger", async () => {
    // An interval of an hour: every cycle after the first is one an audit event queued.
    running = startReconcile(remote.dir, ["--interval", "1h", "--webhook-port", "0"], {
      env: env({ TRANSYNC_WEBHOOK_SECRET: SECRET }),
      cwd: cache,
    });
    const port = await running.port();
    const hookPort = await waitFor(() => /"webhookPort":(\d+)/.exec(running!.stderr())?.[1]);
    await waitFor(async () => ((await sample(port, successes)) === 1 ? true : undefined));
    expect(running.stderr()).not.toContain(SECRET);
    emulator.setAuditForwarding("ws_test", { url: `http://127.0.0.1:${hookPort}/hooks/segment-audit`, sharedSecret: SECRET });

    const a = emulator.transformations("ws_test").find((t) => t.name === "A")!;
    const changed = await fetch(`${emulator.url}/transformations/${a.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${APP_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(changed.status).toBe(200);
    await waitFor(async () => ((await sample(port, successes)) >= 2 ? true : undefined));
    expect(emulator.transformations("ws_test").find((t) => t.name === "A")?.enabled).toBe(true);
    expect(await sample(port, 'transync_webhook_posts_total{result="queued"}')).toBeGreaterThanOrEqual(1);
    const reverted = logLines(running.stderr()).find((l) => l.msg === "apply: updated");
    expect(reverted).toMatchObject({ kind: "update", name: "A", id: a.id, outcome: "updated" });
  });

  it("a post with a bad signature is 401 and queues no cycle; a valid one is 202", async () => {
    running = startReconcile(remote.dir, ["--interval", "1h", "--webhook-port", "0"], {
      env: env({ TRANSYNC_WEBHOOK_SECRET: SECRET }),
      cwd: cache,
    });
    const port = await running.port();
    const hookPort = await waitFor(() => /"webhookPort":(\d+)/.exec(running!.stderr())?.[1]);
    const url = `http://127.0.0.1:${hookPort}/hooks/segment-audit`;
    const body = JSON.stringify({
      type: "track",
      event: "Audit",
      userId: "U1",
      properties: { type: "Transformation Updated", details: { resource_type: "transformation", subject: "users/U1" } },
    });
    const forged = await fetch(url, {
      method: "POST",
      headers: { "x-signature": createHmac("sha1", "guess").update(body).digest("hex") },
      body,
    });
    expect(forged.status).toBe(401);
    // Counted before the answer: a queued cycle would show here.
    expect(await sample(port, 'transync_webhook_posts_total{result="unauthorized"}')).toBe(1);
    expect(await sample(port, 'transync_webhook_posts_total{result="queued"}')).toBe(0);
    const signed = await fetch(url, {
      method: "POST",
      headers: { "x-signature": createHmac("sha1", SECRET).update(body).digest("hex") },
      body,
    });
    expect(signed.status).toBe(202);
  });

  it("an event made by the environment's selfActors (transync.yaml) queues no cycle; anyone else's does", async () => {
    // transync.yaml names the app's actor as transync's own: its change is then not a reason to reconcile.
    remote.write("transync.yaml", "apiVersion: transync/v1\nenvironments:\n  test: { workspace: test, selfActors: [users/U1] }\n");
    commitAll(remote.dir, "selfActors");
    running = startReconcile(remote.dir, ["--env", "test", "--interval", "1h", "--webhook-port", "0"], {
      env: env({ TRANSYNC_WEBHOOK_SECRET: SECRET }),
      cwd: cache,
    });
    const port = await running.port();
    const hookPort = await waitFor(() => /"webhookPort":(\d+)/.exec(running!.stderr())?.[1]);
    await waitFor(async () => ((await sample(port, successes)) === 1 ? true : undefined));
    const post = async (subject: string): Promise<number> => {
      const body = JSON.stringify({
        type: "track",
        event: "Audit",
        userId: subject,
        properties: { type: "Transformation Updated", details: { resource_type: "transformation", subject } },
      });
      const signature = createHmac("sha1", SECRET).update(body).digest("hex");
      return (
        await fetch(`http://127.0.0.1:${hookPort}/hooks/segment-audit`, { method: "POST", headers: { "x-signature": signature }, body })
      ).status;
    };
    expect(await post("users/U1")).toBe(202);
    expect(await sample(port, 'transync_webhook_posts_total{result="self"}')).toBe(1);
    expect(await sample(port, 'transync_webhook_posts_total{result="queued"}')).toBe(0);
    expect(await post("users/U2")).toBe(202);
    expect(await sample(port, 'transync_webhook_posts_total{result="queued"}')).toBe(1);
    await waitFor(async () => ((await sample(port, successes)) >= 2 ? true : undefined));
  });

  it("refuses to start without the secret, or with a variable outside TRANSYNC_", async () => {
    const unset = await runCli(["reconcile", "--repo", remote.dir, "--webhook-port", "0"], { env: env(), cwd: cache });
    expect(unset).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/shared secret of Segment's Webhooks destination in TRANSYNC_WEBHOOK_SECRET, which is unset/),
    });
    const other = await runCli(["reconcile", "--repo", remote.dir, "--webhook-port", "0", "--webhook-secret-env", "SEGMENT_API_TOKEN"], {
      env: env(),
      cwd: cache,
    });
    expect(other).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/--webhook-secret-env must name a variable that starts with TRANSYNC_/),
    });
    expect(other.stderr).not.toContain(TEST_TOKEN);
    const once = await runCli(["reconcile", "--repo", remote.dir, "--webhook-port", "0", "--once"], {
      env: env({ TRANSYNC_WEBHOOK_SECRET: SECRET }),
      cwd: cache,
    });
    expect(once).toMatchObject({ code: 1, stderr: expect.stringMatching(/with --once there is none/) });
  });
});

describe("reconcile --ready-grace", () => {
  it("/readyz says not ready once the API has been unreachable longer than the grace, while the cycle still retries", async () => {
    const running = startReconcile(
      remote.dir,
      ["--interval", "1h", "--ready-grace", "1s", "--max-retries", "1000", "--retry-budget", "3600", "--webhook-port", "0"],
      { env: env({ TRANSYNC_WEBHOOK_SECRET: SECRET }), cwd: cache },
    );
    try {
      const port = await running.port();
      const hookPort = await waitFor(() => /"webhookPort":(\d+)/.exec(running.stderr())?.[1]);
      const readyz = async (): Promise<{ status: number; text: string }> => {
        const reply = await fetch(`http://127.0.0.1:${port}/readyz`);
        return { status: reply.status, text: await reply.text() };
      };
      await waitFor(async () => ((await readyz()).status === 200 ? true : undefined));
      // Every request now a 503; a forwarded event starts a cycle that retries them (for an hour at most).
      emulator.setFaults({ rate503: 1 });
      const body = JSON.stringify({ type: "Transformation Updated", actor: "users/U1", resourceType: "transformation" });
      const signature = createHmac("sha1", SECRET).update(body).digest("hex");
      expect(
        (await fetch(`http://127.0.0.1:${hookPort}/hooks/segment-audit`, { method: "POST", headers: { "x-signature": signature }, body }))
          .status,
      ).toBe(202);
      const down = await waitFor(async () => {
        const verdict = await readyz();
        return verdict.status === 503 ? verdict : undefined;
      });
      expect(down.text).toMatch(/^not ready: the API has been unreachable for \d+s \(--ready-grace: 1s\)/);
      expect(await sample(port, 'transync_cycles_total{result="failure"}')).toBe(0); // the cycle still runs
      emulator.setFaults({ rate503: 0 });
      await waitFor(async () => ((await sample(port, successes)) === 2 ? true : undefined));
      expect((await readyz()).status).toBe(200);
    } finally {
      emulator.setFaults({ rate503: 0 });
      await running.stop();
    }
  });
});

describe("reconcile reports what it did", () => {
  it("logs each object it creates, updates or deletes, with kind, name and id", async () => {
    const first = await runCli(["reconcile", "--repo", remote.dir, "--once", "--log-level", "info"], { env: env(), cwd: cache });
    expect(first.code, first.stderr).toBe(0);
    const ids = new Map(emulator.transformations("ws_test").map((t) => [t.name, t.id]));
    expect(
      logLines(first.stderr)
        .filter((l) => l.msg === "apply: created")
        .map(({ kind, name, id }) => ({ kind, name, id })),
    ).toEqual(
      expect.arrayContaining([
        { kind: "create", name: "A", id: ids.get("A") },
        { kind: "create", name: "B", id: ids.get("B") },
      ]),
    );
    remote.write(
      "transformations/a.yaml",
      "apiVersion: transync/v1\nkind: Transformation\nname: A\nsourceId: src_web\nenabled: false\nif: \"event = 'A'\"\n",
    );
    commitAll(remote.dir, "A off, B gone");
    const second = await runCli(["reconcile", "--repo", remote.dir, "--once", "--prune", "--log-level", "info"], {
      env: env(),
      cwd: cache,
    });
    expect(second.code, second.stderr).toBe(0);
    const done = logLines(second.stderr).filter((l) => typeof l.msg === "string" && l.msg.startsWith("apply: "));
    expect(done.map(({ msg, kind, name, id }) => ({ msg, kind, name, id }))).toEqual(
      expect.arrayContaining([
        { msg: "apply: updated", kind: "update", name: "A", id: ids.get("A") },
        { msg: "apply: deleted", kind: "delete", name: "B", id: ids.get("B") },
      ]),
    );
  });

  it("transync_drift_objects counts an object made in the app inside a declared scope, as plan --detailed-exitcode does", async () => {
    remote.write("transync.yaml", "apiVersion: transync/v1\nscope: { sources: [src_web] }\n");
    commitAll(remote.dir, "scope");
    const made = await fetch(`${emulator.url}/transformations`, {
      method: "POST",
      headers: { authorization: `Bearer ${APP_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Made in the app", sourceId: "src_web", enabled: true, if: "event = 'Z'" }),
    });
    expect(made.status).toBe(200);
    const running = startReconcile(remote.dir, ["--interval", "1h"], { env: env(), cwd: cache });
    try {
      const port = await running.port();
      await waitFor(async () => ((await sample(port, successes)) === 1 ? true : undefined));
      // The two creates of the first cycle, and the unmanaged object no prune deletes.
      expect(await sample(port, "transync_drift_objects")).toBe(3);
    } finally {
      await running.stop();
    }
    const plan = await runCli(["plan", "--repo", remote.dir, "--detailed-exitcode"], { env: env(), cwd: cache });
    expect(plan.code).toBe(2);
  });

  it("--record-ref records the commit a cycle leaves the workspace matching, as apply does", async () => {
    const run = await runCli(["reconcile", "--repo", remote.dir, "--once", "--record-ref", "--log-level", "info"], {
      env: env(),
      cwd: cache,
    });
    expect(run.code, run.stderr).toBe(0);
    const head = git(remote.dir, "rev-parse", "HEAD").trim();
    expect(git(remote.dir, "rev-parse", "refs/transync/applied/default").trim()).toBe(head);
    expect(logLines(run.stderr).find((l) => l.msg === "recorded the applied commit")).toMatchObject({ env: "default", commit: head });
    const dry = await runCli(["reconcile", "--repo", remote.dir, "--once", "--record-ref", "--dry-run"], { env: env(), cwd: cache });
    expect(dry).toMatchObject({ code: 1, stderr: expect.stringMatching(/--dry-run applies nothing/) });
  });
});
