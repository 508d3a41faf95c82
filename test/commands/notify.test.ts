import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { prodWorkspace } from "../helpers/two-environments.js";
import { NotifyReceiver } from "../helpers/notify-receiver.js";
import { waitFor } from "../helpers/wait-for.js";
import { startReconcile } from "../reconcile/running-reconcile.js";

const A = "token-a-applies";
const B = "token-b-in-the-app";
const HOOK_SECRET = "hook-signing-secret-1";

/** The X-Transync-Signature a receiver computes from the raw body it got. */
const signed = (body: string) => `sha256=${createHmac("sha256", HOOK_SECRET).update(body).digest("hex")}`;

/** Notifications (issue 38): `drift --notify`, `apply` and `reconcile` tell transync.yaml's `notify:` targets, once per digest. */
describe("notifications", () => {
  let emulator: RunningEmulator;
  let receiver: NotifyReceiver;
  let project: TempProject;

  const projectFile = (notify: string) =>
    `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  prod: { workspace: prd }\nnotify:\n${notify}`;
  const HOOK = [
    "  - name: hook",
    "    type: webhook",
    "    urlEnv: TRANSYNC_NOTIFY_HOOK_URL",
    "    secretEnv: TRANSYNC_NOTIFY_HOOK_SECRET",
    "    events: [drift, apply, apply-failed, reconcile-failed]",
    "    environments: [prod]",
    "",
  ].join("\n");
  const SLACK = [
    "  - name: chat",
    "    type: slack",
    "    urlEnv: TRANSYNC_NOTIFY_SLACK_URL",
    "    events: [drift, apply]",
    "    environments: [prod]",
    "",
  ].join("\n");
  const env = (extra: NodeJS.ProcessEnv = {}) => ({
    SEGMENT_API_TOKEN: A,
    TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host,
    TRANSYNC_NOTIFY_HOOK_URL: `${receiver.url}/hook`,
    TRANSYNC_NOTIFY_HOOK_SECRET: HOOK_SECRET,
    TRANSYNC_NOTIFY_SLACK_URL: `${receiver.url}/slack`,
    ...extra,
  });
  const run = (args: string[], extra?: NodeJS.ProcessEnv) => runCli(args, { cwd: project.dir, env: env(extra) });
  const drift = (...args: string[]) => run(["drift", "--env", "prod", "--notify", "hook", "--state-file", "notify-state.json", ...args]);
  /** Token B changes the object through the API, as a person in the app would. */
  const changeInTheApp = async (fields: Record<string, unknown>) => {
    const list = await fetch(`${emulator.url}/transformations`, { headers: { authorization: `Bearer ${B}` } });
    const [live] = ((await list.json()) as { data: { transformations: Array<{ id: string }> } }).data.transformations;
    const reply = await fetch(`${emulator.url}/transformations/${live!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${B}`, "content-type": "application/json" },
      body: JSON.stringify(fields),
    });
    expect(reply.status).toBe(200);
  };
  const applied = async () => {
    const result = await run(["apply", "--env", "prod", "--auto-approve", "--record-ref"]);
    expect(result.code, result.stderr).toBe(0);
    receiver.posts.length = 0;
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [prodWorkspace({ tokens: [A, { value: B, actor: "users/U1", actorEmail: "a@x.io" }] })],
    });
    receiver = new NotifyReceiver();
    await receiver.start();
    project = tempProject({ "transformations/a.yaml": doc("A", "src_prd_web") });
    project.write("transync.yaml", projectFile(HOOK));
    git(project.dir, "init", "-q");
    commitAll(project.dir, "add A");
  });

  afterEach(async () => {
    await receiver?.stop();
    await emulator?.close();
    project?.cleanup();
  });

  it("drift --notify posts the drift report once with a valid signature, and again only after a further change", async () => {
    await applied();
    await changeInTheApp({ enabled: false });
    const first = await drift("--format", "json");
    expect(first.code, first.stderr).toBe(2);
    expect(receiver.posts).toHaveLength(1);
    const [post] = receiver.posts;
    expect(post!.path).toBe("/hook");
    expect(post!.body).toBe(first.stdout);
    expect(post!.headers["x-transync-signature"]).toBe(signed(post!.body));
    expect(post!.headers["x-transync-event"]).toBe("drift");
    const report = JSON.parse(post!.body) as { drifted: Array<{ fields: string[]; changedBy: { actorEmail: string } }> };
    expect(report.drifted[0]).toMatchObject({ fields: ["enabled"], changedBy: { actorEmail: "a@x.io" } });

    // The same drift at the next scheduled run: not told again (the state file says it was).
    const again = await drift();
    expect(again.code).toBe(2);
    expect(receiver.posts).toHaveLength(1);
    const state = JSON.parse(readFileSync(join(project.dir, "notify-state.json"), "utf8")) as { sent: Array<Record<string, string>> };
    expect(state.sent).toEqual([expect.objectContaining({ target: "hook", environment: "prod", event: "drift" })]);

    await changeInTheApp({ if: "event = 'Changed in the app'" });
    const further = await drift();
    expect(further.code).toBe(2);
    expect(receiver.posts).toHaveLength(2);
    expect(receiver.posts[1]!.headers["x-transync-signature"]).toBe(signed(receiver.posts[1]!.body));
    expect(JSON.parse(receiver.posts[1]!.body).drifted[0].fields).toEqual(expect.arrayContaining(["enabled", "if"]));
  });

  it("a clean check tells nothing, or a heartbeat every run with --notify-clean; drift that comes back after it is told again", async () => {
    await applied();
    expect((await drift()).code).toBe(0);
    expect(receiver.posts).toHaveLength(0);
    expect((await drift("--notify-clean")).code).toBe(0);
    expect((await drift("--notify-clean")).code).toBe(0);
    expect(receiver.posts).toHaveLength(2);
    expect(JSON.parse(receiver.posts[0]!.body).drifted).toEqual([]);
    await changeInTheApp({ enabled: false });
    expect((await drift()).code).toBe(2);
    expect(receiver.posts).toHaveLength(3);
  });

  it.each([
    ["answers 500", "fail" as const, /answered 500/],
    ["never answers (cut at --notify-timeout)", "hang" as const, /no answer within 0\.5 s/],
    ["redirects (not followed: the signed body goes only where the variable says)", "redirect" as const, /answered 307/],
  ])("a receiver that %s: logged, the exit code unchanged, and told at the next run", async (_what, answer, reason) => {
    await applied();
    await changeInTheApp({ enabled: false });
    receiver.answer = answer;
    const failed = await drift("--notify-timeout", "0.5");
    expect(failed.code, failed.stderr).toBe(2);
    expect(failed.stderr).toMatch(reason);
    expect(failed.stderr).toContain("notification not sent");
    expect(receiver.posts).toHaveLength(1);
    receiver.answer = "ok";
    expect((await drift()).code).toBe(2);
    expect(receiver.posts).toHaveLength(2);
  });

  it("a receiver that refuses the connection, a host name that does not resolve, or a variable that is unset: logged, the exit code unchanged, the URL never printed", async () => {
    await applied();
    await changeInTheApp({ enabled: false });
    await receiver.stop();
    const refused = await drift();
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("notification not sent");
    expect(refused.stderr).not.toContain(receiver.url);
    const unresolved = await run(["drift", "--env", "prod", "--notify", "hook"], { TRANSYNC_NOTIFY_HOOK_URL: "http://hooks.invalid/x" });
    expect(unresolved.code).toBe(2);
    expect(unresolved.stderr).toContain("no such host name");
    const unset = await run(["drift", "--env", "prod", "--notify", "hook"], { TRANSYNC_NOTIFY_HOOK_URL: "" });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("TRANSYNC_NOTIFY_HOOK_URL is not set");
  });

  it("--notify NAME that transync.yaml does not define is a usage error naming the targets, before any API call", async () => {
    await applied();
    emulator.resetStats();
    const unknown = await run(["drift", "--env", "prod", "--notify", "pager"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--notify pager: no such notification; transync.yaml's notify: defines hook");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    expect(emulator.stats().requests).toBe(0);
    expect(receiver.posts).toHaveLength(0);
  });

  it("the targets --notify names are the checkout's transync.yaml's, as acknowledgements are, not the applied commit's", async () => {
    await applied();
    await changeInTheApp({ enabled: false });
    // Merged after the applied commit: a target added is told, a target removed is refused before any API call.
    project.write("transync.yaml", projectFile(SLACK));
    commitAll(project.dir, "notify chat instead of hook");
    const added = await run(["drift", "--env", "prod", "--notify", "chat"]);
    expect(added.code, added.stderr).toBe(2);
    expect(receiver.posts.map((p) => p.path)).toEqual(["/slack"]);
    emulator.resetStats();
    const removed = await run(["drift", "--env", "prod", "--notify", "hook"]);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain("--notify hook: no such notification; transync.yaml's notify: defines chat");
    expect(emulator.stats().requests).toBe(0);
    expect(receiver.posts).toHaveLength(1);
  });

  it("apply tells `apply` with the apply result JSON, signed; Slack gets {text, blocks} with hostile names escaped; no token or hash key in any payload", async () => {
    project.write("transync.yaml", projectFile(HOOK + SLACK));
    const hostile = "<!channel> & <https://evil.example|click> \u001b[31m";
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    project.write("transformations/h.yaml", doc(hostile, "src_prd_web", { if: "event = 'H'", hashPropertiesConfiguration: hash }));
    commitAll(project.dir, "hostile");
    const key = "the-hash-key-value-42";
    const result = await run(["apply", "--env", "prod", "--auto-approve", "--state-file", "notify-state.json"], {
      TRANSYNC_KEY_EMAIL: key,
    });
    expect(result.code, result.stderr).toBe(0);
    const hook = receiver.posts.find((p) => p.path === "/hook")!;
    const slack = receiver.posts.find((p) => p.path === "/slack")!;
    expect(receiver.posts).toHaveLength(2);
    expect(hook.headers["x-transync-event"]).toBe("apply");
    expect(hook.headers["x-transync-signature"]).toBe(signed(hook.body));
    const appliedJson = JSON.parse(hook.body) as { summary: { created: number }; actions: Array<{ name: string }> };
    expect(appliedJson.summary.created).toBe(2);
    expect(appliedJson.actions.map((a) => a.name)).toContain(hostile);
    const message = JSON.parse(slack.body) as { text: string; blocks: Array<{ text: { text: string } }> };
    expect(message.text).toContain("applied in prod");
    const listed = message.blocks.map((b) => b.text.text).join("\n");
    expect(listed).toContain("&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt; \\u001b[31m");
    expect(slack.body).not.toMatch(/<!channel>|<https:/);
    expect(slack.body).not.toContain("\u001b");
    for (const post of receiver.posts) for (const secret of [key, A, HOOK_SECRET]) expect(post.body).not.toContain(secret);
    // The same apply again writes nothing: nothing is told.
    expect(
      (await run(["apply", "--env", "prod", "--auto-approve", "--state-file", "notify-state.json"], { TRANSYNC_KEY_EMAIL: key })).code,
    ).toBe(0);
    expect(receiver.posts).toHaveLength(2);
  });

  it("reconcile tells a failed cycle once per error (--state-file across runs), and a cycle that wrote", async () => {
    const key = "the-hash-key-value-42";
    const once = () =>
      run(["reconcile", "--once", "--env", "prod", "--state-file", "notify-state.json", "--log-level", "info"], {
        TRANSYNC_KEY_EMAIL: key,
      });
    const wrote = await once();
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(receiver.posts.map((p) => [p.path, p.headers["x-transync-event"]])).toEqual([["/hook", "apply"]]);
    // Two documents of one name, a name that holds the hash key (a hostile document that wants the key in the
    // error, and the error in a channel): the cycle fails, told once and redacted; the same failure again is not told.
    project.write("transformations/a.yaml", docs(doc(`leak ${key}`, "src_prd_web"), doc(`leak ${key}`, "src_prd_web")));
    commitAll(project.dir, "broken");
    expect((await once()).code).toBe(1);
    expect((await once()).code).toBe(1);
    const failures = receiver.posts.filter((p) => p.headers["x-transync-event"] === "reconcile-failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]!.headers["x-transync-signature"]).toBe(signed(failures[0]!.body));
    expect(JSON.parse(failures[0]!.body)).toMatchObject({ version: 1, event: "reconcile-failed", environment: "prod" });
    expect(failures[0]!.body).toContain("leak [redacted]");
    expect(failures[0]!.body).not.toContain(key);
  });

  it("a running reconciler keeps what it told in memory: the same failure cycle after cycle is told once", async () => {
    project.write("transformations/a.yaml", doc("A", "src_prd_web", { if: "event = " }));
    commitAll(project.dir, "broken");
    git(project.dir, "branch", "-M", "main");
    const running = startReconcile(project.dir, ["--env", "prod", "--max-retries", "0"], { env: env(), cwd: project.dir });
    try {
      await waitFor(() => ((running.stderr().match(/reconcile cycle failed/g) ?? []).length >= 3 ? true : undefined));
    } finally {
      expect(await running.stop()).toBe(0);
    }
    expect(receiver.posts.map((p) => p.headers["x-transync-event"])).toEqual(["reconcile-failed"]);
  });
});
