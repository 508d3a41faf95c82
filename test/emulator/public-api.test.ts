import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogApi, SourcesApi } from "@segment/public-api-sdk-typescript";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { checkEmulatorConfig } from "../../src/emulator/config.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";

const CATALOG = {
  destinations: [
    { id: "547610a5db31d978f14a5c4e", slug: "blueshift", name: "Blueshift" },
    { id: "54521fd525e721e32a72ee8f", slug: "amplitude", name: "Amplitude", previousNames: ["Amplitude Classic"] },
    { id: "5d4d6d2a0bd8b80001b2f3c1", slug: "webhooks", name: "Webhooks" },
  ],
};

const SOURCES = [
  {
    id: "src_web",
    slug: "web",
    name: "Web",
    labels: [{ key: "env", value: "staging" }],
    destinations: [{ id: "dst_amp", name: "Amplitude (web)", metadataId: "54521fd525e721e32a72ee8f" }],
  },
  { id: "src_ios", slug: "ios-app" },
  {
    id: "src_srv",
    slug: "server",
    destinations: [
      { id: "dst_a", metadataId: "547610a5db31d978f14a5c4e" },
      { id: "dst_b", metadataId: "5d4d6d2a0bd8b80001b2f3c1", enabled: false },
    ],
  },
];

