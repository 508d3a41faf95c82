import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, IncompleteReadError } from "../../src/errors.js";
import { readLiveState } from "../../src/live/read-live-state.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { SeenRequest } from "../helpers/scripted-api.js";
import { failureOf, makeApi, TOKEN, useScriptedApi } from "./helpers.js";
import { cursorAt, offsetOfCursor } from "../helpers/scripted-api-store.js";

/** A list page of `items` with the given pagination, as the API's envelope. */
function page(items: Array<Record<string, unknown>>, pagination: Record<string, unknown>): { body: unknown } {
  return { body: { data: { transformations: items, pagination } } };
}

function item(i: number): Record<string, unknown> {
  return { id: `tf_${String(i).padStart(5, "0")}`, name: `t${i}`, sourceId: "src_1", enabled: true, if: "event='x'", workspaceId: "ws_1" };
}

const range = (from: number, to: number): Array<Record<string, unknown>> => Array.from({ length: to - from }, (_, k) => item(from + k));
const offsetOf = (req: SeenRequest): number => offsetOfCursor(req.query.get("pagination.cursor"));

const fake = useScriptedApi();

const lists = (): number => fake.server.count("GET", "/transformations");
const read = (): Promise<unknown> => readLiveState(makeApi(fake.url).api, { needsDetails: () => false });

describe("a live read proves it is complete", () => {
  it("totalEntries 400 but the pages end after 200: read twice, then an IncompleteReadError", async () => {
    const lie = (req: SeenRequest) =>
      offsetOf(req) === 0 ? page(range(0, 200), { current: "MA==", next: null, totalEntries: 400 }) : undefined;
    fake.server.script.push(lie, lie);
    const error = await failureOf(read());
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain("ended after 200 objects, but totalEntries says 400");
    expect(lists()).toBe(2);
  });

  it("a short read that a second read finds complete is used", async () => {
    fake.server.seed(400, () => ({ workspaceId: "ws_1" }));
    fake.server.script.push(page(range(0, 200), { current: "MA==", totalEntries: 400 }));
    const live = (await read()) as { transformations: unknown[]; apiCalls: number };
    expect(live.transformations).toHaveLength(400);
    expect(lists()).toBe(1 + 2);
    expect(live.apiCalls).toBe(3);
  });

  it("a cursor cycle stops after a few requests, not thousands", async () => {
    // Page A names B, B names A, forever, with fresh ids each time and no totalEntries.
    let n = 0;
    const cycle = (req: SeenRequest) => {
      n += 1;
      return page([item(n)], { current: "x", next: req.query.get("pagination.cursor") === "QQ==" ? "Qg==" : "QQ==" });
    };
    for (let i = 0; i < 50; i++) fake.server.script.push(cycle);
    const error = await failureOf(read());
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toMatch(/cursor "(QQ|Qg)==" came back/);
    expect(lists()).toBeLessThanOrEqual(6);
  });

  it("a repeated cursor (the next page names itself) is an error, not a silent end", async () => {
    const same = () => page([item(1)], { current: "MA==", next: "MQ==" });
    fake.server.script.push(
      page([item(0)], { current: "MA==", next: "MQ==" }),
      same,
      page([item(0)], { current: "MA==", next: "MQ==" }),
      same,
    );
    const error = await failureOf(read());
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain("came back");
    expect(lists()).toBe(4);
  });

  it("duplicate ids are an error, not folded silently", async () => {
    const dup = page([item(1), item(2), item(1)], { current: "MA==", totalEntries: 3 });
    fake.server.script.push(dup, dup);
    const error = await failureOf(read());
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain('the id "tf_00001" came twice');
  });

  it("totalEntries changing between pages (a write during the read) reads again from the start", async () => {
    fake.server.seed(300);
    // An offset-cursor server where someone deletes tf_00000 after the first page: item 200 skips a page.
    fake.server.script.push(page(range(0, 200), { current: "MA==", next: cursorAt(200), totalEntries: 300 }));
    fake.server.script.push(page(range(201, 300), { current: cursorAt(200), totalEntries: 299 }));
    const live = (await read()) as { transformations: unknown[] };
    expect(live.transformations).toHaveLength(300);
    expect(lists()).toBe(2 + 2);
  });

  it("never asks more pages than totalEntries allows", async () => {
    // Fresh cursors and fresh ids forever, but totalEntries says 400: ceil(400/200) + 2 pages at most.
    const endless = (req: SeenRequest) => {
      const at = offsetOf(req);
      return page(range(at, at + 200), { current: cursorAt(at), next: cursorAt(at + 200), totalEntries: 400 });
    };
    for (let i = 0; i < 40; i++) fake.server.script.push(endless);
    const error = await failureOf(read());
    expect(error).toBeInstanceOf(IncompleteReadError);
    expect(error.message).toContain("past 4 pages, more than totalEntries 400 allows");
    expect(lists()).toBe(8);
  });

  it("an empty page that names a next page is an error", async () => {
    const empty = page([], { current: "MA==", next: "MQ==" });
    fake.server.script.push(empty, empty);
    expect((await failureOf(read())).message).toContain("page 1 is empty but names a next page");
  });

  it("garbage is a clear ApiError naming what is wrong", async () => {
    fake.server.script.push({ body: "\u0000\u0001garbage" });
    const notJson = await failureOf(read());
    expect(notJson).toBeInstanceOf(ApiError);
    expect(notJson.message).toContain("not JSON");
    fake.server.script.push(page([item(0)], { current: "MA==", totalEntries: "many" }));
    expect((await failureOf(read())).message).toContain("totalEntries");
    fake.server.script.push(page([{ name: "no id" }], { current: "MA==" }));
    expect((await failureOf(read())).message).toContain(
      "`data.transformations[0].id` (a transformation without an id) is absent, not a non-empty string",
    );
    fake.server.script.push(page([item(0)], { current: "MA==", next: 7 }));
    expect((await failureOf(read())).message).toContain("next");
  });
});

describe("an incomplete read never becomes creates", () => {
  let project: TempProject;
  beforeEach(() => {
    const documents = range(0, 400).map((t) => doc(String(t.name), "src_1", { if: "event='x'" }));
    project = tempProject({ "transformations/all.yaml": documents.join("---\n") });
  });
  afterEach(() => project.cleanup());

  it("apply exits 1 with a clear message and sends no POST", async () => {
    fake.server.seed(400);
    const lie = (req: SeenRequest) =>
      req.path === "/transformations" && req.method === "GET" && offsetOf(req) === 200
        ? page([], { current: cursorAt(200), totalEntries: 400 })
        : undefined;
    // Every read: the first page is true, the second page is empty and ends the list (whatever
    // other requests, such as GET /sources, come between: the lie picks its own request).
    fake.server.script.push(lie, lie, lie, lie, lie, lie, lie, lie);
    const run = await runCli(["apply", "--auto-approve", "--api-url", fake.url], { env: { SEGMENT_API_TOKEN: TOKEN }, cwd: project.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("incomplete");
    expect(run.stderr).toContain("ended after 200 objects, but totalEntries says 400");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fake.server.count("POST")).toBe(0);
  });
});
