import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { call } from "./http.js";

const seeds = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `tfm_${String(i).padStart(4, "0")}`,
    name: `T${i}`,
    sourceId: "src",
    enabled: true,
    if: `event = '${i}'`,
  }));

describe("emulator pagination", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace(seeds(450))] });
  });
  afterAll(() => emulator.close());

  async function walk(count: number, style: "dot" | "bracket", during?: (page: number) => Promise<void>) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const q =
        style === "dot"
          ? `pagination.count=${count}${cursor ? `&pagination.cursor=${encodeURIComponent(cursor)}` : ""}`
          : `pagination%5Bcount%5D=${count}${cursor ? `&pagination%5Bcursor%5D=${encodeURIComponent(cursor)}` : ""}`;
      const res = await call(emulator, "GET", `/transformations?${q}`);
      expect(res.status).toBe(200);
      ids.push(...res.body.data.transformations.map((t: { id: string }) => t.id));
      await during?.(page);
      cursor = res.body.data.pagination.next;
      if (!cursor) return { ids, last: res.body.data.pagination };
    }
    throw new Error("pagination did not end");
  }

  it("walks 450 items in pages of 200 (dot) and 100 (bracket), in creation order", async () => {
    const dot = await walk(200, "dot");
    expect(dot.ids).toEqual(seeds(450).map((s) => s.id));
    expect(dot.last).toMatchObject({ totalEntries: 450, previous: expect.any(String) });
    expect(dot.last).not.toHaveProperty("next");
    expect((await walk(100, "bracket")).ids).toHaveLength(450);
  });

  it("defaults to 200 per page; first page has no previous; previous leads back", async () => {
    const first = await call(emulator, "GET", "/transformations");
    expect(first.body.data.transformations).toHaveLength(200);
    expect(first.body.data.pagination).not.toHaveProperty("previous");
    const second = await call(emulator, "GET", `/transformations?pagination.cursor=${encodeURIComponent(first.body.data.pagination.next)}`);
    const back = await call(
      emulator,
      "GET",
      `/transformations?pagination.cursor=${encodeURIComponent(second.body.data.pagination.previous)}`,
    );
    expect(back.body.data.transformations).toEqual(first.body.data.transformations);
  });

  it("never skips or repeats a surviving item while others create and delete", async () => {
    const before = new Set(emulator.transformations("ws_test").map((t) => t.id));
    const deleted = new Set<string>();
    const { ids } = await walk(50, "dot", async (page) => {
      const victim = `tfm_${String(page * 50 + 10).padStart(4, "0")}`; // one already seen
      const ahead = `tfm_${String(page * 50 + 120).padStart(4, "0")}`; // one not yet seen
      for (const id of [victim, ahead]) if ((await call(emulator, "DELETE", `/transformations/${id}`)).status === 200) deleted.add(id);
      await call(emulator, "POST", "/transformations", { body: { name: `new ${page}`, sourceId: "src", enabled: true, if: "x" } });
    });
    const survivors = [...before].filter((id) => !deleted.has(id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of survivors) expect(ids).toContain(id);
  });
});
