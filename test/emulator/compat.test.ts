import { afterEach, describe, expect, it } from "vitest";
import { checkEmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { ValidationError } from "../../src/errors.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { call, create } from "./http.js";

const seeds = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `tfm_${i}`, name: `T${i}`, sourceId: "src", enabled: true, if: `event = '${i}'` }));
const ids = (reply: { body: { data: { transformations: Array<{ id: string }> } } }) => reply.body.data.transformations.map((t) => t.id);

describe("emulator compatibility modes (config `compat`)", () => {
  let emulator: RunningEmulator;
  afterEach(() => emulator.close());

  it("cursors: offset are base64 offsets like the real service's, and a delete during a read skips an item", async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace(seeds(6))], compat: { cursors: "offset" } });
    const first = await call(emulator, "GET", "/transformations?pagination.count=3");
    expect(ids(first)).toEqual(["tfm_0", "tfm_1", "tfm_2"]);
    expect(first.body.data.pagination).toEqual({ current: "MA==", next: "Mw==", totalEntries: 6 });
    await call(emulator, "DELETE", "/transformations/tfm_0"); // someone else deletes an item already read
    const second = await call(emulator, "GET", "/transformations?pagination.count=3&pagination.cursor=Mw%3D%3D");
    expect(ids(second)).toEqual(["tfm_4", "tfm_5"]); // tfm_3 moved to offset 2: skipped
    expect(second.body.data.pagination).toEqual({ current: "Mw==", previous: "MA==", totalEntries: 5 });
  });

  it("cursors: sequence (the default) never skips under the same delete", async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace(seeds(6))] });
    const first = await call(emulator, "GET", "/transformations?pagination.count=3");
    await call(emulator, "DELETE", "/transformations/tfm_0");
    const second = await call(
      emulator,
      "GET",
      `/transformations?pagination.count=3&pagination.cursor=${encodeURIComponent(first.body.data.pagination.next)}`,
    );
    expect(ids(second)).toEqual(["tfm_3", "tfm_4", "tfm_5"]);
  });

  it("setCompat() switches modes at runtime (programmatic use)", async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace(seeds(4))] });
    emulator.setCompat({ cursors: "offset" });
    expect((await call(emulator, "GET", "/transformations?pagination.count=1")).body.data.pagination.next).toBe("MQ==");
    expect(() => emulator.setCompat({ cursors: "pages" as never })).toThrow(ValidationError);
  });

  it("patchNull: clear (default) clears, ignore leaves the field unchanged, reject is a 422 envelope", async () => {
    emulator = await startTestEmulator();
    const patchNull = async () => {
      const id = (await create(emulator, { newEventName: "Renamed", destinationMetadataId: "dm_1" })).body.data.transformation.id as string;
      const patched = await call(emulator, "PATCH", `/transformations/${id}`, { body: { newEventName: null, enabled: false } });
      return { patched, stored: emulator.transformations("ws_test").find((t) => t.id === id)! };
    };
    const cleared = await patchNull();
    expect(cleared.patched.status).toBe(200);
    expect(cleared.stored).not.toHaveProperty("newEventName");

    emulator.setCompat({ patchNull: "ignore" });
    const ignored = await patchNull();
    expect(ignored.patched.status).toBe(200);
    expect(ignored.patched.body.data.transformation).toMatchObject({ newEventName: "Renamed", enabled: false });
    expect(ignored.stored).toMatchObject({ newEventName: "Renamed", enabled: false });

    emulator.setCompat({ patchNull: "reject" });
    const rejected = await patchNull();
    expect(rejected.patched.status).toBe(422);
    expect(rejected.patched.body).toEqual({
      errors: [{ type: "input-validation", field: "newEventName", message: expect.stringContaining("must not be null") }],
    });
    expect(rejected.stored).toMatchObject({ newEventName: "Renamed", enabled: true });
  });

  it("the config file's compat is checked: unknown modes and keys name the field", () => {
    const config = (compat: unknown) => ({ workspaces: [testWorkspace()], compat });
    expect(checkEmulatorConfig(config({ cursors: "offset", patchNull: "ignore" })).compat).toEqual({
      cursors: "offset",
      patchNull: "ignore",
    });
    for (const [compat, field] of [
      [{ cursors: "pages" }, "compat.cursors"],
      [{ patchNull: "drop" }, "compat.patchNull"],
      [{ other: 1 }, "compat.other"],
    ] as const) {
      try {
        checkEmulatorConfig(config(compat), "emulator.yaml");
        expect.unreachable();
      } catch (error) {
        expect((error as ValidationError).issues.map((i) => i.where)).toContain(`emulator.yaml: ${field}`);
      }
    }
  });
});

describe("emulator cursors are per workspace", () => {
  let emulators: RunningEmulator[] = [];
  afterEach(async () => {
    await Promise.all(emulators.map((e) => e.close()));
    emulators = [];
  });

  /** Workspace A's cursors (list and audit) after `others` creates in workspace B and 3 in A. */
  async function cursorsOfA(others: number): Promise<unknown> {
    const emulator = await startTestEmulator({
      workspaces: [testWorkspace(), { id: "ws_b", slug: "b", name: "B", tokens: ["b-token"], transformations: seeds(others) }],
    });
    emulators.push(emulator);
    for (let i = 0; i < others; i++) await create(emulator, { name: `B${i}` }, "b-token");
    for (let i = 0; i < 3; i++) await create(emulator, { name: `A${i}` });
    const list = await call(
      emulator,
      "GET",
      "/transformations?pagination.count=1&pagination.cursor=" +
        encodeURIComponent((await call(emulator, "GET", "/transformations?pagination.count=1")).body.data.pagination.next),
    );
    const audit = await call(emulator, "GET", "/audit-events?pagination.count=1");
    return { list: list.body.data.pagination, audit: pageTokens(audit.body.data.pagination as Record<string, string>) };
  }

  /** An audit cursor's page token (its endTime is the time of the walk's first page, different in each run). */
  function pageTokens(pagination: Record<string, string>): Record<string, unknown> {
    const decode = (cursor: string): unknown =>
      (JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { pageToken: string }).pageToken;
    return Object.fromEntries(Object.entries(pagination).map(([key, cursor]) => [key, decode(cursor)]));
  }

  it("a workspace's cursors are the same whatever other workspaces created", async () => {
    expect(await cursorsOfA(40)).toEqual(await cursorsOfA(0));
  });
});
