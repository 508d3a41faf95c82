import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedApi } from "../helpers/scripted-api.js";
import type { CliContext } from "../../src/pipeline/context.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Transformation } from "../../src/model/transformation.js";
import { buildPlan } from "../../src/pipeline/build-plan.js";
import { loadFrom } from "../../src/pipeline/desired-input.js";
import { fsSource } from "../../src/desired/fs-source.js";
import { planWarning } from "../../src/desired/format-diagnostics.js";
import { HttpLiveApi, listAll, resolveApiSettings } from "../../src/live/index.js";
import { silentLogger } from "../../src/log.js";
import { computePlan, needsDetails } from "../../src/plan/index.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import { transyncVersion } from "../../src/version.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, docs, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

const N = 450; // three list pages
const fql = (f: string) => [{ fql: `lowercase(properties.${f})`, propertyName: "properties.out" }];

/** Live objects: some with FQL properties, two sources (one outside the scope). */
function live(i: number): Transformation {
  const t: Transformation = {
    id: `tfm_${String(i).padStart(4, "0")}`,
    name: `T ${i}`,
    sourceId: i % 5 === 0 ? "src_b" : "src_a",
    enabled: true,
    if: `event = 'E${i}'`,
  };
  return i % 7 === 0 ? { ...t, fqlDefinedProperties: fql("a") } : t;
}

/** Documents: unchanged, changed, changed FQL, pinned and renamed (some outside the scope), write-only, missing (deleted) and new. */
function desired(i: number): string | undefined {
  if (i % 13 === 0) return undefined;
  const t = live(i);
  const fields: Record<string, unknown> = { if: i % 3 === 0 ? `event = 'Changed ${i}'` : t.if };
  if (t.fqlDefinedProperties) fields.fqlDefinedProperties = i % 14 === 0 ? fql("b") : t.fqlDefinedProperties;
  if (i % 11 === 0) fields.id = t.id;
  if (i % 17 === 0) fields.drop = true;
  return doc(i % 11 === 0 ? `Renamed ${i}` : t.name, t.sourceId, fields);
}

function context(cwd: string, env: NodeJS.ProcessEnv): CliContext {
  return {
    stdout: { write: () => true },
    stderr: { write: () => true },
    env,
    cwd,
    logger: silentLogger(),
    signal: new AbortController().signal,
    color: false,
    secrets: new SecretRegistry(),
  };
}

/** The plan made the way it was before the overlap: the whole list, then each get, one at a time, then plan. */
async function sequentialPlan(dir: string, env: NodeJS.ProcessEnv) {
  const input = await loadFrom(fsSource(dir), undefined, {});
  const resources = input.state.resources;
  const api = new HttpLiveApi(resolveApiSettings({ flags: { rate: 100_000 }, env }), { logger: silentLogger() });
  const items = [...(await listAll(api))].sort((a, b) => (a.id < b.id ? -1 : 1));
  let live = { workspaceId: items[0]!.workspaceId!, transformations: items, apiCalls: Math.ceil(N / 200) + 1 }; // the pages and the one GET /sources that checks every source
  const getEach = async (ids: string[]) => {
    const full = new Map<string, Transformation>();
    for (const id of ids) full.set(id, await api.get(id));
    live = { ...live, transformations: live.transformations.map((t) => full.get(t.id) ?? t), apiCalls: live.apiCalls + ids.length };
  };
  const detailed = items.filter(needsDetails(resources)).map((t) => t.id);
  await getEach(detailed);
  const options = {
    prune: "all" as const,
    resendWriteOnly: false,
    scopeSources: input.state.project.scopeSources,
    refresh: "list" as const,
    warnings: input.warnings.map(planWarning),
    transyncVersion: transyncVersion(),
    origin: input.origin,
  };
  return computePlan(resources, live, { ...options, detailedIds: detailed });
}

describe("plan overlaps its live read with reading the desired state", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" });

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace(Array.from({ length: N }, (_, i) => ({ ...live(i) })))],
      faults: { latencyMs: 2 },
    });
    const all = Array.from({ length: N }, (_, i) => desired(i)).filter((d): d is string => d !== undefined);
    const files: Record<string, string> = { "transync.yaml": "apiVersion: transync/v1\nscope: { sources: [src_a] }\n" };
    for (let f = 0; f * 50 < all.length; f++) files[`transformations/f${f}.yaml`] = docs(...all.slice(f * 50, f * 50 + 50));
    files["transformations/new.yaml"] = docs(doc("New 1", "src_a"), doc("New 2", "src_a", { fqlDefinedProperties: fql("c") }));
    project = tempProject(files);
  });
  afterAll(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("the plan (digest included) is the one the sequential read makes, at any concurrency", async () => {
    const reference = await sequentialPlan(project.dir, env());
    expect(reference.summary.update).toBeGreaterThan(100);
    expect(reference.detailedIds.length).toBeGreaterThan(20); // the objects whose documents set FQL properties: an update gets no read of its own
    for (const concurrency of [1, 3, 32]) {
      const built = await buildPlan(context(project.dir, env()), {
        flags: { prune: true, rate: 100_000 },
        mode: { tokenUse: "write", interruptReads: false, hashKeysNeeded: true, freeze: { refuse: false }, concurrency },
      });
      expect(built.plan, `concurrency ${concurrency}`).toEqual(reference);
    }
    const cli = await runCli(["plan", "--prune", "--format", "json", "--rate", "100000"], { env: env(), cwd: project.dir });
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ digest: reference.digest, apiCalls: reference.apiCalls });
  });
});

describe("invalid desired state while the live read is in flight", () => {
  let emulator: RunningEmulator;
  let relay: ScriptedApi;
  let project: TempProject;
  /** Opened after the plan returned: until then the list's reply is held, so a plan that waited for it would never return. */
  let releaseList: () => void;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_a", name: "A", sourceId: "src_a", enabled: true, if: "event = 'A'" }])],
    });
    relay = new ScriptedApi(emulator.url).route("GET", "/transformations", async () => {
      await listHeld;
      return undefined; // the emulator answers, if anyone still listens
    });
    await relay.start();
    project = tempProject({
      "transformations/ok.yaml": doc("A", "src_a", { if: "event = 'A'" }),
      "transformations/bad.yaml": "apiVersion: transync/v1\nkind: Transformation\nname: 5\n",
    });
  });
  afterAll(async () => {
    releaseList();
    await relay.close();
    await emulator.close();
    project.cleanup();
  });

  it("aborts the reads in flight and reports the documents' errors alone: no write, no stack trace, no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const res = await runCli(["plan"], { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: relay.url }, cwd: project.dir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("bad.yaml:");
      expect(res.stderr).not.toMatch(/\n\s+at |Interrupted|aborted/i);
      expect(relay.count("GET", "/transformations")).toBe(1); // the list had started: the read overlaps validation
      expect(relay.requests.filter((r) => r.method !== "GET")).toEqual([]);
      // The plan returned with the list's reply still held: it aborted the read instead of waiting.
      releaseList();
      await relay.close();
      await new Promise((resolve) => setImmediate(resolve)); // a rejection nobody handled is reported by now
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
