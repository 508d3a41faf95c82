import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DestinationFiltersApi } from "@segment/public-api-sdk-typescript";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { checkEmulatorConfig } from "../../src/emulator/config.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { call, isErrorEnvelope } from "./http.js";

const PATH = "/destination/filters/preview";
const EVENT = {
  type: "track",
  event: "Order Completed",
  properties: { total: 10, email: "a@b.c", nested: { keep: 1, drop: 2 } },
  context: { ip: "1.2.3.4" },
};
const drop = (fql: string) => ({ filter: { if: fql, actions: [{ type: "DROP" }] }, payload: EVENT });

describe("POST /destination/filters/preview", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        testWorkspace(),
        { id: "ws_neg", slug: "neg", name: "Negated", tokens: ["neg-token"], filterPreview: { negateFunction: "contains" } },
        { id: "ws_no", slug: "no", name: "No access", tokens: ["no-token"], filterPreview: { permitted: false } },
      ],
    });
  });
  afterAll(() => emulator.close());

  it("the official SDK sends the documented body and reads { inputPayload, result }; result is null when the DROP's if matches", async () => {
    const api = new DestinationFiltersApi(emulator.url);
    api.accessToken = TEST_TOKEN;
    const dropped = (
      await api.previewDestinationFilter({
        filter: { if: "event = 'Order Completed'", actions: [{ type: "DROP" as never }] },
        payload: EVENT,
      })
    ).body.data!;
    expect(dropped).toEqual({ inputPayload: EVENT, result: null });
    const kept = (
      await api.previewDestinationFilter({ filter: { if: "event = 'Other'", actions: [{ type: "DROP" as never }] }, payload: EVENT })
    ).body.data!;
    expect(kept).toEqual({ inputPayload: EVENT, result: EVENT });
  });

  it("evaluates the if with transync's FQL engine: functions, all, and/or", async () => {
    for (const [fql, dropped] of [
      ["contains(properties.email, '@')", true],
      ["match(event, 'Orders *')", false],
      ["match(event, 'Order *')", true],
      ["all", true],
      ["properties.total > 5 and !contains(event, 'x')", true],
      ["length(properties.email) = 3", false],
    ] as const) {
      const reply = await call(emulator, "POST", PATH, { body: drop(fql) });
      expect(reply.status, fql).toBe(200);
      expect(reply.body.data.result === null, fql).toBe(dropped);
    }
  });

  it('DROP_PROPERTIES and ALLOW_PROPERTIES edit the objects their fields name ("" = the top level); SAMPLE with percent 0 drops, 1 keeps', async () => {
    const actions = [{ type: "DROP_PROPERTIES", fields: { properties: ["email"], "properties.nested": ["drop"], "": ["context"] } }];
    const dropped = await call(emulator, "POST", PATH, { body: { filter: { if: "all", actions }, payload: EVENT } });
    expect(dropped.body.data.result).toEqual({ type: "track", event: "Order Completed", properties: { total: 10, nested: { keep: 1 } } });
    const allowed = await call(emulator, "POST", PATH, {
      body: { filter: { if: "all", actions: [{ type: "ALLOW_PROPERTIES", fields: { properties: ["total"] } }] }, payload: EVENT },
    });
    expect(allowed.body.data.result.properties).toEqual({ total: 10 });
    const none = await call(emulator, "POST", PATH, {
      body: { filter: { if: "all", actions: [{ type: "SAMPLE", percent: 0, path: "properties.email" }] }, payload: EVENT },
    });
    expect(none.body.data.result).toBeNull();
    const every = await call(emulator, "POST", PATH, {
      body: { filter: { if: "all", actions: [{ type: "SAMPLE", percent: 1 }] }, payload: EVENT },
    });
    expect(every.body.data.result).toEqual(EVENT);
  });

  it("a bad body or an if that does not parse is a 422 naming each field, as the document declares for a validation failure", async () => {
    const noParse = await call(emulator, "POST", PATH, { body: drop("event = = 'x'") });
    expect(noParse.status).toBe(422);
    expect(isErrorEnvelope(noParse)).toBe(true);
    expect(noParse.body.errors[0]).toMatchObject({
      type: "input-validation",
      field: "filter.if",
      message: expect.stringMatching(/does not parse as FQL: .*column/),
    });
    const bad = await call(emulator, "POST", PATH, {
      body: { filter: { if: "", actions: [{ type: "ERASE" }, { type: "SAMPLE", percent: 2 }] }, payload: [] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
      "payload",
      "filter.if",
      "filter.actions.0.type",
      "filter.actions.1.percent",
    ]);
    expect(bad.body.errors.every((e: { type: string }) => e.type === "input-validation")).toBe(true);
    const notObject = await call(emulator, "POST", PATH, { raw: "[1]", headers: { "content-type": "application/json" } });
    expect(notObject.status).toBe(422);
    // A body that is not JSON at all is a bad body too: the document declares no 400 for this operation.
    const notJson = await call(emulator, "POST", PATH, { raw: "{filter:", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors[0]).toMatchObject({ type: "input-validation", message: expect.stringContaining("not valid JSON") });
  });

  it("takes the OpenAPI document's own example, which writes AND in capitals, and gives its result", async () => {
    // previewDestinationFilter's request and response examples (Public API OpenAPI document 36.2.0).
    const payload = {
      type: "track",
      event: "Order Completed",
      product: { name: "Fake mustache", requestedFrom: "/products/123/checkout", referrer: "www.example.com" },
    };
    const reply = await call(emulator, "POST", PATH, {
      body: {
        filter: {
          if: 'type = "track" AND event = "Order Completed"',
          actions: [{ type: "ALLOW_PROPERTIES", fields: { product: ["event", "requestedFrom"] } }],
        },
        payload,
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      inputPayload: payload,
      result: { type: "track", event: "Order Completed", product: { requestedFrom: "/products/123/checkout" } },
    });
  });

  it("refuses OR in capitals with a 422 saying why: Segment's engines disagree on what it means", async () => {
    const reply = await call(emulator, "POST", PATH, { body: drop("event = 'Order Completed' OR type = 'track'") });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({
      field: "filter.if",
      message: expect.stringContaining('@segment/destination-subscriptions reads a capital OR as "and"'),
    });
  });

  it("negateFunction plants a disagreement: that function's result is negated in that workspace only", async () => {
    const body = drop("contains(properties.email, '@')");
    expect((await call(emulator, "POST", PATH, { body })).body.data.result).toBeNull();
    expect((await call(emulator, "POST", PATH, { body, token: "neg-token" })).body.data.result).toEqual(EVENT);
    expect(
      (await call(emulator, "POST", PATH, { body: drop("event = 'Order Completed'"), token: "neg-token" })).body.data.result,
    ).toBeNull();
  });

  it("permitted: false answers 401, as the document's error table says for a token without permission for the resource", async () => {
    const reply = await call(emulator, "POST", PATH, { body: drop("all"), token: "no-token" });
    expect(reply.status).toBe(401);
    expect(isErrorEnvelope(reply)).toBe(true);
    expect(reply.body.errors[0].message).toMatch(/may not read the destination filters/);
  });

  it("the config refuses an unknown negateFunction, naming the field", () => {
    expect(() =>
      checkEmulatorConfig({ workspaces: [{ ...testWorkspace(), filterPreview: { negateFunction: "length" } }] }, "e.yaml"),
    ).toThrow(/invalid/);
  });

  it("filterPreview.actionOrder takes docs or openapi (the simulator's action code, src/simulate/filter-actions.ts); anything else is refused", async () => {
    expect(() => checkEmulatorConfig({ workspaces: [{ ...testWorkspace(), filterPreview: { actionOrder: "random" } }] }, "e.yaml")).toThrow(
      /invalid/,
    );
    const openapi = await startTestEmulator({
      workspaces: [{ ...testWorkspace(), filterPreview: { actionOrder: "openapi" } }],
    });
    try {
      const body = {
        filter: {
          if: "all",
          actions: [
            { type: "DROP_PROPERTIES", fields: { properties: ["total"] } },
            { type: "ALLOW_PROPERTIES", fields: { properties: ["total", "email"] } },
          ],
        },
        payload: EVENT,
      };
      const reply = await call(openapi, "POST", PATH, { body });
      expect(reply.status).toBe(200);
      expect(reply.body.data.result).toEqual({ ...EVENT, properties: { email: "a@b.c" } });
    } finally {
      await openapi.close();
    }
  });
});
