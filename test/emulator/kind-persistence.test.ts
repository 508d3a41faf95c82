import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerKind } from "../../src/kinds/index.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { WIDGET } from "../kinds/toy-kind.js";
import { call } from "./http.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started(dataFile: string): Promise<RunningEmulator> {
  const e = await startTestEmulator({}, { dataFile });
  cleanups.push(() => e.close());
  return e;
}

describe("the generic kinds' objects (routes/kinds.ts) persist in the --data-file journal", () => {
  it("keeps created, updated and deleted objects of a registered kind across a restart, in order, with their ids", async () => {
    cleanups.push(registerKind(WIDGET));
    const dir = mkdtempSync(join(tmpdir(), "transync-kinds-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "state.jsonl");
    const first = await started(file);
    const a = (await call(first, "POST", "/widgets", { body: { name: "a", colors: ["red"] } })).body.data.widget;
    const b = (await call(first, "POST", "/widgets", { body: { name: "b" } })).body.data.widget;
    const c = (await call(first, "POST", "/widgets", { body: { name: "c" } })).body.data.widget;
    const patched = (await call(first, "PATCH", `/widgets/${a.id}`, { body: { colors: ["blue", "green"] } })).body.data.widget;
    await call(first, "DELETE", `/widgets/${b.id}`);
    await first.close();

    const second = await started(file);
    expect((await call(second, "GET", "/widgets")).body.data.widgets).toEqual([patched, c]);
    const d = (await call(second, "POST", "/widgets", { body: { name: "d" } })).body.data.widget;
    expect((await call(second, "GET", "/widgets")).body.data.widgets.map((w: { id: string }) => w.id)).toEqual([a.id, c.id, d.id]);
    expect((await call(second, "GET", "/audit-events")).body.data.events).toEqual([]);
  });
});
