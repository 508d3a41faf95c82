import { METHODS, request } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnownPath, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

/** Every method node can send (CONNECT is answered on the socket: docs/emulator.md, Errors). */
const ALL_METHODS = METHODS.filter((m) => m !== "CONNECT");

interface RawReply {
  status: number;
  allow: string | undefined;
  body: string;
}

function send(emulator: RunningEmulator, method: string, path: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${emulator.url}${path}`, { method, headers: { authorization: `Bearer ${TEST_TOKEN}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A path of the table made concrete: each parameter becomes one segment. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "x1");

/** The Routes table of docs/emulator.md, as `METHOD /path` with fastify's parameter form. */
function documentedRoutes(): string[] {
  const doc = readFileSync("docs/emulator.md", "utf8");
  const table = doc.slice(doc.indexOf("## Routes"), doc.indexOf("\n## ", doc.indexOf("## Routes") + 1));
  return [...table.matchAll(/^\| \w+ \| `([A-Z]+) (\/[^`]*)` \|/gm)].map((m) => `${m[1]} ${m[2]!.replace(/\{(\w+)\}/g, ":$1")}`).sort();
}

describe("405 with Allow for every known path and every method it does not answer", () => {
  let emulator: RunningEmulator;
  let known: KnownPath[];
  beforeAll(async () => {
    emulator = await startTestEmulator();
    known = emulator.knownPaths();
  });
  afterAll(() => emulator.close());

  it("the known paths are the routes docs/emulator.md lists, and only those", () => {
    const served = known.flatMap((k) => k.methods.map((m) => `${m} ${k.path}`)).sort();
    expect(served).toEqual(documentedRoutes());
  });

  it("walks every known path × every method: the others are 405, Allow names exactly the path's methods", async () => {
    const wrong: string[] = [];
    for (const { path, methods } of known) {
      for (const method of ALL_METHODS.filter((m) => !methods.includes(m))) {
        const reply = await send(emulator, method, concrete(path));
        const envelope = method === "HEAD" || /"type":"MethodNotAllowed"/.test(reply.body);
        if (reply.status !== 405 || reply.allow !== methods.join(", ") || !envelope)
          wrong.push(`${method} ${concrete(path)}: ${reply.status}, Allow ${reply.allow ?? "(none)"}, ${reply.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the methods a path answers are never a 405, and a body that does not parse on an unserved method is still the 405", async () => {
    for (const { path, methods } of known)
      for (const method of methods) expect((await send(emulator, method, concrete(path))).status, `${method} ${path}`).not.toBe(405);
    const broken = await fetch(`${emulator.url}/sources`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect([broken.status, broken.headers.get("allow")]).toEqual([405, "GET"]);
  });
});
