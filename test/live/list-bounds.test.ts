import { describe, expect, it } from "vitest";
import { IncompleteReadError } from "../../src/errors.js";
import { listComplete, MAX_LIST_BYTES, MAX_LIST_OBJECTS, MAX_PAGES_UNCOUNTED } from "../../src/live/complete-list.js";
import type { LiveApi, Page } from "../../src/live/live-api.js";
import type { Transformation } from "../../src/model/transformation.js";
import type { SeenRequest } from "../helpers/scripted-api.js";
import { failureOf, makeApi, useScriptedApi } from "./helpers.js";
import { cursorAt, offsetOfCursor } from "../helpers/scripted-api-store.js";

/**
 * Issue 21, item 5: a server that keeps sending pages of fresh objects, with no totalEntries, used
 * to be read for up to 5,000 pages of up to 32 MiB each (2.5 GB after 79 pages). One list read is
 * now bounded in bytes, in objects, and in pages when the server gives no totalEntries.
 */
const fake = useScriptedApi();
const pageOf = (req: SeenRequest): number => offsetOfCursor(req.query.get("pagination.cursor"));

function object(page: number, i: number, ifBytes: number): Record<string, unknown> {
  return {
    id: `tf_${page}_${i}`,
    name: `t${page}.${i}`,
    sourceId: "src_1",
    enabled: true,
    if: `event = '${"x".repeat(ifBytes)}'`,
    workspaceId: "ws_1",
  };
}

/** Pages of `perPage` fresh objects with an `if` of `ifBytes`, no totalEntries, ending after `pages` pages. */
function scriptBigPages(pages: number, perPage: number, ifBytes: number): void {
  const answer = (req: SeenRequest) => {
    const n = pageOf(req);
    const items = Array.from({ length: perPage }, (_, i) => object(n, i, ifBytes));
    return {
      body: { data: { transformations: items, pagination: { current: cursorAt(n), ...(n + 1 < pages ? { next: cursorAt(n + 1) } : {}) } } },
    };
  };
  for (let i = 0; i < 2 * pages; i++) fake.server.script.push(answer);
}

/** A LiveApi whose pages come from `make`, without HTTP (for bounds far above what a test should send). */
function pagesApi(make: (n: number) => Page<Transformation>): LiveApi & { pages: number } {
  const api = {
    pages: 0,
    listPage: async (cursor?: string) => {
      api.pages += 1;
      return make(cursor === undefined ? 0 : Number(cursor));
    },
  };
  return api as unknown as LiveApi & { pages: number };
}

describe("one list read is bounded in total", () => {
  it(`pages of 200 objects with a 100 KB if and no totalEntries stop at ${MAX_LIST_BYTES / 1024 / 1024} MiB with a clear error`, async () => {
    // 200 × 100 KB = 20 MB a page: the bound is passed on the fourth page, long before the 12th.
    scriptBigPages(12, 200, 100_000);
    const { api } = makeApi(fake.url, { timeoutMs: 120_000 });
    const error = await failureOf(listComplete(api));
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain("more than 64 MiB");
    expect(error.message).toMatch(/stopped reading/);
    // Pages 0 to 3 once each; not read again from the start: the same server would send the same pages.
    expect(fake.server.requests.map(pageOf)).toEqual([0, 1, 2, 3]);
  });

  it(`stops at ${MAX_LIST_OBJECTS.toLocaleString("en")} objects even when totalEntries announces more`, async () => {
    const api = pagesApi((n) => ({
      items: Array.from(
        { length: 200 },
        (_, i) => ({ id: `tf_${n}_${i}`, name: "n", sourceId: "s", enabled: true, if: "" }) as Transformation,
      ),
      next: String(n + 1),
      totalEntries: 10_000_000,
    }));
    const error = await failureOf(listComplete(api));
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain(`totalEntries 10000000 is more than the ${MAX_LIST_OBJECTS} objects one read may hold`);
    expect(api.pages).toBe(1);
  });

  it(`stops past ${MAX_LIST_OBJECTS.toLocaleString("en")} objects when no totalEntries is given`, async () => {
    const api = pagesApi((n) => ({
      items: Array.from(
        { length: 1000 },
        (_, i) => ({ id: `tf_${n}_${i}`, name: "n", sourceId: "s", enabled: true, if: "" }) as Transformation,
      ),
      next: String(n + 1),
    }));
    const error = await failureOf(listComplete(api, { pageSize: 1000 }));
    expect(error.message).toContain(`more than ${MAX_LIST_OBJECTS} objects`);
    expect(api.pages).toBe(MAX_LIST_OBJECTS / 1000 + 1);
  });

  it(`without totalEntries the page bound is ${MAX_PAGES_UNCOUNTED} pages, lower than with it`, async () => {
    const api = pagesApi((n) => ({
      items: [{ id: `tf_${n}`, name: "n", sourceId: "s", enabled: true, if: "" } as Transformation],
      next: String(n + 1),
    }));
    const error = await failureOf(listComplete(api));
    expect(error.message).toContain(`past ${MAX_PAGES_UNCOUNTED} pages`);
    expect(api.pages).toBe(MAX_PAGES_UNCOUNTED);
  });

  it("a workspace within the bounds is read whole (10 pages of 200 objects with 10 KB conditions)", async () => {
    scriptBigPages(10, 200, 10_000);
    const { api } = makeApi(fake.url);
    const { items } = await listComplete(api);
    expect(items).toHaveLength(2000);
  });
});