/** The official SDK parses the emulator's sources and catalog as it parses Segment's (issue 22's slugs rest on them). */
describe("Public API routes: sources, connected destinations, catalog", () => {
  let emulator: RunningEmulator;
  let sources: SourcesApi;
  let catalog: CatalogApi;
  beforeAll(async () => {
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), sources: SOURCES }], catalog: CATALOG });
    sources = new SourcesApi(emulator.url);
    sources.accessToken = TEST_TOKEN;
    catalog = new CatalogApi(emulator.url);
    catalog.accessToken = TEST_TOKEN;
  });
  afterAll(() => emulator.close());

  it("lists sources page by page with their slugs, names and labels; gets one by id", async () => {
    const first = (await sources.listSources({ count: 2 })).body.data!;
    expect(first.sources.map((s) => [s.id, s.slug, s.name])).toEqual([
      ["src_web", "web", "Web"],
      ["src_ios", "ios-app", "ios-app"],
    ]);
    expect(first.sources[0]).toMatchObject({
      workspaceId: "ws_test",
      enabled: true,
      writeKeys: [],
      labels: [{ key: "env", value: "staging" }],
    });
    expect(first.pagination.next).toBeTruthy();
    const second = (await sources.listSources({ count: 2, cursor: first.pagination.next! })).body.data!;
    expect(second.sources.map((s) => s.slug)).toEqual(["server"]);
    expect(second.pagination.next ?? null).toBeNull();
    expect((await sources.getSource("src_srv")).body.data!.source).toMatchObject({ id: "src_srv", slug: "server" });
  });

  it("lists a source's connected destinations with their catalog metadata", async () => {
    const web = (await sources.listConnectedDestinationsFromSource("src_web", { count: 200 })).body.data!;
    expect(web.destinations).toEqual([
      expect.objectContaining({ id: "dst_amp", name: "Amplitude (web)", enabled: true, sourceId: "src_web" }),
    ]);
    expect(web.destinations[0]!.metadata).toMatchObject({
      id: "54521fd525e721e32a72ee8f",
      slug: "amplitude",
      previousNames: ["Amplitude Classic"],
    });
    const server = (await sources.listConnectedDestinationsFromSource("src_srv", { count: 1 })).body.data!;
    expect(server.destinations.map((d) => d.id)).toEqual(["dst_a"]);
    const rest = (await sources.listConnectedDestinationsFromSource("src_srv", { count: 1, cursor: server.pagination.next! })).body.data!;
    expect(rest.destinations).toEqual([expect.objectContaining({ id: "dst_b", enabled: false })]);
    expect((await sources.listConnectedDestinationsFromSource("src_ios", { count: 200 })).body.data!.destinations).toEqual([]);
  });

  it("serves the catalog, the same in every workspace, and gets an entry by metadata id", async () => {
    const all = (await catalog.getDestinationsCatalog({ count: 200 })).body.data!;
    expect(all.destinationsCatalog.map((d) => d.slug)).toEqual(["blueshift", "amplitude", "webhooks"]);
    expect((await catalog.getDestinationMetadata("547610a5db31d978f14a5c4e")).body.data!.destinationMetadata).toMatchObject({
      slug: "blueshift",
      name: "Blueshift",
    });
  });

  it("answers 404 with the envelope for an unknown source or metadata id, 405 for a write", async () => {
    await expect(sources.getSource("src_nope")).rejects.toMatchObject({
      statusCode: 404,
      body: { errors: [expect.objectContaining({ type: "NotFound" })] },
    });
    await expect(sources.listConnectedDestinationsFromSource("src_nope", { count: 10 })).rejects.toMatchObject({ statusCode: 404 });
    await expect(catalog.getDestinationMetadata("nope")).rejects.toMatchObject({ statusCode: 404 });
    const post = await fetch(`${emulator.url}/sources`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("a workspace whose config declares no sources answers the source routes 403, as Segment does a token without Source read", async () => {
    const open = await startTestEmulator();
    try {
      const api = new SourcesApi(open.url);
      api.accessToken = TEST_TOKEN;
      await expect(api.listSources({ count: 200 })).rejects.toMatchObject({
        statusCode: 403,
        body: { errors: [expect.objectContaining({ type: "Forbidden" })] },
      });
      await expect(api.listConnectedDestinationsFromSource("src_any", { count: 10 })).rejects.toMatchObject({ statusCode: 403 });
    } finally {
      await open.close();
    }
  });

  it("a token of another workspace sees that workspace's sources only; a missing token is 401", async () => {
    const other = await startTestEmulator({
      workspaces: [
        { ...testWorkspace(), sources: SOURCES },
        { id: "ws_b", slug: "b", name: "B", tokens: ["token-b"], sources: [{ id: "src_b", slug: "web" }] },
      ],
      catalog: CATALOG,
    });
    try {
      const api = new SourcesApi(other.url);
      api.accessToken = "token-b";
      expect((await api.listSources({ count: 200 })).body.data!.sources.map((s) => [s.id, s.slug])).toEqual([["src_b", "web"]]);
      await expect(api.getSource("src_web")).rejects.toMatchObject({ statusCode: 404 });
      expect((await fetch(`${other.url}/sources`)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("emulator config: sources and catalog are checked", () => {
  const base = (sources: unknown[], destinations: unknown[] = CATALOG.destinations): EmulatorConfig =>
    ({ workspaces: [{ ...testWorkspace(), sources }], catalog: { destinations } }) as EmulatorConfig;
  const issuesOf = (config: EmulatorConfig): string[] => {
    try {
      checkEmulatorConfig(config, "emulator.yaml");
      return [];
    } catch (error) {
      return (error as { issues: Array<{ where: string; message: string }> }).issues.map((i) => `${i.where}: ${i.message}`);
    }
  };

  it("refuses a duplicate slug, a duplicate destination id and a metadata id not in the catalog, naming each", () => {
    const issues = issuesOf(
      base([
        { id: "a", slug: "web", destinations: [{ id: "d1", metadataId: "547610a5db31d978f14a5c4e" }] },
        { id: "b", slug: "web", destinations: [{ id: "d1", metadataId: "missing" }] },
      ]),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        'emulator.yaml: workspaces.0.sources.1.slug: slug "web" appears twice',
        'emulator.yaml: workspaces.0.sources.1.destinations.0.metadataId: "missing" is not the id of a destination in catalog.destinations',
        'emulator.yaml: workspaces.0.sources.1.destinations.0.id: destination id "d1" appears twice in the workspace',
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it("refuses a catalog slug given twice, and a source's slug defaults to its id (so an id used as another's slug clashes)", () => {
    expect(
      issuesOf(
        base(
          [],
          [
            { id: "x", slug: "s", name: "X" },
            { id: "y", slug: "s", name: "Y" },
          ],
        ),
      ),
    ).toEqual(['emulator.yaml: catalog.destinations.1.slug: slug "s" appears twice']);
    expect(issuesOf(base([{ id: "web" }, { id: "b", slug: "web" }]))).toEqual([
      'emulator.yaml: workspaces.0.sources.1.slug: slug "web" appears twice',
    ]);
  });
});
