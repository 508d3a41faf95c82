import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkEmulatorConfig, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import type { ValidationError } from "../../src/errors.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call } from "./http.js";
import { AMP_FILTERS, FILTER_CONFIG, FILTER_INPUT } from "./filter-fixture.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started(config: EmulatorConfig = FILTER_CONFIG, dataFile?: string): Promise<RunningEmulator> {
  const e = await startTestEmulator(config, { dataFile });
  cleanups.push(() => e.close());
  return e;
}

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-filters-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "state.jsonl");
}

/** The config with `filters` seeded under `dst_amp`. */
function seeded(filters: Array<Record<string, unknown>>): EmulatorConfig {
  const ws = FILTER_CONFIG.workspaces[0]!;
  const [web, ...others] = ws.sources!;
  const [amp, ...rest] = web!.destinations!;
  return { ...FILTER_CONFIG, workspaces: [{ ...ws, sources: [{ ...web!, destinations: [{ ...amp!, filters }, ...rest] }, ...others] }] };
}

describe("Destination Filters in the audit trail", () => {
  it("Created, Enabled, Disabled (a PATCH that only flips enabled), Modified (any other change), Deleted", async () => {
    const emulator = await started();
    const id = (await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT })).body.data.filter.id as string;
    const patch = (body: unknown) => call(emulator, "PATCH", `${AMP_FILTERS}/${id}`, { body });
    await patch({ enabled: false });
    await patch({ enabled: true, title: "Drop identify" }); // the title is unchanged: only enabled flips
    await patch({ title: "Renamed" });
    await patch({ description: null, enabled: false }); // two changes: Modified
    await call(emulator, "DELETE", `${AMP_FILTERS}/${id}`);
    const events = (await call(emulator, "GET", "/audit-events")).body.data.events as Array<Record<string, string>>;
    expect(events.map((e) => e.type).reverse()).toEqual([
      "Destination Filter Created",
      "Destination Filter Disabled",
      "Destination Filter Enabled",
      "Destination Filter Modified",
      "Destination Filter Modified",
      "Destination Filter Deleted",
    ]);
    expect(events[0]).toMatchObject({
      resourceId: id,
      resourceType: "destination_filter",
      resourceName: "Renamed",
      actor: "public-api-token/1",
    });
    const own = await call(emulator, "GET", `/audit-events?resourceId=${id}&resourceType=destination_filter`);
    expect(own.body.data.events).toHaveLength(6);
    expect((await call(emulator, "GET", "/audit-events?resourceType=transformation")).body.data.events).toEqual([]);
  });

  it("audit forwarding posts filter events too", async () => {
    const bodies: string[] = [];
    let arrived: () => void = () => {};
    const posted = new Promise<void>((done) => (arrived = done));
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        res.writeHead(200).end();
        bodies.push(body);
        arrived();
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
    cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const ws = FILTER_CONFIG.workspaces[0]!;
    const emulator = await started({ ...FILTER_CONFIG, workspaces: [{ ...ws, auditForwarding: { url, sharedSecret: "s" } }] });
    await call(emulator, "POST", AMP_FILTERS, { body: FILTER_INPUT });
    await posted;
    expect(JSON.parse(bodies[0]!).properties).toMatchObject({
      type: "Destination Filter Created",
      details: { resource_type: "destination_filter", target: FILTER_INPUT.title },
    });
  });
});

describe("Destination Filters persist in the --data-file journal", () => {
  it("keeps filters, ids, timestamps, order and their audit events across a restart", async () => {
    const file = tempFile();
    const first = await started(FILTER_CONFIG, file);
    const a = (await call(first, "POST", AMP_FILTERS, { body: FILTER_INPUT })).body.data.filter;
    const b = (await call(first, "POST", AMP_FILTERS, { body: { ...FILTER_INPUT, title: "B" } })).body.data.filter;
    const c = (await call(first, "POST", AMP_FILTERS, { body: { ...FILTER_INPUT, title: "C" } })).body.data.filter;
    const patchedB = (await call(first, "PATCH", `${AMP_FILTERS}/${b.id}`, { body: { enabled: false } })).body.data.filter;
    await call(first, "DELETE", `${AMP_FILTERS}/${a.id}`);
    await first.close();

    const second = await started(FILTER_CONFIG, file);
    expect((await call(second, "GET", AMP_FILTERS)).body.data.filters).toEqual([patchedB, c]);
    expect((await call(second, "GET", "/audit-events")).body.data.events).toHaveLength(5);
    const d = (await call(second, "POST", AMP_FILTERS, { body: { ...FILTER_INPUT, title: "D" } })).body.data.filter;
    expect((await call(second, "GET", AMP_FILTERS)).body.data.filters.map((f: { id: string }) => f.id)).toEqual([b.id, c.id, d.id]);
  });
});

describe("Destination Filters seeded by the emulator config", () => {
  it("serves seeds (sourceId defaults to the source they are declared under), with their own ids, without audit events", async () => {
    const { sourceId: _omitted, ...seed } = FILTER_INPUT;
    const emulator = await started(
      seeded([
        { ...seed, id: "flt_seed" },
        { ...seed, title: "Second" },
      ]),
    );
    const filters = (await call(emulator, "GET", AMP_FILTERS)).body.data.filters;
    expect(filters.map((f: Record<string, string>) => [f.id, f.sourceId, f.title])).toEqual([
      ["flt_seed", "src_web", FILTER_INPUT.title],
      [expect.any(String), "src_web", "Second"],
    ]);
    expect(emulator.destinationFilters("ws_test")).toHaveLength(2);
    expect((await call(emulator, "GET", "/audit-events")).body.data.events).toEqual([]);
  });

  it("checks seeds as a create is checked, every mistake with its path", () => {
    const bad = seeded([
      { id: "x", title: "T", if: "event = ", actions: [{ type: "KEEP" }], enabled: true },
      { id: "x", sourceId: "src_srv", title: "T", if: "all", actions: [], enabled: true },
      ...Array.from({ length: 9 }, (_, i) => ({ title: `F${i}`, if: "all", actions: [], enabled: true })),
    ]);
    let error: ValidationError | undefined;
    try {
      checkEmulatorConfig(bad, "emu.yaml");
    } catch (e) {
      error = e as ValidationError;
    }
    const at = "emu.yaml: workspaces.0.sources.0.destinations.0.filters";
    expect(error?.issues.map((i) => i.where)).toEqual([
      `${at}.0.if`,
      `${at}.0.actions.0.type`,
      `${at}.1.id`,
      `${at}.1.sourceId`,
      `${at}.10`,
    ]);
    expect(error?.issues[0]!.message).toMatch(/^does not parse as FQL/);
  });
});
