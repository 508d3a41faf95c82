import { describe, expect, it } from "vitest";
import { IncompleteReadError, InterruptedError } from "../../src/errors.js";
import { listAll, readLiveState } from "../../src/live/read-live-state.js";
import type { Transformation } from "../../src/model/transformation.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";
import { makeApi, useScriptedApi } from "./helpers.js";

function transformation(id: string, extra: Partial<Transformation> = {}): Transformation {
  return { id, name: `n_${id}`, sourceId: "src", enabled: true, if: "event='x'", ...extra };
}

const fql = [{ fql: "properties.a", propertyName: "properties.b" }];

describe("readLiveState (in-memory fake)", () => {
  it("lists once and gets only the objects needing details, sorted by id", async () => {
    const seed = [
      transformation("c", { fqlDefinedProperties: fql }),
      transformation("a"),
      transformation("b", { fqlDefinedProperties: fql }),
    ];
    const api = new FakeLiveApi("ws_fake", seed);
    const live = await readLiveState(api, { needsDetails: (t) => t.id !== "a" });
    expect(live.workspaceId).toBe("ws_fake");
    expect(live.transformations.map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(live.transformations[0]?.fqlDefinedProperties).toBeUndefined();
    expect(live.transformations[1]?.fqlDefinedProperties).toEqual(fql);
    expect(
      api.calls
        .filter((c) => c.method === "get")
        .map((c) => c.id)
        .sort(),
    ).toEqual(["b", "c"]);
    expect(api.count("listPage")).toBe(1);
    expect(live.apiCalls).toBe(1 + 1 + 2);
  });

  it("keeps at most `concurrency` gets in flight", async () => {
    const api = new FakeLiveApi(
      "ws_fake",
      Array.from({ length: 12 }, (_, i) => transformation(`t${String(i).padStart(2, "0")}`)),
    );
    let inFlight = 0;
    let maxInFlight = 0;
    const get = api.get.bind(api);
    api.get = async (id) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return get(id);
    };
    const live = await readLiveState(api, { needsDetails: () => true, concurrency: 3 });
    expect(live.transformations).toHaveLength(12);
    expect(maxInFlight).toBe(3);
  });

  it("stops with InterruptedError when the signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readLiveState(new FakeLiveApi(), { needsDetails: () => false, signal: controller.signal })).rejects.toBeInstanceOf(
      InterruptedError,
    );
  });

  it("stops with IncompleteReadError when a server repeats its cursor, after one more read", async () => {
    const api = new FakeLiveApi("ws_fake", [transformation("a")]);
    let calls = 0;
    api.listPage = async () => ({ items: [transformation(`a${calls++}`)], next: "same" });
    await expect(listAll(api)).rejects.toBeInstanceOf(IncompleteReadError);
    expect(calls).toBe(4);
  });
});

describe("readLiveState over HTTP", () => {
  const fake = useScriptedApi();

  it("costs ceil(N/200) lists + workspace + one get per needed object", async () => {
    fake.server.seed(450, (i) => (i % 100 === 0 ? { fqlDefinedProperties: fql } : {}));
    const { api } = makeApi(fake.url);
    const wanted = new Set(["tf_00000", "tf_00100", "tf_00400"]);
    const live = await readLiveState(api, { needsDetails: (t) => wanted.has(t.id) });
    expect(live.apiCalls).toBe(1 + 3 + 3);
    expect(fake.server.requests).toHaveLength(7);
    expect(fake.server.count("GET", "/transformations")).toBe(3);
    expect(live.transformations).toHaveLength(450);
    expect(live.transformations.find((t) => t.id === "tf_00100")?.fqlDefinedProperties).toEqual(fql);
    expect(live.transformations.find((t) => t.id === "tf_00200")?.fqlDefinedProperties).toBeUndefined();
    expect(api.stats().calls).toBe(7);
  });
});
