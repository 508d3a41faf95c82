import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { ValidationError } from "../../src/errors.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call, create } from "./http.js";

const APPLY_TOKEN = "apply-token";
const PERSON_TOKEN = "person-token";
const READ_TOKEN = "read-token";

interface Event {
  id: string;
  type: string;
  actor: string;
  actorEmail?: string;
  resourceId: string;
  resourceType: string;
  resourceName: string;
  timestamp: string;
}

const events = async (emulator: RunningEmulator, query = ""): Promise<Event[]> => {
  const reply = await call(emulator, "GET", `/audit-events${query}`, { token: READ_TOKEN });
  expect(reply.status).toBe(200);
  return reply.body.data.events as Event[];
};

const cursorOf = (cursor: string): { pageToken: string; endTime: string } =>
  JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { pageToken: string; endTime: string };

describe("emulator audit trail (compat.audit: segment, the default)", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          id: "ws_audit",
          slug: "audit",
          name: "Audit",
          tokens: [APPLY_TOKEN, { value: PERSON_TOKEN, actor: "users/U1", actorEmail: "a@x.io" }],
          readOnlyTokens: [READ_TOKEN],
        },
      ],
    });
  });
  afterAll(() => emulator.close());

  it("records the actor (and e-mail) of the token that wrote, in Segment's shape, newest first", async () => {
    const id = (await create(emulator, { name: "Audited" }, APPLY_TOKEN)).body.data.transformation.id as string;
    const patched = await call(emulator, "PATCH", `/transformations/${id}`, { body: { enabled: false }, token: PERSON_TOKEN });
    expect(patched.status).toBe(200);
    const reply = await call(emulator, "GET", `/audit-events?resourceId=${id}`, { token: READ_TOKEN });
    const [updated, created] = reply.body.data.events as Event[];
    expect(updated).toEqual({
      id: expect.stringMatching(/^events\/\d+$/),
      timestamp: expect.any(String),
      type: "Transformation Updated",
      actor: "users/U1",
      actorEmail: "a@x.io",
      resourceId: id,
      resourceType: "transformation",
      resourceName: "Audited",
    });
    expect(created).toMatchObject({ type: "Transformation Created", actor: "public-api-token/1" });
    expect(created).not.toHaveProperty("actorEmail");
    expect(Number(updated!.id.slice("events/".length))).toBeGreaterThan(Number(created!.id.slice("events/".length)));
    expect(reply.body.data.pagination).not.toHaveProperty("totalEntries");
    for (const token of [APPLY_TOKEN, PERSON_TOKEN, READ_TOKEN]) expect(JSON.stringify(reply.body)).not.toContain(token);
  });

  it("filters by resourceId, resourceType (any case), startTime and endTime", async () => {
    const a = (await create(emulator, { name: "A" }, APPLY_TOKEN)).body.data.transformation.id as string;
    const b = (await create(emulator, { name: "B" }, APPLY_TOKEN)).body.data.transformation.id as string;
    expect((await events(emulator, `?resourceId=${a}`)).map((e) => e.resourceName)).toEqual(["A"]);
    expect((await events(emulator, `?resourceId=${b}&resourceType=Transformation`)).map((e) => e.resourceName)).toEqual(["B"]);
    expect(await events(emulator, `?resourceId=${a}&resourceType=source`)).toEqual([]);
    expect(await events(emulator, `?resourceId=${a}&startTime=2999-01-01T00:00:00Z`)).toEqual([]);
    expect(await events(emulator, `?resourceId=${a}&endTime=2000-01-01T00:00:00Z`)).toEqual([]);
    const window = `startTime=2000-01-01T00:00:00Z&endTime=2999-01-01T00:00:00Z`;
    expect((await events(emulator, `?resourceId=${a}&${window}`)).map((e) => e.resourceName)).toEqual(["A"]);
  });

  it("answers 422 naming the field for a date it cannot read, and for a cursor it did not issue", async () => {
    for (const [query, field] of [
      ["startTime=yesterday", "startTime"],
      ["endTime=2026-13-45", "endTime"],
      ["pagination.cursor=MA%3D%3D", "pagination.cursor"],
      [
        `pagination.cursor=${encodeURIComponent(Buffer.from('{"pageToken":"MA==","endTime":"soon"}').toString("base64"))}`,
        "pagination.cursor",
      ],
    ]) {
      const reply = await call(emulator, "GET", `/audit-events?${query}`, { token: READ_TOKEN });
      expect(reply.status, query).toBe(422);
      expect(reply.body.errors[0].field, query).toBe(field);
    }
  });

  it("a walk's cursors pin its endTime and first event: an event written mid-walk shifts none of its pages", async () => {
    const walked = await startTestEmulator();
    try {
      for (const name of ["One", "Two", "Three"]) await create(walked, { name });
      const first = await call(walked, "GET", "/audit-events?pagination.count=1");
      expect(first.body.data.events.map((e: Event) => e.resourceName)).toEqual(["Three"]);
      const pinned = cursorOf(first.body.data.pagination.current as string).endTime;
      await create(walked, { name: "Four" }); // written during the walk
      const names: string[] = [];
      let next = first.body.data.pagination.next as string | undefined;
      while (next !== undefined) {
        const page = await call(walked, "GET", `/audit-events?pagination.count=1&pagination.cursor=${encodeURIComponent(next)}`);
        expect(cursorOf(page.body.data.pagination.current as string).endTime).toBe(pinned);
        names.push(...page.body.data.events.map((e: Event) => e.resourceName));
        next = page.body.data.pagination.next as string | undefined;
      }
      expect(names).toEqual(["Two", "One"]);
      const fresh = await call(walked, "GET", "/audit-events?pagination.count=1");
      expect(fresh.body.data.events.map((e: Event) => e.resourceName)).toEqual(["Four"]);
    } finally {
      await walked.close();
    }
  });

  it("an endTime asked for is the walk's: its cursors carry it", async () => {
    const reply = await call(emulator, "GET", "/audit-events?pagination.count=1&endTime=2999-01-01T00:00:00Z", { token: READ_TOKEN });
    expect(cursorOf(reply.body.data.pagination.current as string).endTime).toBe("2999-01-01T00:00:00.000Z");
  });
});

