import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { closeLocally, listenLocally } from "../helpers/local-server.js";
import { tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * The comment pages of a pull request (GitHub) and the notes of a merge request (GitLab) are read
 * within the byte and object budget of every list walk (issue 33, finding 2; src/live/list-budget.ts):
 * a server answering endless pages of 1 MiB stops the walk with an error naming the endpoint, exit 1,
 * nothing posted, and memory stays far below 300 MB. The fake ends its list after PAGES pages (more
 * than the 64 MiB budget) so that, without the bound, the run ends by itself (and posts: exit 0).
 */
const MIB = 1024 * 1024;
const PAGES = 80;
const MEMORY_LIMIT = 300 * MIB;
/** Tens of MiB go through a socket and JSON.parse: room for a machine under load (no assertion on time). */
const SLOW_TEST_MS = 120_000;
/** One page of about 1 MiB: 10 comments of 100 KB, none with transync's marker. */
const PAGE = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ id: i + 1, body: "x".repeat(100_000), user: { login: "someone" } })));

let server: Server | undefined;
afterEach(async () => {
  await closeLocally(server);
  server = undefined;
});

interface Served {
  url: string;
  pages: number;
  posts: number;
  grown: () => number;
}

/** A code host whose list answers PAGE with a fresh next page until PAGES; `next` writes the header naming it. */
async function codeHost(next: (res: ServerResponse, url: string, page: number) => void): Promise<Served> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const served: Served = { url: "", pages: 0, posts: 0, grown: () => Math.max(peak, process.memoryUsage().rss) - baseline };
  const started = await listenLocally((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    peak = Math.max(peak, process.memoryUsage().rss);
    if (req.method !== "GET") {
      served.posts += 1;
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: 99, html_url: "https://example.com/c/99" }));
      return;
    }
    served.pages += 1;
    const headers = { "content-type": "application/json" };
    res.statusCode = 200;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (served.pages < PAGES) next(res, served.url, served.pages + 1);
    res.end(PAGE);
  });
  server = started.server;
  served.url = started.url;
  return served;
}

async function comment(args: string[], env: NodeJS.ProcessEnv) {
  const project = tempProject({ "plan.md": "## transync plan\n" });
  try {
    return await runCli(["comment", ...args, "--file", "plan.md"], { env, cwd: project.dir });
  } finally {
    project.cleanup();
  }
}

describe("comment pages without end", () => {
  it(
    "GitHub: exit 1 naming GET /repos/…/issues/1/comments at the byte budget; nothing posted; under 300 MB",
    async () => {
      const host = await codeHost((res, url, page) =>
        res.setHeader("link", `<${url}/repos/acme/x/issues/1/comments?page=${page}>; rel="next"`),
      );
      const res = await comment(["--pr", "1"], { GITHUB_TOKEN: "ghs_budget", GITHUB_REPOSITORY: "acme/x", GITHUB_API_URL: host.url });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/GET \/repos\/acme\/x\/issues\/1\/comments: the list is larger than one read may be: .*64 MiB/);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(host.posts).toBe(0);
      expect(host.pages).toBeLessThan(PAGES);
      expect(host.grown()).toBeLessThan(MEMORY_LIMIT);
    },
    SLOW_TEST_MS,
  );

  it(
    "GitLab: exit 1 naming GET /projects/42/merge_requests/7/notes at the byte budget; nothing posted; under 300 MB",
    async () => {
      const host = await codeHost((res, _url, page) => res.setHeader("x-next-page", String(page)));
      const env = { GITLAB_TOKEN: "glpat-budget", CI_API_V4_URL: `${host.url}/api/v4`, CI_PROJECT_ID: "42", CI_MERGE_REQUEST_IID: "7" };
      const res = await comment(["--gitlab"], env);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/GET \/projects\/42\/merge_requests\/7\/notes: the list is larger than one read may be: .*64 MiB/);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(host.posts).toBe(0);
      expect(host.pages).toBeLessThan(PAGES);
      expect(host.grown()).toBeLessThan(MEMORY_LIMIT);
    },
    SLOW_TEST_MS,
  );
});
