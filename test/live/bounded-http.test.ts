import { afterEach, describe, expect, it } from "vitest";
import { NetworkError, UnknownOutcomeError } from "../../src/errors.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject } from "../helpers/project.js";
import { ScriptedApi, type Reply } from "../helpers/scripted-api.js";
import { failureOf, makeApi, TOKEN } from "./helpers.js";

let running: ScriptedApi | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A local server answering every request with `reply`; `server.streamed` is how much of its endless part it managed to send. */
async function serve(reply: Reply): Promise<{ url: string; server: ScriptedApi }> {
  running = new ScriptedApi().route("*", /.*/, reply);
  return { url: await running.start(), server: running };
}

/** Headers at once, then one byte every 20 ms for ever. */
const dripForever: Reply = { body: '{"data":{"transformations":[', endless: { chunk: " ", everyMs: 20 } };

describe("bounded HTTP", () => {
  it("plan --timeout SECONDS bounds each request of a slow-drip server", async () => {
    const drip = await serve(dripForever);
    const project = tempProject({ "transformations/.keep": "" });
    try {
      const res = await runCli(["plan", "--api-url", drip.url, "--timeout", "0.3", "--max-retries", "0"], {
        env: { SEGMENT_API_TOKEN: TOKEN },
        cwd: project.dir,
      });
      expect(res.code).toBe(1);
      // The drip never ends: only a timeout ends the request, and the message names the one the flag set (the default is 30 s).
      expect(res.stderr).toContain("request timed out (timeout 0.3 s) after 1 attempt(s)");
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
    const { api } = makeApi(drip.url, { timeoutMs: 300, maxRetries: 1 });
    const error = await failureOf(api.listPage());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("request timed out (timeout 0.3 s)");
    expect(error.message).toContain("2 attempt(s)");
    expect(drip.server.streamed).toBeGreaterThan(0); // the body did start: the timeout covered it
  });

  it("a gzip bomb fails fast once the decompressed reply passes the cap, with bounded reading", async () => {
    // Endless: 1 MiB of spaces each time the compressor wants more, until the client gives up.
    const bomb = await serve({
      gzip: true,
      body: '{"data":{"transformations":[',
      endless: { chunk: Buffer.alloc(1024 * 1024, 0x20), upToBytes: 4 * 1024 ** 3 },
    });
    const { api } = makeApi(bomb.url, { maxReplyBytes: 4 * 1024 * 1024, timeoutMs: 60_000 });
    const rssBefore = process.memoryUsage().rss;
    // The cap, not the 60 s timeout, ends it: the message says which.
    const error = await failureOf(api.listPage());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("over the 4 MiB cap");
    // The server fed a few MiB into gzip (plus socket buffers), never the 4 GiB it was ready to send.
    expect(bomb.server.streamed).toBeLessThan(256 * 1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  it("an endless plain body stops at the default 32 MiB cap and is not retried", async () => {
    const huge = await serve({ body: "", endless: { chunk: Buffer.alloc(64 * 1024, 0x20) } });
    // A long timeout: on a busy machine reading 32 MiB may take seconds, and a timeout would be retried.
    const { api } = makeApi(huge.url, { timeoutMs: 60_000 });
    const error = await failureOf(api.get("x"));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("over the 32 MiB cap");
    expect(error.message).toContain("1 attempt(s)");
    expect(huge.server.streamed).toBeLessThan(64 * 1024 * 1024);
  });

  it("a declared Content-Length over the cap fails before reading the body", async () => {
    const declared = await serve({ headers: { "content-length": String(100 * 1024 * 1024) }, body: "{        }", partial: "hang" });
    // The body never completes, so only the declared length can end this before the 60 s timeout.
    const { api } = makeApi(declared.url, { maxReplyBytes: 1024 * 1024, timeoutMs: 60_000 });
    expect((await failureOf(api.get("x"))).message).toContain("over the 1 MiB cap");
  });

  it("an oversize reply to a POST is an unknown outcome (the server may have created it)", async () => {
    const big = await serve({ body: " ".repeat(2 * 1024 * 1024) });
    const { api } = makeApi(big.url, { maxReplyBytes: 1024 * 1024 });
    expect(await failureOf(api.create({ name: "a", sourceId: "s", enabled: true, if: "event='a'" }))).toBeInstanceOf(UnknownOutcomeError);
  });
});
