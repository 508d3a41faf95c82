import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerKind } from "../../src/kinds/index.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { WIDGET } from "../kinds/toy-kind.js";
import { AMP_FILTERS, FILTER_CONFIG, FILTER_INPUT } from "./filter-fixture.js";
import { call, VALID } from "./http.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dataFile(lines: unknown[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-journal-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "state.jsonl");
  if (lines.length > 0) writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

async function started(file: string): Promise<RunningEmulator> {
  const e = await startTestEmulator(FILTER_CONFIG, { dataFile: file });
  cleanups.push(() => e.close());
  return e;
}

const WS = "ws_test";
const at = "2026-01-01T00:00:00.000Z";
const audit = (seq: number, type: string, resourceId: string) => ({
  seq,
  event: {
    id: `ev${seq}`,
    timestamp: at,
    type,
    actor: "public-api-token/1",
    resourceId,
    resourceType: "Transformation",
    resourceName: "x",
  },
});
const t = (id: string, name: string) => ({ id, workspaceId: WS, name, enabled: true, sourceId: "src_web", if: "event = 'A'" });
const filter = (id: string, title: string) => ({
  id,
  sourceId: "src_web",
  destinationId: "dst_amp",
  if: "type = 'track'",
  actions: [{ type: "DROP" }],
  title,
  enabled: true,
  createdAt: at,
  updatedAt: at,
});

/** Every record a data file written before the one store of every kind holds: the snapshot's keys and the six ops. */
const BEFORE = [
  {
    op: "snapshot",
    snapshot: {
      version: 2,
      workspaces: {
        [WS]: {
          nextSeq: 4,
          transformations: [{ seq: 1, t: t("tf_a", "A") }],
          audit: [],
          filters: [{ seq: 2, filter: filter("df_a", "Drop A") }],
          kinds: { Widget: [{ seq: 3, object: { id: "wdg_a", name: "a", colors: [] } }] },
        },
      },
    },
  },
  { op: "put", ws: WS, seq: 4, t: t("tf_b", "B"), audit: audit(5, "Transformation Created", "tf_b") },
  { op: "filter-put", ws: WS, seq: 6, filter: filter("df_b", "Drop B"), audit: audit(7, "Destination Filter Created", "df_b") },
  { op: "kind-put", ws: WS, kind: "Widget", seq: 8, object: { id: "wdg_b", name: "b", colors: ["red"] } },
  { op: "del", ws: WS, id: "tf_a", audit: audit(9, "Transformation Deleted", "tf_a") },
  { op: "filter-del", ws: WS, id: "df_a", audit: audit(10, "Destination Filter Deleted", "df_a") },
  { op: "kind-del", ws: WS, kind: "Widget", id: "wdg_a" },
];

describe("the --data-file journal and the one store of every kind", () => {
  it("reads a data file written before it: the snapshot's transformations, filters and kinds, and put/del, filter-put/filter-del, kind-put/kind-del", async () => {
    cleanups.push(registerKind(WIDGET));
    const e = await started(dataFile(BEFORE));
    expect((await call(e, "GET", "/transformations")).body.data.transformations.map((x: { id: string }) => x.id)).toEqual(["tf_b"]);
    expect((await call(e, "GET", AMP_FILTERS)).body.data.filters).toEqual([filter("df_b", "Drop B")]);
    expect((await call(e, "GET", "/widgets")).body.data.widgets).toEqual([{ id: "wdg_b", name: "b", colors: ["red"] }]);
    expect((await call(e, "GET", "/audit-events?pagination.count=200")).body.data.events).toHaveLength(4);
    const next = (await call(e, "POST", "/transformations", { body: VALID })).body.data.transformation;
    expect(next.id).not.toBe("tf_b");
  });

  it("still writes each kind's records as it did: put for Transformations, filter-put for filters, kind-put for the others", async () => {
    cleanups.push(registerKind(WIDGET));
    const file = dataFile();
    const e = await started(file);
    await call(e, "POST", "/transformations", { body: VALID });
    await call(e, "POST", AMP_FILTERS, { body: FILTER_INPUT });
    const widget = (await call(e, "POST", "/widgets", { body: { name: "w" } })).body.data.widget;
    await call(e, "DELETE", `/widgets/${widget.id}`);
    const ops = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { op: string }).op);
    expect(ops).toEqual(["snapshot", "put", "filter-put", "kind-put", "kind-del"]);
  });
});
