import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * Verification after apply does not take the server's word for what it was not asked (issue 21,
 * item 11): every written object is compared whole with the desired normal form, and every deleted
 * object is confirmed gone, against a proxy that lies about writes in front of a real emulator.
 */
const SRC = "src_web";

/**
 * How the proxy lies about writes. Reads always pass through untouched, so what transync reads back
 * is what the emulator really holds.
 */
interface WriteLies {
  /** Every PATCH also sets these fields (e.g. `{ allowProperties: [] }`): the reply and the stored object both lose them. */
  patchAlsoSets?: Record<string, unknown>;
  /** Every DELETE is answered with this status (200 with `{data: {status: "SUCCESS"}}`, or 204) and never reaches the emulator. */
  deleteAnswers?: 200 | 204;
}

/** A ScriptedApi in front of the emulator telling `lies` about writes (issue 21, item 11). */
function lyingProxy(emulatorUrl: string, { patchAlsoSets, deleteAnswers }: WriteLies): ScriptedApi {
  const proxy = new ScriptedApi(emulatorUrl);
  if (patchAlsoSets)
    proxy.route("PATCH", /.*/, (req) => proxy.forward(req, JSON.stringify({ ...(JSON.parse(req.body) as object), ...patchAlsoSets })));
  if (deleteAnswers === 200) proxy.route("DELETE", /.*/, { body: { data: { status: "SUCCESS" } } });
  if (deleteAnswers === 204) proxy.route("DELETE", /.*/, { status: 204, headers: {}, body: "" });
  return proxy;
}

interface ApplyJson {
  converged: boolean | null;
  verification: {
    checked: number;
    diverged: Array<Record<string, unknown>>;
    notDeleted: Array<Record<string, unknown>>;
    unreadable: unknown[];
  } | null;
  summary: Record<string, number>;
}

describe("apply against a server that lies about its writes", () => {
  let emulator: RunningEmulator;
  let proxy: ScriptedApi | undefined;
  let project: TempProject;
  const applyThrough = async (lies: WriteLies, ...flags: string[]) => {
    await proxy?.close();
    proxy = lyingProxy(emulator.url, lies);
    const url = await proxy.start();
    return runCli(["apply", "--auto-approve", "--prune", ...flags], {
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: url },
      cwd: project.dir,
    });
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace([
          {
            id: "tfm_change",
            name: "Change",
            sourceId: SRC,
            enabled: true,
            if: "event = 'B'",
            newEventName: "Old",
            allowProperties: ["a", "b"],
          },
          { id: "tfm_gone", name: "Gone", sourceId: SRC, enabled: true, if: "event = 'G'" },
        ]),
      ],
    });
    // "Change" is only disabled: its PATCH sends `enabled` alone. "Gone" has no document: pruned.
    project = tempProject({
      "transformations/all.yaml": docs(
        doc("Change", SRC, { if: "event = 'B'", enabled: false, newEventName: "Old", allowProperties: ["a", "b"] }),
        doc("Create", SRC, { if: "event = 'C'" }),
      ),
    });
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await emulator.close();
    project.cleanup();
  });

  it("a PATCH that also clears fields it was not sent: each is named, exit 1 (did not converge)", async () => {
    const res = await applyThrough({ patchAlsoSets: { allowProperties: [], newEventName: null } }, "--format", "json");
    expect(res.code, res.stderr).toBe(1);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out.summary).toMatchObject({ created: 1, updated: 1, deleted: 1, failed: 0 });
    expect(out.converged).toBe(false);
    expect(out.verification?.diverged).toEqual([
      { index: 1, name: "Change", id: "tfm_change", field: "newEventName", planned: "Old" },
      { index: 1, name: "Change", id: "tfm_change", field: "allowProperties", planned: ["a", "b"], actual: [] },
    ]);
    // The lie reached the stored object, not only the reply: a read shows it.
    const stored = emulator.transformations("ws_test").find((t) => t.id === "tfm_change");
    expect(stored?.newEventName).toBeUndefined();
    expect(stored?.allowProperties ?? []).toEqual([]);
  });

  it("the text result names the object and each field", async () => {
    const res = await applyThrough({ patchAlsoSets: { allowProperties: [] } });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(`"Change" (tfm_change) allowProperties: planned ["a","b"], the server has []`);
  });

  it.each([200, 204] as const)("a DELETE answered %i that deleted nothing: the object is named as still there, exit 1", async (status) => {
    const res = await applyThrough({ deleteAnswers: status }, "--format", "json");
    expect(res.code, res.stderr).toBe(1);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out.summary).toMatchObject({ deleted: 1, failed: 0 });
    expect(out.converged).toBe(false);
    expect(out.verification?.notDeleted).toEqual([{ index: 0, name: "Gone", id: "tfm_gone" }]);
    expect(emulator.transformations("ws_test").some((t) => t.id === "tfm_gone")).toBe(true);
    const text = await applyThrough({ deleteAnswers: status });
    expect(text.stdout).toContain(`Did not converge: 1 deleted object still exists (read back after the writes):`);
    expect(text.stdout).toContain(`"Gone" (tfm_gone): the DELETE was answered with success, but the object is still there`);
  });

  it("the same proxy telling no lies: converged, exit 0, the deleted object confirmed gone", async () => {
    const res = await applyThrough({}, "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as ApplyJson;
    expect(out).toMatchObject({ converged: true, verification: { checked: 3, diverged: [], notDeleted: [], unreadable: [] } });
    // Three objects to read back: one list (cheaper than three gets) after the writes shows "Gone" absent.
    const seen = (proxy?.requests ?? []).map((r) => `${r.method} ${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ""}`);
    expect(seen.slice(seen.lastIndexOf("POST /transformations")).some((r) => r.startsWith("GET /transformations?"))).toBe(true);
  });
});
