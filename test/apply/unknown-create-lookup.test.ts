import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN, TEST_WORKSPACE, testWorkspace } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { ScriptedApi, type SeenRequest } from "../helpers/scripted-api.js";
import { offsetOfCursor } from "../helpers/scripted-api-store.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * Issue 21, item 1. With offset cursors (the real service's), a create whose reply is lost was
 * looked up with a plain paged read; a teammate's delete during that read moved the new object
 * from offset 200 to 199, page 2 came back empty, and apply created it again: two objects,
 * "1 created", exit 0. The lookup is now a complete read (src/live/complete-list.ts).
 */
const EXISTING = 200;
let emulator: RunningEmulator;
let relay: ScriptedApi;
let project: TempProject;
/** Ids the teammate deletes, oldest first: each delete shifts every later object one offset down. */
let victims: string[];

beforeEach(async () => {
  const existing = Array.from({ length: EXISTING }, (_, i) => ({
    id: `tf_old_${String(i).padStart(3, "0")}`,
    name: `Old ${i}`,
    sourceId: "src_other",
    enabled: true,
    if: "event = 'x'",
  }));
  emulator = await startTestEmulator({ workspaces: [testWorkspace(existing)], compat: { cursors: "offset" } });
  victims = existing.map((t) => t.id);
  project = tempProject({ "transformations/new.yaml": doc("Brand new", "src_web") });
});
afterEach(async () => {
  await relay.close();
  await emulator.close();
  project.cleanup();
});

/**
 * The relay (a ScriptedApi in front of the emulator) loses the first POST's reply (the emulator
 * stored the object), then the teammate makes `edit` just before each of the next `times` reads of page 2.
 */
async function startRelay(edit: () => Promise<void>, times: number): Promise<string> {
  let posted = false;
  let left = times;
  relay = new ScriptedApi(emulator.url).route("*", /.*/, async (req: SeenRequest) => {
    if (req.method === "POST" && req.path === "/transformations" && !posted) {
      posted = true;
      return { dropReply: true };
    }
    if (
      posted &&
      left > 0 &&
      req.method === "GET" &&
      req.path === "/transformations" &&
      offsetOfCursor(req.query.get("pagination.cursor")) === EXISTING
    ) {
      left -= 1;
      await edit();
    }
    return undefined;
  });
  return relay.start();
}

/** The teammate deletes the oldest object left: every later object moves one offset down. */
async function teammateDeletes(): Promise<void> {
  const reply = await fetch(`${emulator.url}/transformations/${victims.shift()!}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${TEST_TOKEN}` },
  });
  expect(reply.status).toBe(200);
}

/** The teammate creates an object of their own: the count changes between the pages of every read. */
async function teammateCreates(): Promise<void> {
  const body = JSON.stringify({ name: `Teammate ${Math.random()}`, sourceId: "src_other", enabled: true, if: "event = 'y'" });
  const reply = await fetch(`${emulator.url}/transformations`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
    body,
  });
  expect(reply.status).toBe(200);
}

function apply(url: string) {
  return runCli(["apply", "--auto-approve", "--api-url", url, "--format", "json", "--rate", "1000"], {
    env: { SEGMENT_API_TOKEN: TEST_TOKEN },
    cwd: project.dir,
  });
}

const brandNew = (): number => emulator.transformations(TEST_WORKSPACE).filter((t) => t.name === "Brand new").length;

describe("a create whose reply is lost is looked up with a complete read", () => {
  it("a teammate's delete during the lookup: the read is made again, the object found, no second POST", async () => {
    const run = await apply(await startRelay(teammateDeletes, 1));
    expect(brandNew()).toBe(1);
    expect(relay.count("POST", "/transformations")).toBe(1);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { actions: Array<{ outcome: string; note?: string }> };
    expect(result.actions).toEqual([
      expect.objectContaining({ outcome: "created", note: "the create succeeded though its reply was lost" }),
    ]);
  });

  it("a lookup that cannot prove the object absent leaves the outcome unknown: exit 1, never a second POST", async () => {
    // A teammate's create before every page 2: no read of the lookup is ever consistent.
    const run = await apply(await startRelay(teammateCreates, 50));
    expect(relay.count("POST", "/transformations")).toBe(1);
    expect(brandNew()).toBe(1);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { actions: Array<{ outcome: string; error?: { message: string } }> };
    expect(result.actions).toEqual([expect.objectContaining({ outcome: "failed" })]);
    expect(result.actions[0]!.error?.message).toMatch(
      /^the outcome of creating "Brand new" is unknown .* totalEntries changed .* the object may exist: run plan to see/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
