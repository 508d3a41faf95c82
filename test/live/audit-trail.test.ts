import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, ListBudgetError } from "../../src/errors.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { readAuditTrail, type AuditTrailReader } from "../../src/live/audit-trail.js";
import type { AuditEvent } from "../../src/model/transformation.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { failureOf, makeApi, useScriptedApi } from "./helpers.js";

const APPLY_TOKEN = "apply-token";
const PERSON_TOKEN = "person-token";
const SINCE = "2000-01-01T00:00:00Z";

describe("readAuditTrail against the emulator over HTTP", () => {
  let emulator: RunningEmulator;
  let applier: ReturnType<typeof makeApi>["api"];
  let person: ReturnType<typeof makeApi>["api"];
  let a = "";

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          id: "ws_audit",
          slug: "audit",
          name: "Audit",
          tokens: [APPLY_TOKEN, { value: PERSON_TOKEN, actor: "users/U1", actorEmail: "a@x.io" }],
        },
      ],
    });
    applier = makeApi(emulator.url, { token: APPLY_TOKEN }).api;
    person = makeApi(emulator.url, { token: PERSON_TOKEN }).api;
    const input = { sourceId: "src_web", enabled: true, if: "event = 'A'", newEventName: "B" };
    a = (await applier.create({ ...input, name: "A" })).id;
    await applier.create({ ...input, name: "Other" });
    await person.update(a, { enabled: false });
    await applier.update(a, { enabled: true });
  });
  afterAll(() => emulator.close());

  it("gives one resource's events in the window, newest first, typed with who made them", async () => {
    const events = await readAuditTrail(applier, { resourceId: a, startTime: SINCE }, { pageSize: 1 });
    expect(events.map(({ type, actor, actorEmail }) => ({ type, actor, actorEmail }))).toEqual([
      { type: "Transformation Updated", actor: "public-api-token/1", actorEmail: undefined },
      { type: "Transformation Updated", actor: "users/U1", actorEmail: "a@x.io" },
      { type: "Transformation Created", actor: "public-api-token/1", actorEmail: undefined },
    ]);
    expect(events[1]).toEqual({
      id: expect.stringMatching(/^events\/\d+$/),
      timestamp: expect.any(String),
      type: "Transformation Updated",
      actor: "users/U1",
      actorEmail: "a@x.io",
      resourceId: a,
      resourceType: "transformation",
      resourceName: "A",
    });
    expect(await readAuditTrail(applier, { resourceId: a, startTime: "2999-01-01T00:00:00Z" })).toEqual([]);
    expect(await readAuditTrail(applier, { resourceId: a, startTime: SINCE, endTime: "2001-01-01T00:00:00Z" })).toEqual([]);
  });

  it("a change written during the walk shifts none of its pages: the walk ends where it began", async () => {
    const before = await readAuditTrail(applier, { resourceId: a, startTime: SINCE });
    let pages = 0;
    const writesMidWalk: AuditTrailReader = {
      listAuditEvents: async (...args) => {
        const page = await applier.listAuditEvents(...args);
        if (++pages === 1) await person.update(a, { enabled: false });
        return page;
      },
    };
    const walked = await readAuditTrail(writesMidWalk, { resourceId: a, startTime: SINCE }, { pageSize: 1 });
    expect(pages).toBe(before.length);
    expect(walked.map((e) => e.id)).toEqual(before.map((e) => e.id));
    const after = await readAuditTrail(applier, { resourceId: a, startTime: SINCE });
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ actor: "users/U1" });
  });
});

describe("readAuditTrail against a server that lies", () => {
  const scripted = useScriptedApi();
  const event = (id: string, resourceId: string, timestamp: string): AuditEvent => ({
    id,
    timestamp,
    type: "Transformation Updated",
    actor: "users/U1",
    resourceId,
    resourceType: "transformation",
    resourceName: "A",
  });
  const page = (events: AuditEvent[], next?: string) => ({
    body: { data: { events, pagination: { current: "c", ...(next ? { next } : {}) } } },
  });

  it("sends the filters, drops what it sent outside them and sorts newest first", async () => {
    scripted.server.route(
      "GET",
      "/audit-events",
      page([
        event("events/1", "tf_a", "2026-01-01T00:00:00Z"),
        event("events/2", "tf_other", "2026-01-02T00:00:00Z"),
        { ...event("events/3", "tf_a", "2026-01-03T00:00:00Z"), actorEmail: null, extra: "dropped" } as unknown as AuditEvent,
        event("events/4", "tf_a", "1999-01-01T00:00:00Z"),
      ]),
    );
    const { api } = makeApi(scripted.url);
    const events = await readAuditTrail(api, { resourceId: "tf_a", startTime: "2025-01-01T00:00:00Z", endTime: "2027-01-01T00:00:00Z" });
    expect(events.map((e) => e.id)).toEqual(["events/3", "events/1"]);
    expect(Object.keys(events[0]!)).toEqual(["id", "timestamp", "type", "actor", "resourceId", "resourceType", "resourceName"]);
    const query = scripted.server.requests[0]!.query;
    expect([query.get("resourceId"), query.get("startTime"), query.get("endTime")]).toEqual([
      "tf_a",
      "2025-01-01T00:00:00Z",
      "2027-01-01T00:00:00Z",
    ]);
  });

  it("stops at the walk's budget when the pages never end, naming the endpoint", async () => {
    let n = 0;
    scripted.server.route("GET", "/audit-events", () => page([event(`events/${++n}`, "tf_a", "2026-01-01T00:00:00Z")], `cursor-${n}`));
    const { api } = makeApi(scripted.url);
    const budget = { maxBytes: 64 * 1024 * 1024, maxPageBytes: 1024 * 1024, maxObjects: 100_000, maxPages: 5 };
    const error = await failureOf(readAuditTrail(api, { resourceId: "tf_a", startTime: SINCE }, { budget }));
    expect(error).toBeInstanceOf(ListBudgetError);
    expect(error.message).toMatch(/^GET \/audit-events: the list is larger than one read may be: it goes on past 5 pages/);
    expect(scripted.server.requests).toHaveLength(5);
  });

  it("refuses a cursor given twice", async () => {
    scripted.server.route("GET", "/audit-events", page([event("events/1", "tf_a", "2026-01-01T00:00:00Z")], "same"));
    const { api } = makeApi(scripted.url);
    const repeated = await failureOf(readAuditTrail(api, { resourceId: "tf_a", startTime: SINCE }));
    expect(repeated).toBeInstanceOf(ApiError);
    expect(repeated.message).toMatch(/cursor of an earlier page again/);
  });

  it("refuses an event whose timestamp is not a time", async () => {
    scripted.server.route("GET", "/audit-events", page([event("events/1", "tf_a", "yesterday")]));
    const { api } = makeApi(scripted.url);
    const error = await failureOf(readAuditTrail(api, { resourceId: "tf_a", startTime: SINCE }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/`timestamp` is not an ISO 8601 time/);
  });
});
