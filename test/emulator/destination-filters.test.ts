import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call, isErrorEnvelope } from "./http.js";
import { AMP_FILTERS, FILTER_CONFIG, FILTER_INPUT } from "./filter-fixture.js";

describe("Destination Filters: CRUD per destination instance", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator(FILTER_CONFIG);
  });
  afterAll(() => emulator.close());

  it("creates, gets, lists, patches and deletes a filter in the Public API's shape", async () => {
    const created = await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT });
    expect(created.status).toBe(200);
    const filter = created.body.data.filter;
    expect(Object.keys(filter)).toEqual([
      "id",
      "sourceId",
      "destinationId",
      "if",
      "actions",
      "title",
      "description",
      "enabled",
      "createdAt",
      "updatedAt",
    ]);
    expect(filter).toMatchObject({ ...FILTER_INPUT, destinationId: "dst_amp" });
    expect(filter.createdAt).toBe(filter.updatedAt);
    expect(Number.isNaN(Date.parse(filter.createdAt))).toBe(false);

    const got = await call(emulator, "GET", `${AMP_FILTERS}/${filter.id}`);
    expect(got.body).toEqual({ data: { filter } });
    const listed = await call(emulator, "GET", AMP_FILTERS);
    expect(listed.body.data.filters).toEqual([filter]);
    expect(listed.body.data.pagination).toMatchObject({ current: "MA==", totalEntries: 1 });

    const patched = await call(emulator, "PATCH", `${AMP_FILTERS}/${filter.id}`, { body: { enabled: false, description: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.filter).not.toHaveProperty("description");
    expect(patched.body.data.filter).toMatchObject({
      id: filter.id,
      enabled: false,
      title: FILTER_INPUT.title,
      createdAt: filter.createdAt,
    });

    expect((await call(emulator, "DELETE", `${AMP_FILTERS}/${filter.id}`)).body).toEqual({ data: { status: "SUCCESS" } });
    const gone = await call(emulator, "GET", `${AMP_FILTERS}/${filter.id}`);
    expect(gone.status).toBe(404);
    expect(isErrorEnvelope(gone)).toBe(true);
  });

  it("keeps each instance's filters apart: another instance's filter id is unknown there", async () => {
    const onAds = await call(emulator, "POST", "/destination/dst_ads/filters", { body: { ...FILTER_INPUT, title: "Ads" } });
    expect(onAds.status).toBe(200);
    expect((await call(emulator, "GET", AMP_FILTERS)).body.data.filters).toEqual([]);
    const crossed = await call(emulator, "GET", `${AMP_FILTERS}/${onAds.body.data.filter.id}`);
    expect(crossed.status).toBe(404);
    await call(emulator, "DELETE", `/destination/dst_ads/filters/${onAds.body.data.filter.id}`);
  });

  it("answers 404 in the error envelope for an unknown destination instance or filter id", async () => {
    for (const [method, path, body] of [
      ["GET", "/destination/dst_nope/filters", undefined],
      ["POST", "/destination/dst_nope/filters", FILTER_INPUT],
      ["GET", `${AMP_FILTERS}/flt_nope`, undefined],
      ["PATCH", `${AMP_FILTERS}/flt_nope`, { enabled: false }],
      ["DELETE", `${AMP_FILTERS}/flt_nope`, undefined],
    ] as const) {
      const reply = await call(emulator, method, path, { body });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(isErrorEnvelope(reply)).toBe(true);
      expect(reply.body.errors[0].type).toBe("NotFound");
    }
  });

  it("compat.patchNull: ignore leaves the description; reject refuses the null naming the field and writes nothing", async () => {
    const id = (await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT })).body.data.filter.id as string;
    try {
      emulator.setCompat({ patchNull: "ignore" });
      const ignored = await call(emulator, "PATCH", `${AMP_FILTERS}/${id}`, { body: { description: null } });
      expect(ignored.body.data.filter.description).toBe(FILTER_INPUT.description);
      emulator.setCompat({ patchNull: "reject" });
      const refused = await call(emulator, "PATCH", `${AMP_FILTERS}/${id}`, { body: { description: null, enabled: false } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(["description"]);
      expect((await call(emulator, "GET", `${AMP_FILTERS}/${id}`)).body.data.filter.enabled).toBe(true);
    } finally {
      emulator.setCompat({ patchNull: "clear" });
      await call(emulator, "DELETE", `${AMP_FILTERS}/${id}`);
    }
  });
});

describe("Destination Filters and read-only tokens", () => {
  it("a read-only token lists and gets filters, and every write it sends is 403", async () => {
    const ws = FILTER_CONFIG.workspaces[0]!;
    const emulator = await startTestEmulator({ ...FILTER_CONFIG, workspaces: [{ ...ws, readOnlyTokens: ["reader"] }] });
    try {
      const id = (await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT })).body.data.filter.id as string;
      expect((await call(emulator, "GET", AMP_FILTERS, { token: "reader" })).status).toBe(200);
      expect((await call(emulator, "GET", `${AMP_FILTERS}/${id}`, { token: "reader" })).status).toBe(200);
      const writes = [
        await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT, token: "reader" }),
        await call(emulator, "PATCH", `${AMP_FILTERS}/${id}`, { body: { enabled: false }, token: "reader" }),
        await call(emulator, "DELETE", `${AMP_FILTERS}/${id}`, { token: "reader" }),
      ];
      expect(writes.map((w) => w.status)).toEqual([403, 403, 403]);
      expect(emulator.destinationFilters("ws_test")).toHaveLength(1);
    } finally {
      await emulator.close();
    }
  });
});
