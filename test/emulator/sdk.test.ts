import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditTrailApi, TransformationsApi, WorkspacesApi } from "@segment/public-api-sdk-typescript";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

/** The official SDK (request library, bracket-encoded pagination) cannot tell the emulator from the real API. */
describe("official @segment/public-api-sdk-typescript against the emulator", () => {
  let emulator: RunningEmulator;
  let api: TransformationsApi;
  beforeAll(async () => {
    emulator = await startTestEmulator();
    api = new TransformationsApi(emulator.url);
    api.accessToken = TEST_TOKEN;
  });
  afterAll(() => emulator.close());

  it("create, list with pagination, get, update, delete, audit events, workspace", async () => {
    const created = await api.createTransformation({ name: "SDK", sourceId: "src", enabled: true, if: "event = 'A'", newEventName: "B" });
    const id = created.body.data!.transformation.id;
    expect(created.body.data!.transformation).toMatchObject({ name: "SDK", newEventName: "B", enabled: true });
    for (let i = 0; i < 4; i++) await api.createTransformation({ name: `More ${i}`, sourceId: "src", enabled: false, if: "x" });

    const page1 = await api.listTransformations({ count: 2 });
    expect(page1.body.data!.transformations).toHaveLength(2);
    expect(page1.body.data!.pagination.totalEntries).toBe(5);
    const page2 = await api.listTransformations({ count: 2, cursor: page1.body.data!.pagination.next! });
    expect(page2.body.data!.transformations.map((t) => t.name)).toEqual(["More 1", "More 2"]);

    expect((await api.getTransformation(id)).body.data!.transformation.name).toBe("SDK");
    const updated = await api.updateTransformation(id, { enabled: false });
    expect(updated.body.data!.transformation).toMatchObject({ enabled: false, name: "SDK" });
    expect((await api.deleteTransformation(id)).body.data!.status).toBe("SUCCESS");

    const audit = new AuditTrailApi(emulator.url);
    audit.accessToken = TEST_TOKEN;
    const events = await audit.listAuditEvents({ count: 200 }, undefined, undefined, id);
    expect(events.body.data!.events.map((e) => e.type)).toEqual([
      "Transformation Deleted",
      "Transformation Updated",
      "Transformation Created",
    ]);

    const workspaces = new WorkspacesApi(emulator.url);
    workspaces.accessToken = TEST_TOKEN;
    expect((await workspaces.getWorkspace()).body.data!.workspace).toMatchObject({ id: "ws_test", slug: "test" });
  });

  it("surfaces 404 and 422 as HttpError with the errors envelope", async () => {
    const notFound = await api.getTransformation("missing").catch((e: unknown) => e);
    expect(notFound).toMatchObject({ statusCode: 404, body: { errors: [expect.objectContaining({ type: "NotFound" })] } });
    const invalid = await api.createTransformation({ name: "x" } as never).catch((e: unknown) => e);
    expect(invalid).toMatchObject({
      statusCode: 422,
      body: { errors: expect.arrayContaining([expect.objectContaining({ type: "input-validation", field: "sourceId" })]) },
    });
  });
});
