import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError, UnknownOutcomeError } from "../../src/errors.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject } from "../helpers/project.js";
import { makeApi, TOKEN } from "./helpers.js";

/** A local server answering every request with `handler`; tracks how much it managed to send. */
async function serve(handler: (res: ServerResponse, sent: { bytes: number }) => void): Promise<{ url: string; sent: { bytes: number }; server: Server }> {
  const sent = { bytes: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => handler(res, sent));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent, server };
}

let running: Server | undefined;
afterEach(async () => {
  running?.closeAllConnections();
  await new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve()));
  running = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(() => expect.fail("expected a failure"), (e: unknown) => e as Error);
}

/** Writes whenever `into` can take more, until the client goes away: an endless reply. */
function pump(res: ServerResponse, into: NodeJS.EventEmitter, write: () => boolean): void {
  const go = (): void => {
    while (!res.destroyed && write()) {
      /* keep writing while the buffer accepts */
    }
    if (!res.destroyed) into.once("drain", go);
  };
  go();
}

/** Headers at once, then one byte every 20 ms for ever. */
function dripForever(res: ServerResponse, sent: { bytes: number }): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write('{"data":{"transformations":[');
  const timer = setInterval(() => {
    sent.bytes += 1;
    res.write(" ");
  }, 20);
  res.on("close", () => clearInterval(timer));
}

describe("bounded HTTP", () => {
  it("plan --timeout SECONDS bounds each request of a slow-drip server", async () => {
    const drip = await serve(dripForever);
    running = drip.server;
    const project = tempProject({ "transformations/.keep": "" });
    try {
      const started = Date.now();
      const res = await runCli(["plan", "--api-url", drip.url, "--timeout", "0.3", "--max-retries", "0"], { env: { SEGMENT_API_TOKEN: TOKEN }, cwd: project.dir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("timed out after 1 attempt(s)");
      // The drip never ends: without the flag this would take the default 30 s. (Loose: CI machines are busy.)
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      project.cleanup();
    }
  });

  it("--timeout must be a positive number of seconds", async () => {
    const res = await runCli(["plan", "--timeout", "0"], { env: { SEGMENT_API_TOKEN: TOKEN } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("--timeout must be a positive number");
  });

  it("a slow-drip body is cut by --timeout (the whole reply, not only the headers)", async () => {
    const drip = await serve(dripForever);
    running = drip.server;
    const { api } = makeApi(drip.url, { timeoutMs: 300, maxRetries: 1 });
    const started = Date.now();
    const error = await failureOf(api.listPage());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("timed out");
    expect(error.message).toContain("2 attempt(s)");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(drip.sent.bytes).toBeGreaterThan(0); // the body did start: the timeout covered it
  });

  it("a gzip bomb fails fast once the decompressed reply passes the cap, with bounded reading", async () => {
    const zeros = Buffer.alloc(1024 * 1024, 0x20);
    const bomb = await serve((res, sent) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      const gzip = createGzip({ level: 9 });
      gzip.pipe(res);
      gzip.write('{"data":{"transformations":[');
      // Endless: 1 MiB of spaces each time the compressor wants more, until the client gives up.
      pump(res, gzip, () => {
        sent.bytes += zeros.length;
        return gzip.write(zeros) && sent.bytes < 4 * 1024 ** 3;
      });
      res.on("close", () => gzip.destroy());
    });
    running = bomb.server;
    const { api } = makeApi(bomb.url, { maxReplyBytes: 4 * 1024 * 1024, timeoutMs: 60_000 });
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const error = await failureOf(api.listPage());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("over the 4 MiB cap");
    expect(Date.now() - started).toBeLessThan(20_000);
    // The server fed a few MiB into gzip (plus socket buffers), never the 4 GiB it was ready to send.
    expect(bomb.sent.bytes).toBeLessThan(256 * 1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it("an endless plain body stops at the default 32 MiB cap and is not retried", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const huge = await serve((res, sent) => {
      res.writeHead(200, { "content-type": "application/json" });
      pump(res, res, () => {
        sent.bytes += chunk.length;
        return res.write(chunk);
      });
    });
    running = huge.server;
    // A long timeout: on a busy machine reading 32 MiB may take seconds, and a timeout would be retried.
    const { api } = makeApi(huge.url, { timeoutMs: 60_000 });
    const error = await failureOf(api.get("x"));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("over the 32 MiB cap");
    expect(error.message).toContain("1 attempt(s)");
    expect(huge.sent.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("a declared Content-Length over the cap fails before reading the body", async () => {
    const declared = await serve((res, sent) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) });
      sent.bytes += 10;
      res.write("{        }");
    });
    running = declared.server;
    // The body never completes, so only the declared length can end this before the 60 s timeout.
    const { api } = makeApi(declared.url, { maxReplyBytes: 1024 * 1024, timeoutMs: 60_000 });
    const started = Date.now();
    expect((await failureOf(api.get("x"))).message).toContain("over the 1 MiB cap");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("an oversize reply to a POST is an unknown outcome (the server may have created it)", async () => {
    const big = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(" ".repeat(2 * 1024 * 1024));
    });
    running = big.server;
    const { api } = makeApi(big.url, { maxReplyBytes: 1024 * 1024 });
    expect(await failureOf(api.create({ name: "a", sourceId: "s", enabled: true, if: "event='a'" }))).toBeInstanceOf(UnknownOutcomeError);
  });
});
