import { describe, expect, it } from "vitest";
import { apiErrorOf, makeApi, TOKEN, useScriptedApi } from "./helpers.js";
import { authorizationSeen } from "../helpers/scripted-api.js";
import { listAll } from "../../src/live/read-live-state.js";

const fake = useScriptedApi();

describe("HttpLiveApi requests", () => {
  it("sends auth, accept, content type and user agent", async () => {
    const { api } = makeApi(fake.url);
    await api.create({ name: "a", sourceId: "s", enabled: true, if: "event='a'" });
    const [seen] = fake.server.requests;
    expect(seen?.method).toBe("POST");
    expect(seen?.path).toBe("/transformations");
    expect(seen?.authorization).toBe(authorizationSeen(`Bearer ${TOKEN}`));
    expect(seen?.headers.accept).toBe("application/vnd.segment.v1+json");
    expect(seen?.headers["content-type"]).toBe("application/json");
    expect(seen?.headers["user-agent"]).toMatch(/^transync\/\d+\.\d+\.\d+.* \(node \d+\.\d+\.\d+\)$/);
    expect(JSON.parse(seen?.body ?? "")).toEqual({ name: "a", sourceId: "s", enabled: true, if: "event='a'" });
  });

  it("does get, update, remove and workspace on their paths", async () => {
    fake.server.seed(1);
    const { api } = makeApi(fake.url);
    expect((await api.getWorkspace()).id).toBe("ws_1");
    expect((await api.get("tf_00000")).name).toBe("t0");
    expect((await api.update("tf_00000", { name: "renamed", newEventName: null })).name).toBe("renamed");
    await api.remove("tf_00000");
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /",
      "GET /transformations/tf_00000",
      "PATCH /transformations/tf_00000",
      "DELETE /transformations/tf_00000",
    ]);
    expect(fake.server.requests[2]?.body).toBe('{"name":"renamed","newEventName":null}');
    expect(fake.server.requests[3]?.headers["content-type"]).toBeUndefined();
    expect(api.stats()).toMatchObject({ calls: 4, retries: 0, byStatus: { "200": 4 } });
  });

  it("escapes ids in paths", async () => {
    const { api } = makeApi(fake.url);
    await apiErrorOf(api.get("a/b?c"));
    expect(fake.server.requests[0]?.path).toBe("/transformations/a%2Fb%3Fc");
  });

  it("pages through 450 items with exactly 3 list calls of count 200", async () => {
    fake.server.seed(450);
    const { api } = makeApi(fake.url);
    const all = await listAll(api);
    expect(all).toHaveLength(450);
    expect(new Set(all.map((t) => t.id)).size).toBe(450);
    const lists = fake.server.requests.filter((r) => r.path === "/transformations");
    expect(lists.map((r) => r.query.get("pagination.count"))).toEqual(["200", "200", "200"]);
    expect(lists[0]?.query.has("pagination.cursor")).toBe(false);
    expect(lists[1]?.query.get("pagination.cursor")).toBe(Buffer.from("200").toString("base64"));
  });

  it("tolerates unknown fields, absent arrays and absent next", async () => {
    const x = { id: "x", name: "x", sourceId: "s", enabled: true, if: "all", surprise: { a: 1 } };
    fake.server.script.push({ body: { data: { transformations: [x], pagination: { current: "MA==" } }, extra: true } });
    fake.server.script.push({ body: { data: { pagination: { current: "MA==", next: null } } } });
    const { api } = makeApi(fake.url);
    const page = await api.listPage();
    expect(page).toEqual({ items: [x], next: undefined, totalEntries: undefined, bytes: expect.any(Number) });
    expect((await api.listPage()).items).toEqual([]);
  });
});

describe("HttpLiveApi error replies", () => {
  it("maps the errors envelope keeping status, type, field and message", async () => {
    fake.server.script.push({
      status: 422,
      body: {
        errors: [
          { type: "input-validation", message: '"if" is required', field: "if" },
          { type: "input-validation", message: "too many", field: "propertyValueTransformations" },
        ],
      },
    });
    const { api } = makeApi(fake.url);
    const error = await apiErrorOf(api.create({ name: "a", sourceId: "s", enabled: true, if: "" }));
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      { type: "input-validation", message: '"if" is required', field: "if" },
      { type: "input-validation", message: "too many", field: "propertyValueTransformations" },
    ]);
    expect(error.message).toContain("POST /transformations: HTTP 422");
    expect(error.message).toContain("(field if)");
    expect(error.attempts).toBe(1);
  });

  it("does not retry a 404 and names the status", async () => {
    const { api } = makeApi(fake.url);
    const error = await apiErrorOf(api.get("missing"));
    expect(error.status).toBe(404);
    expect(error.errors[0]?.type).toBe("NotFound");
    expect(fake.server.requests).toHaveLength(1);
  });

  it("turns a non-JSON reply into an ApiError with the status and a snippet", async () => {
    fake.server.script.push({
      status: 200,
      headers: { "content-type": "text/html" },
      body: "<html><body>Gateway login page</body></html>",
    });
    const { api } = makeApi(fake.url);
    const error = await apiErrorOf(api.get("x"));
    expect(error.status).toBe(200);
    expect(error.message).toContain("HTTP 200");
    expect(error.message).toContain("not JSON");
    expect(error.message).toContain("<html><body>Gateway login page");
  });

  it("shortens a long snippet and reports a JSON reply without data as malformed", async () => {
    fake.server.script.push({ status: 501, body: "x".repeat(5000) });
    fake.server.script.push({ status: 200, body: { transformation: { id: "x" } } });
    fake.server.script.push({ status: 200, body: { data: { transformation: { name: "no id" } } } });
    const { api } = makeApi(fake.url);
    const long = await apiErrorOf(api.get("x"));
    expect(long.message.length).toBeLessThan(400);
    expect((await apiErrorOf(api.get("x"))).message).toContain("malformed reply from the API: it has no `data` object");
    expect((await apiErrorOf(api.get("x"))).message).toContain(
      "`data.transformation.id` (a transformation without an id) is absent, not a non-empty string",
    );
  });

  it("never puts the token in an error message or a log line", async () => {
    fake.server.script.push({ status: 401, body: { errors: [{ type: "Unauthorized", message: `token ${TOKEN} is invalid` }] } });
    fake.server.script.push({ status: 503, headers: { "retry-after": "0" }, body: `upstream echo: Bearer ${TOKEN}` });
    fake.server.script.push({ status: 502, body: `echo ${TOKEN}` });
    const { api, lines } = makeApi(fake.url, { maxRetries: 1 });
    const unauthorized = await apiErrorOf(api.get("x"));
    expect(unauthorized.message).toContain("SEGMENT_API_TOKEN");
    const gateway = await apiErrorOf(api.get("y"));
    expect(gateway.status).toBe(502);
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [unauthorized.message, gateway.message, JSON.stringify(unauthorized.errors), ...lines]) {
      expect(text).not.toContain(TOKEN);
    }
  });
});
