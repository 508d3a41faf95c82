import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call, isErrorEnvelope, type Reply } from "./http.js";
import { AMP_FILTERS, FILTER_CONFIG, FILTER_INPUT } from "./filter-fixture.js";

/** The fields the 422's errors name, in order. */
function fields(reply: Reply): Array<string | undefined> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(isErrorEnvelope(reply)).toBe(true);
  for (const e of reply.body.errors as Array<{ type: string }>) expect(e.type).toBe("input-validation");
  return (reply.body.errors as Array<{ field?: string }>).map((e) => e.field);
}

const names = (n: number, prefix = "f"): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("Destination Filters: the Public API's limits and rules are 422s naming each field", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator(FILTER_CONFIG);
  });
  afterAll(() => emulator.close());
  const create = (body: Record<string, unknown>): Promise<Reply> =>
    call(emulator, "POST", AMP_FILTERS, { body: { ...FILTER_INPUT, ...body } });

  it("a create lacking required fields names each; unknown keys are refused as the Transformation routes refuse them", async () => {
    const reply = await call(emulator, "POST", AMP_FILTERS, { body: { description: "d", id: "mine", colour: "red" } });
    expect(fields(reply).sort()).toEqual(["actions", "colour", "enabled", "id", "if", "sourceId", "title"]);
    expect(reply.body.errors.find((e: { field: string }) => e.field === "colour").message).toBe('"colour" is not allowed');
    expect(reply.body.errors.find((e: { field: string }) => e.field === "title").message).toBe('"title" is required');
    const patched = await call(emulator, "PATCH", `${AMP_FILTERS}/any`, { body: { sourceId: "src_web" } });
    expect(fields(patched)).toEqual(["sourceId"]);
  });

  it("types: if, title non-empty strings, enabled boolean, description string (null only in a PATCH)", async () => {
    expect(fields(await create({ if: 1, title: "", enabled: "yes", description: null })).sort()).toEqual([
      "description",
      "enabled",
      "if",
      "title",
    ]);
  });

  it("an if over 3 KB, or one that does not parse as FQL, is refused naming if", async () => {
    // Bytes of UTF-8, not characters: 1,600 "é" are 3,200 bytes.
    const long = await create({ if: `event = '${"é".repeat(1600)}'` });
    expect(fields(long)).toEqual(["if"]);
    expect(long.body.errors[0].message).toMatch(/at most 3072 bytes.*got 3210/);
    expect((await create({ if: `event = '${"x".repeat(3 * 1024 - 10)}'` })).status).toBe(200);
    const broken = await create({ if: "event = " });
    expect(fields(broken)).toEqual(["if"]);
    expect(broken.body.errors[0].message).toMatch(/does not parse as FQL: .*\(column 8\)/);
    await clear();
  });

  it("at most 4 actions; each of the four types; SAMPLE needs a percent in [0, 1]; property actions need fields", async () => {
    expect(fields(await create({ actions: Array(5).fill({ type: "DROP" }) }))).toEqual(["actions"]);
    const reply = await create({
      actions: [{ type: "KEEP" }, { type: "SAMPLE", percent: 1.5 }, { type: "SAMPLE" }, { type: "ALLOW_PROPERTIES" }],
    });
    expect(fields(reply)).toEqual(["actions.0.type", "actions.1.percent", "actions.2.percent", "actions.3.fields"]);
    expect(reply.body.errors[0].message).toContain("ALLOW_PROPERTIES, DROP, DROP_PROPERTIES, SAMPLE");
    expect(fields(await create({ actions: [{ type: "DROP", extra: 1 }, "DROP"] }))).toEqual(["actions.0.extra", "actions.1"]);
  });

  it("allow/drop properties: at most 8 objects of at most 64 field names, names without spaces or dots", async () => {
    const nine = Object.fromEntries(names(9, "o").map((o) => [o, ["a"]]));
    expect(fields(await create({ actions: [{ type: "DROP_PROPERTIES", fields: nine }] }))).toEqual(["actions.0.fields"]);
    const many = { properties: names(65) };
    expect(fields(await create({ actions: [{ type: "ALLOW_PROPERTIES", fields: many }] }))).toEqual(["actions.0.fields.properties"]);
    const bad = { "": ["user id", "context.ip", "ok"] };
    expect(fields(await create({ actions: [{ type: "DROP_PROPERTIES", fields: bad }] }))).toEqual([
      "actions.0.fields..0",
      "actions.0.fields..1",
    ]);
    const atLimit = Object.fromEntries(names(8, "o").map((o) => [o, names(64)]));
    expect((await create({ actions: [{ type: "DROP_PROPERTIES", fields: atLimit }] })).status).toBe(200);
    await clear();
  });

  it("a sourceId that is not the instance's source is refused naming sourceId", async () => {
    const reply = await create({ sourceId: "src_srv" });
    expect(fields(reply)).toEqual(["sourceId"]);
    expect(reply.body.errors[0].message).toContain("src_web");
  });

  it("the 11th filter of one instance is refused; another instance still takes filters", async () => {
    for (let i = 0; i < 10; i++) expect((await create({ title: `F${i}` })).status).toBe(200);
    const eleventh = await create({ title: "F10" });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.errors[0].message).toMatch(/already has 10 filters/);
    expect((await call(emulator, "POST", "/destination/dst_ads/filters", { body: FILTER_INPUT })).status).toBe(200);
    await clear();
  });

  it("a PATCH is checked as a create is, and changes nothing when refused", async () => {
    const id = (await create({})).body.data.filter.id as string;
    const reply = await call(emulator, "PATCH", `${AMP_FILTERS}/${id}`, { body: { title: "New", actions: [{ type: "SAMPLE" }], if: "(" } });
    expect(fields(reply)).toEqual(["if", "actions.0.percent"]);
    expect((await call(emulator, "GET", `${AMP_FILTERS}/${id}`)).body.data.filter.title).toBe(FILTER_INPUT.title);
    await clear();
  });

  async function clear(): Promise<void> {
    const listed = await call(emulator, "GET", AMP_FILTERS);
    for (const f of listed.body.data.filters as Array<{ id: string }>) await call(emulator, "DELETE", `${AMP_FILTERS}/${f.id}`);
  }
});
