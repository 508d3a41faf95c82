import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../src/emulator/index.js";
import { createLogger } from "../../src/log.js";
import { testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { request as httpRequest } from "node:http";
import { envelopeProblem, rawRequest, type RawReply, type RawRequest } from "./raw-http.js";

const AUTH: [string, string] = ["Authorization", `Bearer ${TEST_TOKEN}`];

describe("emulator: every reply of every path carries the envelope and is logged", () => {
  let emulator: RunningEmulator;
  let logged: Array<{ msg?: string; status?: number; method?: string; url?: string }> = [];
  /** Woken on each log line: the request's line is written when its reply finishes, after the client may have it. */
  const waiting: Array<() => void> = [];
  async function requestLogged(): Promise<void> {
    while (!logged.some((l) => l.msg === "request")) await new Promise<void>((wake) => waiting.push(wake));
  }
  beforeAll(async () => {
    const destination = {
      write: (line: string) => {
        logged.push(JSON.parse(line) as (typeof logged)[number]);
        for (const wake of waiting.splice(0)) wake();
      },
    };
    emulator = await startEmulator({
      port: 0,
      config: { workspaces: [testWorkspace()] },
      logger: createLogger({ level: "info", destination }),
    });
  });
  afterAll(() => emulator.close());

  /** Sends, checks the envelope, and checks that exactly this reply was logged with its status. */
  async function send(request: RawRequest): Promise<RawReply> {
    logged = [];
    const outcome = await rawRequest(emulator.url, request);
    if (!outcome.ok) throw new Error(`no reply: ${outcome.error}`);
    expect(envelopeProblem(request.method, outcome.reply)).toBeUndefined();
    await requestLogged();
    expect(logged.filter((l) => l.msg === "request").map((l) => l.status)).toEqual([outcome.reply.status]);
    return outcome.reply;
  }

  const errorOf = (reply: RawReply) =>
    (JSON.parse(reply.body) as { errors: Array<{ type: string; field?: string; message: string }> }).errors[0]!;

  it("bad percent-encoding in the path is a 400 envelope", async () => {
    const reply = await send({ method: "GET", target: "/transformations/%zz", headers: [AUTH] });
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ type: "BadRequest", message: expect.stringContaining("percent-encoding") });
  });

  it("an id over 255 characters is a 404 envelope on GET, PATCH and DELETE", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const reply = await send({
        method,
        target: `/transformations/${"a".repeat(256)}`,
        headers: [AUTH, ["Content-Type", "application/json"]],
        body: method === "PATCH" ? "{}" : undefined,
      });
      expect(reply.status).toBe(404);
      expect(errorOf(reply).type).toBe("NotFound");
    }
    const huge = await send({ method: "GET", target: `/transformations/${"b".repeat(6000)}`, headers: [AUTH] });
    expect(huge.status).toBe(404);
    expect(errorOf(huge).message.length).toBeLessThan(200); // the id is shortened in the message
  });

  it("headers over 16 KB are a 431 envelope", async () => {
    const reply = await send({ method: "GET", target: "/transformations", headers: [AUTH, ["X-Big", "x".repeat(20_000)]] });
    expect(reply.status).toBe(431);
    expect(errorOf(reply).type).toBe("RequestHeaderFieldsTooLarge");
  });

  it("a malformed request line or chunked body is a 400 envelope", async () => {
    const method = await send({ method: "BREW", target: "/", headers: [AUTH] });
    expect(method.status).toBe(400);
    const chunks = await send({
      method: "POST",
      target: "/transformations",
      headers: [AUTH, ["Transfer-Encoding", "chunked"]],
      rawBody: "zz\r\n{}\r\n0\r\n\r\n",
    });
    expect(chunks.status).toBe(400);
  });

  it("body parser errors are envelopes: not JSON, a bad content type, a bad content length", async () => {
    const notJson = await send({
      method: "POST",
      target: "/transformations",
      headers: [AUTH, ["Content-Type", "application/json"]],
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    const badType = await send({ method: "POST", target: "/transformations", headers: [AUTH, ["Content-Type", ";;;"]], body: "{}" });
    expect(badType.status).toBe(422); // parsed as JSON like any other type: "{}" lacks the required fields
    const badLength = await send({ method: "POST", target: "/transformations", headers: [AUTH, ["Content-Length", "abc"]], body: "{}" });
    expect(badLength.status).toBe(400);
  });

  it("a deep JSON pagination value is a 422 naming the field", async () => {
    const deep = encodeURIComponent(`{"count":${"[".repeat(1500)}${"]".repeat(1500)}}`);
    const reply = await send({ method: "GET", target: `/transformations?pagination=${deep}`, headers: [AUTH] });
    expect(reply.status).toBe(422);
    expect(errorOf(reply).field).toBe("pagination.count");
    const objectCount = await send({
      method: "GET",
      target: `/transformations?pagination=${encodeURIComponent('{"count":{"toString":1}}')}`,
      headers: [AUTH],
    });
    expect(objectCount.status).toBe(422);
  });

  it("a 10 MB body against the 1 MiB limit gets a readable 413 (Content-Length and chunked)", async () => {
    const sized = await send({
      method: "POST",
      target: "/transformations",
      headers: [AUTH, ["Content-Type", "application/json"]],
      bodyBytes: 10 * 1024 * 1024,
    });
    expect(sized.status).toBe(413);
    expect(errorOf(sized).type).toBe("PayloadLimitError");
    // A client that writes the whole body before reading (node:http) must not see EPIPE/ECONNRESET.
    for (let i = 0; i < 3; i++)
      expect(await postWhole(emulator.url, 10 * 1024 * 1024)).toMatchObject({ status: 413, type: "PayloadLimitError" });
    const chunked = await send({
      method: "POST",
      target: "/transformations",
      headers: [AUTH, ["Content-Type", "application/json"]],
      bodyBytes: 3 * 1024 * 1024,
      chunked: true,
    });
    expect(chunked.status).toBe(413);
  });

  // The 408 is the server's own answer (BODY_IDLE_MS), not the client giving up: no clock needed to tell.
  it("a body that stops arriving is a 408 envelope, not a connection held for minutes", async () => {
    // After an Upgrade header node stops parsing the chunked body: the body never ends.
    const reply = await send({
      method: "DELETE",
      target: "/transformations/x",
      headers: [AUTH, ["Upgrade", "websocket"], ["Connection", "Upgrade"], ["Transfer-Encoding", "chunked"]],
      rawBody: "2\r\n{}\r\nq\r\n",
    });
    expect(reply.status).toBe(408);
    expect(errorOf(reply).type).toBe("RequestTimeout");
  });

  it("CONNECT and an unmet Expect are envelopes too", async () => {
    const connectReply = await send({ method: "CONNECT", target: "localhost:443", headers: [AUTH] });
    expect(connectReply.status).toBe(405);
    const expectReply = await send({ method: "GET", target: "/", headers: [AUTH, ["Expect", "something-else"]] });
    expect(expectReply.status).toBe(417);
  });
});

/**
 * POST of `bytes` in one write with node:http; resolves with the reply's status and error type, or the
 * client error. It settles on the request's 'close' (after the reply ended or the connection failed),
 * so a write error that comes after the reply is seen: an event, not a wait of some milliseconds.
 */
function postWhole(baseUrl: string, bytes: number): Promise<{ status?: number; type?: string; error?: string }> {
  return new Promise((done) => {
    const body = Buffer.alloc(bytes, 0x20);
    const headers = { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json", "content-length": body.length };
    let failed: { error: string } | undefined;
    let replied: { status?: number; type?: string } | undefined;
    const req = httpRequest(`${baseUrl}/transformations`, { method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on(
        "end",
        () => (replied = { status: res.statusCode, type: (JSON.parse(text) as { errors: Array<{ type: string }> }).errors[0]?.type }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) => (failed = { error: error.code ?? error.message }));
    req.on("close", () => done(failed ?? replied ?? { error: "closed without a reply" }));
    req.end(body);
  });
}
