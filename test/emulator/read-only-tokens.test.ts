import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { checkEmulatorConfig } from "../../src/emulator/config.js";
import { ValidationError } from "../../src/errors.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";

/**
 * A workspace's `readOnlyTokens` (docs/emulator.md): reads go through, every write is a 403
 * Forbidden, as Segment answers a token whose role may only read; the filter preview writes nothing.
 */
const READ = "read-only-token";

describe("read-only tokens", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), readOnlyTokens: [READ] }] });
  });
  afterAll(() => emulator.close());

  const send = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const create = { name: "A", sourceId: "src_1", enabled: true, if: "event = 'A'" };

  it("reads the workspace: GET / and the list answer 200", async () => {
    expect((await send(READ, "GET", "/")).status).toBe(200);
    expect((await send(READ, "GET", "/transformations")).status).toBe(200);
  });

  it("every write is a 403 Forbidden and changes nothing; the write token's same request succeeds", async () => {
    const refused = await send(READ, "POST", "/transformations", create);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ type: string }> }).errors[0]!.type).toBe("Forbidden");
    const created = await send(TEST_TOKEN, "POST", "/transformations", create);
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { transformation: { id: string } } }).data.transformation.id;
    expect((await send(READ, "PATCH", `/transformations/${id}`, { enabled: false })).status).toBe(403);
    expect((await send(READ, "DELETE", `/transformations/${id}`)).status).toBe(403);
    const after = (await (await send(READ, "GET", `/transformations/${id}`)).json()) as { data: { transformation: { enabled: boolean } } };
    expect(after.data.transformation.enabled).toBe(true);
  });

  it("the filter preview, a POST that writes nothing, is answered", async () => {
    const preview = await send(READ, "POST", "/destination/filters/preview", {
      filter: { if: "event = 'A'", actions: [{ type: "DROP" }] },
      payload: { type: "track", event: "A" },
    });
    expect(preview.status).toBe(200);
  });

  it("a token both read-only and writing (or given to two workspaces) is a config error, never echoed", () => {
    const config = { workspaces: [{ ...testWorkspace(), readOnlyTokens: [TEST_TOKEN] }] };
    expect(() => checkEmulatorConfig(config)).toThrow(ValidationError);
    try {
      checkEmulatorConfig(config);
    } catch (error) {
      const issues = (error as ValidationError).issues;
      expect(issues.map((i) => i.where)).toEqual(["emulator config: workspaces.0.readOnlyTokens.0"]);
      expect(JSON.stringify(issues)).not.toContain(TEST_TOKEN);
    }
  });
});
