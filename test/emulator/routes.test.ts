import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { call, create, isErrorEnvelope, VALID } from "./http.js";

describe("emulator routes over HTTP", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace(),
        { id: "ws_other", slug: "other", name: "Other", tokens: ["other-token"], transformations: [{ id: "tfm_other", ...VALID }] },
        { id: "ws_nogov", slug: "nogov", name: "No governance", features: [], tokens: ["nogov-token"] },
        { id: "ws_src", slug: "src", name: "With sources", tokens: ["src-token"], sources: [{ id: "src_known" }] },
      ],
    });
  });
  afterAll(() => emulator.close());

  it("create, get, list, update, delete: 200 with data, write-only fields stored but never returned", async () => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" };
    const created = await create(emulator, {
      drop: true,
      hashPropertiesConfiguration: hash,
      propertyValueTransformations: [{ propertyPaths: ["properties.b", "context.a"], propertyValue: "v" }],
    });
    expect(created.status).toBe(200);
    const t = created.body.data.transformation;
    expect(t).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{27}$/),
      workspaceId: "ws_test",
      name: "Rename",
      enabled: true,
      sourceId: "src_web",
      if: "event = 'A'",
      propertyDrops: [],
      propertyRenames: [],
      propertyValueTransformations: [{ propertyPaths: ["context.a", "properties.b"], propertyValue: "v" }],
      fqlDefinedProperties: [],
      allowProperties: [],
    });
    expect(created.body.errors).toBeUndefined();
    const stored = emulator.transformations("ws_test").find((x) => x.id === t.id)!;
    expect(stored.drop).toBe(true);
    expect(stored.hashPropertiesConfiguration).toEqual(hash);

    const got = await call(emulator, "GET", `/transformations/${t.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.transformation).toEqual(t);

    const listed = await call(emulator, "GET", "/transformations");
    const item = listed.body.data.transformations.find((x: { id: string }) => x.id === t.id);
    expect(item).not.toHaveProperty("fqlDefinedProperties");
    expect(item).not.toHaveProperty("drop");
    expect(listed.body.data.pagination).toMatchObject({ current: "MA==", totalEntries: expect.any(Number) });

    const updated = await call(emulator, "PATCH", `/transformations/${t.id}`, { body: { enabled: false } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.transformation).toEqual({ ...t, enabled: false });
    expect(emulator.transformations("ws_test").find((x) => x.id === t.id)?.drop).toBe(true);

    const deleted = await call(emulator, "DELETE", `/transformations/${t.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { data: { status: "SUCCESS" } } });
    const again = await call(emulator, "DELETE", `/transformations/${t.id}`);
    expect(again.status).toBe(404);
    expect(isErrorEnvelope(again)).toBe(true);
    expect((await call(emulator, "GET", `/transformations/${t.id}`)).status).toBe(404);
  });

  it("PATCH: absent keys stay, arrays replace, [] / null / false clear", async () => {
    const full = {
      newEventName: "New",
      destinationMetadataId: "547610a5db31d978f14a5c4e",
      drop: true,
      hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.a"] },
      propertyRenames: [{ oldName: "a", newName: "b" }],
      allowProperties: ["x"],
      propertyValueTransformations: [{ propertyPaths: ["properties.v"], propertyValue: "1" }],
    };
    const id = (await create(emulator, full)).body.data.transformation.id as string;
    const renamed = await call(emulator, "PATCH", `/transformations/${id}`, {
      body: { propertyRenames: [{ oldName: "c", newName: "d" }] },
    });
    expect(renamed.body.data.transformation).toMatchObject({
      newEventName: "New",
      propertyRenames: [{ oldName: "c", newName: "d" }],
      allowProperties: ["x"],
    });
    const cleared = await call(emulator, "PATCH", `/transformations/${id}`, {
      body: {
        newEventName: null,
        destinationMetadataId: null,
        hashPropertiesConfiguration: null,
        drop: false,
        propertyRenames: [],
        allowProperties: [],
        propertyValueTransformations: [],
      },
    });
    expect(cleared.status).toBe(200);
    const t = cleared.body.data.transformation;
    expect(t).not.toHaveProperty("newEventName");
    expect(t).not.toHaveProperty("destinationMetadataId");
    expect(t).toMatchObject({ propertyRenames: [], allowProperties: [], propertyValueTransformations: [] });
    const stored = emulator.transformations("ws_test").find((x) => x.id === id)!;
    expect(stored).not.toHaveProperty("drop");
    expect(stored).not.toHaveProperty("hashPropertiesConfiguration");
    expect(stored).not.toHaveProperty("newEventName");
    const nullName = await call(emulator, "PATCH", `/transformations/${id}`, { body: { name: null } });
    expect(nullName.status).toBe(422);
    expect(nullName.body.errors).toEqual([{ type: "input-validation", field: "name", message: '"name" must be of type string' }]);
  });

  it("getWorkspace and audit events with filters", async () => {
    expect((await call(emulator, "GET", "/")).body).toEqual({ data: { workspace: { id: "ws_test", slug: "test", name: "Test" } } });
    const id = (await create(emulator, { name: "Audited" })).body.data.transformation.id as string;
    await call(emulator, "PATCH", `/transformations/${id}`, { body: { name: "Audited 2" } });
    await call(emulator, "DELETE", `/transformations/${id}`);
    const events = await call(emulator, "GET", `/audit-events?resourceId=${id}&resourceType=transformation`);
    expect(events.status).toBe(200);
    expect(events.body.data.events.map((e: { type: string }) => e.type)).toEqual([
      "Transformation Deleted",
      "Transformation Updated",
      "Transformation Created",
    ]);
    expect(events.body.data.events[1]).toMatchObject({
      resourceId: id,
      resourceType: "transformation",
      resourceName: "Audited 2",
      actor: expect.any(String),
      timestamp: expect.any(String),
      id: expect.stringMatching(/^events\/\d+$/),
    });
    expect(JSON.stringify(events.body)).not.toContain(TEST_TOKEN);
    const future = await call(emulator, "GET", `/audit-events?resourceId=${id}&startTime=2999-01-01T00:00:00Z`);
    expect(future.body.data.events).toEqual([]);
    const bad = await call(emulator, "GET", "/audit-events?endTime=yesterday");
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("endTime");
  });

  it("auth: missing, malformed and unknown tokens are 401 with the envelope", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: "Bearer nope" },
    ]) {
      const res = await call(emulator, "GET", "/transformations", { token: null, headers });
      expect(res.status).toBe(401);
      expect(isErrorEnvelope(res)).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain("nope");
    }
  });

  it("workspace isolation: another workspace's transformation is 404 on get, update and delete, and never listed", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { enabled: false }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(emulator, method, "/transformations/tfm_other", { body });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].type).toBe("NotFound");
    }
    const list = await call(emulator, "GET", "/transformations");
    expect(list.body.data.transformations.map((t: { id: string }) => t.id)).not.toContain("tfm_other");
    expect((await call(emulator, "GET", "/transformations/tfm_other", { token: "other-token" })).status).toBe(200);
  });

  it("a workspace without EVENT_GOVERNANCE gets 401 FeatureNotEnabled on transformation routes only", async () => {
    const res = await create(emulator, {}, "nogov-token");
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ type: "FeatureNotEnabled", message: expect.stringContaining("EVENT_GOVERNANCE") });
    expect((await call(emulator, "GET", "/transformations", { token: "nogov-token" })).status).toBe(401);
    expect((await call(emulator, "GET", "/", { token: "nogov-token" })).status).toBe(200);
  });

  it("a sourceId the workspace does not list is 404 naming the field", async () => {
    const res = await create(emulator, { sourceId: "src_unknown" }, "src-token");
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ type: "NotFound", field: "sourceId" });
    expect((await create(emulator, { sourceId: "src_known" }, "src-token")).status).toBe(200);
  });

  it("the envelope holds on unknown routes, wrong methods, bad JSON, too large bodies and bad Accept", async () => {
    const cases = [
      [await call(emulator, "GET", "/nope"), 404],
      [await call(emulator, "PUT", "/transformations"), 405],
      [await call(emulator, "POST", "/transformations/abc"), 405],
      [await call(emulator, "POST", "/transformations", { raw: "{bad", headers: { "content-type": "application/json" } }), 400],
      [await call(emulator, "POST", "/transformations", { raw: "plain words", headers: { "content-type": "text/plain" } }), 400],
      [
        await call(emulator, "POST", "/transformations", {
          raw: JSON.stringify({ ...VALID, name: "x".repeat(1_100_000) }),
          headers: { "content-type": "application/json" },
        }),
        413,
      ],
      [await call(emulator, "GET", "/transformations", { headers: { accept: "text/html" } }), 406],
    ] as const;
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      expect(isErrorEnvelope(res), JSON.stringify(res.body)).toBe(true);
    }
    expect((await call(emulator, "PUT", "/transformations")).headers.get("allow")).toBe("GET, POST");
  });

  it("parses any Content-Type as JSON, as the real service does: a malformed or foreign type is never a 415", async () => {
    for (const type of ["!!!", ";;;", "a/b/c", "text/plain", "", " ", "application/xml; charset=utf-8"]) {
      const res = await call(emulator, "POST", "/transformations", {
        raw: JSON.stringify({ ...VALID, name: `typed ${JSON.stringify(type)}` }),
        headers: { "content-type": type },
      });
      expect(res.status, `Content-Type ${JSON.stringify(type)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.transformation.name).toBe(`typed ${JSON.stringify(type)}`);
    }
    const notJson = await call(emulator, "POST", "/transformations", { raw: "{bad", headers: { "content-type": "!!!" } });
    expect(notJson.status).toBe(400);
    expect(isErrorEnvelope(notJson)).toBe(true);
  });

  it("accepts the segment vendor media types and answers application/json", async () => {
    for (const type of [
      "application/vnd.segment.v1+json",
      "application/vnd.segment.v1beta+json",
      "application/vnd.segment.v1alpha+json",
      "*/*",
    ]) {
      const res = await create(emulator, {}, undefined);
      const listed = await call(emulator, "GET", "/transformations?pagination.count=1", {
        headers: { accept: type, "content-type": type },
      });
      expect(res.status).toBe(200);
      expect(listed.status).toBe(200);
      expect(listed.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("counts requests by status and route", async () => {
    emulator.resetStats();
    await call(emulator, "GET", "/");
    await call(emulator, "GET", "/transformations/missing");
    expect(emulator.stats()).toEqual({
      requests: 2,
      byStatus: { "200": 1, "404": 1 },
      byRoute: { "GET /": 1, "GET /transformations/:transformationId": 1 },
    });
  });
});
