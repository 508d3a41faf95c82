import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempProject } from "../helpers/project.js";
import { closeLocally, listenLocally } from "../helpers/local-server.js";

/**
 * `transync comment` talks to GitHub (or GITHUB_API_URL, a GitHub Enterprise server) with the same
 * bounds as the Segment client: a timeout per request, the whole reply included; a cap on a reply's
 * body; and a list of comments that ends (no page twice, a bounded number of pages).
 */
const TOKEN = "ghs_boundsTokenValue123";
let server: Server | undefined;
let requests = 0;
let posts = 0;

async function github(handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void): Promise<string> {
  requests = 0;
  posts = 0;
  const started = await listenLocally((req, res) => {
    requests += 1;
    if (req.method !== "GET") posts += 1;
    req.resume();
    handler(req, res, new URL(req.url ?? "/", "http://x"));
  });
  server = started.server;
  return started.url;
}

afterEach(async () => {
  await closeLocally(server);
  server = undefined;
});

async function run(url: string, ...extra: string[]) {
  const project = tempProject({ "plan.md": "## transync plan\n" });
  try {
    const env = { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "acme/x", GITHUB_API_URL: url };
    return await runCli(["comment", "--pr", "1", "--file", "plan.md", ...extra], { env, cwd: project.dir });
  } finally {
    project.cleanup();
  }
}

function page(res: ServerResponse, next: string | undefined, body: unknown = [{ id: 1, body: "someone else" }]): void {
  res.writeHead(200, { "content-type": "application/json", ...(next ? { link: `<${next}>; rel="next"` } : {}) });
  res.end(JSON.stringify(body));
}

describe("transync comment: bounded replies from GitHub", () => {
  // The server never answers: only the timeout can end the run (without it, this test would run into its own timeout).
  it("a server that never answers: --timeout cuts each request; exit 1 naming the timeout", async () => {
    const url = await github(() => undefined);
    const res = await run(url, "--timeout", "0.5");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/timed out/);
    expect(res.stdout + res.stderr).not.toContain(TOKEN);
  });

  it("a next link that comes back (a cycle): exit 1 after the second page, nothing posted", async () => {
    const url = await github((req, res, u) => (req.method === "GET" ? page(res, `${url}${u.pathname}?page=1`) : page(res, undefined, {})));
    const res = await run(url);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/pages? .*cycle|came back/);
    expect(requests).toBeLessThanOrEqual(3);
    expect(posts).toBe(0);
  });

  it("endless fresh pages: stops at the page bound, exit 1, nothing posted", async () => {
    let n = 0;
    const url = await github((req, res) =>
      req.method === "GET" ? page(res, `${url}/repos/acme/x/issues/1/comments?page=${(n += 1) + 1}`) : page(res, undefined, {}),
    );
    const res = await run(url);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/GET \/repos\/acme\/x\/issues\/1\/comments: .*goes on past 1000 pages/);
    expect(requests).toBeLessThanOrEqual(1001);
    expect(posts).toBe(0);
  });

  it("an endless body: cut at the cap, exit 1", async () => {
    const url = await github((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      const chunk = `${JSON.stringify({ id: 1, body: "x".repeat(60_000) })},`;
      const go = (): void => {
        while (!res.destroyed && res.write(chunk)) {
          /* keep writing */
        }
        if (!res.destroyed) res.once("drain", go);
      };
      go();
    });
    const res = await run(url);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/GET \/repos\/acme\/x\/issues\/1\/comments: .*page 1's reply is over 32 MiB, the bound of one page/);
    expect(posts).toBe(0);
  });
});
