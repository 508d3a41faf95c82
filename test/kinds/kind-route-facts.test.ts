import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import type { KindField, KindRoutes, ResourceKind } from "../../src/kinds/kind.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { call } from "../emulator/http.js";
import { WIDGET } from "./toy-kind.js";

const SOURCE_ID: KindField = {
  required: true,
  returned: "always",
  compare: "scalar",
  clearedWith: "not clearable",
  schema: { value: { type: "string" } },
};

/** What a kind with routes of its own says in its descriptor: every fact the generic routes read (src/kinds/kind.ts, KindRoutes). */
const SPROCKET_ROUTES: KindRoutes = {
  idParam: "sprocketId",
  noun: "Sprocket",
  feature: "SPROCKETS",
  references: { sourceId: "source" },
  audit: {
    resourceType: "Sprocket",
    created: "Sprocket Created",
    updated: (current, next) => (current.name === next.name ? "Sprocket Recolored" : "Sprocket Renamed"),
    deleted: "Sprocket Deleted",
  },
  patchNullsPerCompat: true,
  body: {
    check: (body, mode) =>
      typeof body === "object" && body !== null && "id" in body ? [{ field: "id", message: `"id" cannot be sent (${mode})` }] : [],
  },
  rules: (object) => (object.name === "Forbidden" ? [{ field: "name", message: `"name" must not be Forbidden` }] : []),
};

/** The toy Widget scoped by a source, with routes facts of its own: no route file, no edit outside its descriptor. */
const SPROCKET: ResourceKind = {
  ...WIDGET,
  name: "Sprocket",
  fields: { ...WIDGET.fields, sourceId: SOURCE_ID },
  identity: { name: "name", scope: "sourceId" },
  api: { collection: "/sprockets", listKey: "sprockets", itemKey: "sprocket" },
  emulator: {
    ...WIDGET.emulator,
    idPrefix: "spr_",
    stored: (input) => ({ ...WIDGET.emulator.stored(input), sourceId: input.sourceId }),
    updated: (current, patch) => ({ ...WIDGET.emulator.updated(current, patch), sourceId: patch.sourceId ?? current.sourceId }),
    reply: (stored) => ({ ...WIDGET.emulator.reply(stored, "single"), sourceId: stored.sourceId }),
    routes: SPROCKET_ROUTES,
  },
  labels: { singular: "sprocket", plural: "sprockets" },
};

describe("a kind's routes facts (emulator.routes: KindRoutes), served by src/emulator/routes/kinds.ts from the descriptor alone", () => {
  let unregister: () => void;
  let emulator: RunningEmulator | undefined;
  beforeAll(() => {
    unregister = registerKind(SPROCKET);
  });
  afterAll(() => unregister());
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });
  const start = async (features?: string[]) => {
    const sources = [{ id: "src_web", slug: "web" }];
    emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), sources, ...(features ? { features } : {}) }] });
    return emulator;
  };

  it("serves the id's path parameter, checks the body, the rules and the referenced source, and records the audit events it names", async () => {
    const e = await start(["EVENT_GOVERNANCE", "SPROCKETS"]);
    expect(e.knownPaths().map((p) => p.path)).toContain("/sprockets/:sprocketId");
    const refused = await call(e, "POST", "/sprockets", { body: { id: "x", name: "Forbidden", sourceId: "src_web" } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((err: { field?: string }) => err.field)).toEqual(["id", "name"]);
    const elsewhere = await call(e, "POST", "/sprockets", { body: { name: "Gear", sourceId: "src_gone" } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.errors[0]).toMatchObject({ type: "NotFound", field: "sourceId" });

    const made = await call(e, "POST", "/sprockets", { body: { name: "Gear", sourceId: "src_web", colors: ["red"] } });
    expect(made.status).toBe(200);
    const id = made.body.data.sprocket.id as string;
    expect(id).toMatch(/^spr_/);
    const renamedToForbidden = await call(e, "PATCH", `/sprockets/${id}`, { body: { name: "Forbidden" } });
    expect(renamedToForbidden.status).toBe(422);
    expect((await call(e, "PATCH", "/sprockets/spr_none", { body: { name: "Cog" } })).body.errors[0].message).toBe(
      'no Sprocket with id "spr_none"',
    );
    expect((await call(e, "PATCH", `/sprockets/${id}`, { body: { colors: ["blue"] } })).status).toBe(200);
    expect((await call(e, "PATCH", `/sprockets/${id}`, { body: { name: "Cog" } })).status).toBe(200);
    expect((await call(e, "DELETE", `/sprockets/${id}`)).status).toBe(200);

    const trail = await call(e, "GET", `/audit-events?resourceId=${id}`);
    expect(trail.body.data.events.map((ev: { type: string }) => ev.type).reverse()).toEqual([
      "Sprocket Created",
      "Sprocket Recolored",
      "Sprocket Renamed",
      "Sprocket Deleted",
    ]);
    expect(trail.body.data.events[0]).toMatchObject({ resourceType: "sprocket", resourceName: "Cog" });
  });

  it("follows compat.patchNull for PATCH's nulls, and needs the feature it names (401 without it)", async () => {
    const e = await start(["EVENT_GOVERNANCE", "SPROCKETS"]);
    const id = (await call(e, "POST", "/sprockets", { body: { name: "Gear", sourceId: "src_web" } })).body.data.sprocket.id as string;
    e.setCompat({ patchNull: "reject" });
    const nulled = await call(e, "PATCH", `/sprockets/${id}`, { body: { colors: null } });
    expect(nulled.status).toBe(422);
    expect(nulled.body.errors[0].field).toBe("colors");
    await e.close();

    const without = await start(["EVENT_GOVERNANCE"]);
    const refused = await call(without, "GET", "/sprockets");
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]).toMatchObject({ type: "FeatureNotEnabled" });
    expect((await call(without, "GET", "/transformations")).status).toBe(200);
  });
});
