import { describe, expect, it } from "vitest";
import { ListBudgetError } from "../../src/errors.js";
import { createEventVolumeReads } from "../../src/live/events-volume.js";
import { HttpPublicApiReads } from "../../src/live/public-api.js";
import { readAuditTrail } from "../../src/live/audit-trail.js";
import { ScriptedApi, type SeenRequest } from "../helpers/scripted-api.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { failureOf, makeApi, useScriptedApi } from "./helpers.js";

/**
 * Every list walk of the Public API has a byte and object budget (issue 33, finding 2): a server
 * answering endless large pages (fresh cursors, 1 MiB or more each) is stopped by the walk itself
 * with a ListBudgetError naming the endpoint, and memory stays far below 300 MB. So that the test
 * never eats gigabytes when the bound is missing, the fake ends its list after PAGES pages (more
 * bytes than any budget allows): without the bound the walk reads them all and raises nothing.
 */
const MIB = 1024 * 1024;
const PAGES = 80;
/** Growth of the process's resident memory allowed while a walk runs. */
const MEMORY_LIMIT = 300 * MIB;
/** Tens of MiB go through a socket and JSON.parse: room for a machine under load (no assertion on time). */
const SLOW_TEST_MS = 120_000;

const scripted = useScriptedApi();

/**
 * Replies of about `bytes` each to `path`: `items(n)` of page n until PAGES pages, with a fresh
 * cursor each; records the pages served and the peak resident memory seen at each request.
 */
function endlessPages(path: string | RegExp, body: (n: number, next: string | null) => unknown, pages = PAGES) {
  const seen = { pages: 0, peakRss: process.memoryUsage().rss };
  const baseline = seen.peakRss;
  scripted.server.route("GET", path, (_req: SeenRequest) => {
    seen.pages += 1;
    seen.peakRss = Math.max(seen.peakRss, process.memoryUsage().rss);
    return { body: JSON.stringify(body(seen.pages, seen.pages < pages ? `cursor-${seen.pages + 1}` : null)) };
  });
  return { seen, grown: () => Math.max(seen.peakRss, process.memoryUsage().rss) - baseline };
}

/** `count` objects made by `make`, each padded to about `size` characters. */
function padded(count: number, size: number, make: (i: number, pad: string) => unknown): unknown[] {
  const pad = "x".repeat(size);
  return Array.from({ length: count }, (_, i) => make(i, pad));
}

/** One page of a Public API list of about 1 MiB: 100 objects of 10 KB. */
function publicPage(key: string, make: (id: string, pad: string) => unknown) {
  return (n: number, next: string | null) => ({
    data: { [key]: padded(100, 10_000, (i, pad) => make(`id_${n}_${i}`, pad)), pagination: { current: `cursor-${n}`, next } },
  });
}

const PUBLIC_LISTS = [
  {
    endpoint: "GET /sources",
    path: "/sources",
    page: publicPage("sources", (id, pad) => ({ id, slug: id, name: pad })),
    read: (reads: HttpPublicApiReads) => reads.sources(),
  },
  {
    endpoint: "GET /catalog/destinations",
    path: "/catalog/destinations",
    page: publicPage("destinationsCatalog", (id, pad) => ({ id, slug: id, name: "D", previousNames: [], description: pad })),
    read: (reads: HttpPublicApiReads) => reads.catalogDestinations(),
  },
  {
    endpoint: "GET /sources/src_1/connected-destinations",
    path: "/sources/src_1/connected-destinations",
    page: publicPage("destinations", (id, pad) => ({ id, name: pad, metadata: { id: "meta_1" } })),
    read: (reads: HttpPublicApiReads) => reads.connectedDestinations("src_1"),
  },
];

describe.each(PUBLIC_LISTS)("$endpoint: endless pages of 1 MiB", ({ endpoint, path, page, read }) => {
  it(
    "stops at the byte budget with an error naming the endpoint; memory stays under 300 MB",
    async () => {
      const { seen, grown } = endlessPages(path, page);
      const { api } = makeApi(scripted.url);
      const error = await failureOf(read(new HttpPublicApiReads(api)));
      expect(error).toBeInstanceOf(ListBudgetError);
      expect(error.message).toMatch(new RegExp(`^${endpoint}: the list is larger than one read may be: .*64 MiB`));
      expect((error as ListBudgetError).endpoint).toBe(endpoint);
      expect(seen.pages).toBeLessThan(PAGES);
      expect(grown()).toBeLessThan(MEMORY_LIMIT);
    },
    SLOW_TEST_MS,
  );
});

describe("GET /audit-events: readAuditTrail's pages give their size and take a cap", () => {
  it(
    "its walk stops at the budget, naming the endpoint",
    async () => {
      const event = (id: string, pad: string) => ({
        id,
        timestamp: "2024-01-01T00:00:00Z",
        type: "Transformation Updated",
        actor: "someone",
        resourceId: "tf_1",
        resourceType: "Transformation",
        resourceName: pad,
      });
      const { seen, grown } = endlessPages("/audit-events", publicPage("events", event));
      const { api } = makeApi(scripted.url);
      const error = await failureOf(readAuditTrail(api, { resourceId: "tf_1", startTime: "2000-01-01T00:00:00Z" }));
      expect(error.message).toMatch(/^GET \/audit-events: the list is larger than one read may be: .*64 MiB in all/);
      expect(seen.pages).toBeLessThan(PAGES);
      expect(grown()).toBeLessThan(MEMORY_LIMIT);
    },
    SLOW_TEST_MS,
  );
});