describe("emulator audit trail, compat.audit: legacy", () => {
  it("keeps the former shape: random ids, oldest first, resourceType Transformation", async () => {
    const emulator = await startTestEmulator({ compat: { audit: "legacy" } });
    try {
      for (const name of ["One", "Two"]) await create(emulator, { name });
      const reply = await call(emulator, "GET", "/audit-events");
      const listed = reply.body.data.events as Event[];
      expect(listed.map((e) => e.resourceName)).toEqual(["One", "Two"]);
      expect(listed[0]).toMatchObject({ resourceType: "Transformation", id: expect.stringMatching(/^[A-Za-z0-9]{27}$/) });
      expect(reply.body.data.pagination.totalEntries).toBe(2);
    } finally {
      await emulator.close();
    }
  });
});

describe("emulator token objects in the config", () => {
  const workspace = (tokens: unknown[]): unknown => ({ workspaces: [{ id: "ws", slug: "ws", name: "W", tokens }] });
  const issuesOf = (config: unknown): string[] => {
    try {
      checkEmulatorConfig(config);
    } catch (error) {
      if (error instanceof ValidationError) return error.issues.map((i) => `${i.where}: ${i.message}`);
      throw error;
    }
    return [];
  };

  it("needs value and actor, and counts an object's value among the tokens given twice (never echoing it)", () => {
    expect(issuesOf(workspace(["t1", { value: "t2", actor: "users/U1", actorEmail: "a@x.io" }]))).toEqual([]);
    expect(issuesOf(workspace([{ value: "t2" }]))).toEqual(["emulator config: workspaces.0.tokens.0.actor: is required"]);
    const twice = issuesOf(workspace(["secret-1", { value: "secret-1", actor: "users/U1" }]));
    expect(twice).toEqual([expect.stringMatching(/workspaces\.0\.tokens\.1: this token is already given elsewhere$/)]);
    expect(twice.join("\n")).not.toContain("secret-1");
  });
});