describe("GET /sources: the object budget", () => {
  it(
    "small objects past 100,000 stop at the object bound, naming the endpoint",
    async () => {
      const { seen } = endlessPages("/sources", (n, next) => ({
        data: { sources: padded(200, 0, (i) => ({ id: `s${n}_${i}`, slug: `s${n}_${i}` })), pagination: { next: next ?? `more-${n}` } },
      }));
      const { api } = makeApi(scripted.url);
      const error = await failureOf(new HttpPublicApiReads(api).sources());
      expect(error).toBeInstanceOf(ListBudgetError);
      expect(error.message).toContain(
        "GET /sources: the list is larger than one read may be: its first 501 page(s) hold more than 100000 objects",
      );
      expect(seen.pages).toBe(501);
    },
    SLOW_TEST_MS,
  );
});

describe("GET /events/volume: the 5,000-row cut never comes after unbounded memory", () => {
  const window = { days: 7 };
  /** Rows of one source with 150 KB event names (as seen in the attack), `rows` a page. */
  const volumePage = (rows: number) => (n: number, next: string | null) => ({
    data: {
      result: padded(rows, 150_000, (i, pad) => ({ eventName: `${pad}${n}_${i}`, eventType: "track", total: 0, series: [] })),
      pagination: { current: `cursor-${n}`, next },
    },
  });

  it(
    "pages of 25 rows of 150 KB names (3.6 MiB a page): stops at the byte budget, far before 5,000 rows",
    async () => {
      // 25 pages (90 MiB), under the 30 pages and 5,000 rows the reader allowed before its byte budget.
      const { seen, grown } = endlessPages("/events/volume", volumePage(25), 25);
      const { api, clock } = makeApi(scripted.url);
      const { logger } = { logger: (await import("../../src/log.js")).silentLogger() };
      const error = await failureOf(createEventVolumeReads(api, logger, clock).daily("src_1", window.days));
      expect(error).toBeInstanceOf(ListBudgetError);
      expect(error.message).toMatch(/^GET \/events\/volume: the list is larger than one read may be: .*64 MiB in all/);
      expect(seen.pages).toBeLessThan(25);
      expect(grown()).toBeLessThan(MEMORY_LIMIT);
    },
    SLOW_TEST_MS,
  );

  it(
    "one page of 200 rows of 150 KB names (29 MiB): cut while it streams, at the page bound",
    async () => {
      scripted.server.route("GET", "/events/volume", {
        body: '{"data":{"pagination":{},"result":[',
        endless: {
          chunk: `${JSON.stringify({ eventName: "x".repeat(150_000), eventType: "track", total: 0, series: [] })},`,
          upToBytes: 200 * 150_000,
        },
      });
      const { api, clock } = makeApi(scripted.url);
      const { silentLogger } = await import("../../src/log.js");
      const error = await failureOf(createEventVolumeReads(api, silentLogger(), clock).daily("src_1", window.days));
      expect(error).toBeInstanceOf(ListBudgetError);
      expect(error.message).toMatch(
        /^GET \/events\/volume: the list is larger than one read may be: page 1's reply is over 8 MiB, the bound of one page/,
      );
      // Read up to the cap while it streamed, not buffered whole first (the server may run a little ahead).
      expect(scripted.server.streamed).toBeLessThan(16 * MIB);
    },
    SLOW_TEST_MS,
  );
});

describe("transync plan against endless pages of GET /sources", () => {
  it(
    "exit 1, the error names the endpoint, no stack trace",
    async () => {
      const emulator = await startTestEmulator();
      const server = new ScriptedApi(emulator.url);
      const url = await server.start();
      let pages = 0;
      const page = publicPage("sources", (id, pad) => ({ id, slug: id, name: pad }));
      server.route("GET", "/sources", () => ({ body: JSON.stringify(page(++pages, pages < PAGES ? `cursor-${pages + 1}` : null)) }));
      const project = tempProject({
        "transformations/a.yaml":
          "apiVersion: transync/v1\nkind: Transformation\nname: A\nsourceId: { slug: web }\nenabled: true\nif: event = 'A'\n",
      });
      try {
        const res = await runCli(["plan", "--api-url", url], { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN } });
        expect(res.code).toBe(1);
        expect(res.stderr).toMatch(/^Error: GET \/sources: the list is larger than one read may be: .*64 MiB in all/m);
        expect(res.stderr).not.toMatch(/\n\s+at /);
        expect(pages).toBeLessThan(PAGES);
      } finally {
        project.cleanup();
        await server.close();
        await emulator.close();
      }
    },
    SLOW_TEST_MS,
  );
});
