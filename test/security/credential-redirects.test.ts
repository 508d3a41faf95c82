import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders, Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordAppliedRef } from "../../src/git/applied-ref.js";
import { openGitSource } from "../../src/git/git-source.js";
import { HttpPublicApiReads } from "../../src/live/public-api.js";
import { silentLogger } from "../../src/log.js";
import { commitAll, git } from "../helpers/git.js";
import { GitHttpServer } from "../helpers/git-http-server.js";
import { closeLocally, listenLocally } from "../helpers/local-server.js";
import { tempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { makeApi } from "../live/helpers.js";

/**
 * No credential header follows a redirect to another origin (issue 33, finding 6). Each client talks
 * to a server on 127.0.0.1 that answers every request with a redirect to a second server on another
 * port of 127.0.0.1 (another origin); the second server records the headers of whatever reaches it
 * and must never see the credential: GitHub's `Authorization`, GitLab's `PRIVATE-TOKEN`, the Public
 * API's `Authorization`, and git's `Authorization` (an `http.<origin>.extraHeader`).
 */
const CREDENTIAL_HEADERS = ["authorization", "private-token", "proxy-authorization", "cookie"];
const SECRET = "tok_redirectSecret4242";

interface Recorder {
  url: string;
  server: Server;
  seen: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
}

/** The other origin: records every request and answers as a code host would (an empty list, a created note). */
async function otherOrigin(): Promise<Recorder> {
  const seen: Recorder["seen"] = [];
  const { server, url } = await listenLocally((req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    req.resume();
    const body = req.method === "GET" ? (req.url?.startsWith("/user") ? { id: 1, login: "bot" } : []) : { id: 9, html_url: `${url}/c/9` };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  return { url, server, seen };
}

/** The first origin: every request is answered `status` to the same path on `target`. */
async function redirecting(status: number, target: () => string): Promise<{ url: string; server: Server; hits: () => number }> {
  let hits = 0;
  const { server, url } = await listenLocally((req, res) => {
    hits += 1;
    req.resume();
    res.writeHead(status, { location: `${target()}${req.url ?? "/"}` }).end();
  });
  return { url, server, hits: () => hits };
}

function credentialsSeen(recorder: Recorder): string[] {
  return recorder.seen.flatMap((r) =>
    CREDENTIAL_HEADERS.filter((h) => r.headers[h] !== undefined).map((h) => `${r.method} ${r.path}: ${h}`),
  );
}

let other: Recorder;
let first: Awaited<ReturnType<typeof redirecting>> | undefined;
beforeEach(async () => {
  other = await otherOrigin();
});
afterEach(async () => {
  await closeLocally(other.server);
  await closeLocally(first?.server);
  first = undefined;
});

/** `transync comment` through `first`, which redirects: the credential never reaches `other`; exit 1 naming the refused redirect, with no stack trace and no secret in the output. */
async function expectCommentRefused(args: string[], env: Record<string, string>): Promise<void> {
  const project = tempProject({ "plan.md": "## transync plan\n" });
  try {
    const res = await runCli(["comment", ...args, "--file", "plan.md"], { env, cwd: project.dir });
    expect(credentialsSeen(other)).toEqual([]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/redirect.*another origin/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout + res.stderr).not.toContain(SECRET);
  } finally {
    project.cleanup();
  }
}

describe.each([301, 302, 303, 307, 308])("a redirect (%i) to another origin", (status) => {
  it("GitHub (transync comment --pr): the token never reaches the other origin; exit 1 naming the redirect", async () => {
    first = await redirecting(status, () => other.url);
    await expectCommentRefused(["--pr", "1"], { GITHUB_TOKEN: SECRET, GITHUB_REPOSITORY: "acme/x", GITHUB_API_URL: first.url });
  });

  it("GitLab (transync comment --gitlab): PRIVATE-TOKEN never reaches the other origin, nor the note's POST", async () => {
    first = await redirecting(status, () => other.url);
    const env = { GITLAB_TOKEN: SECRET, CI_API_V4_URL: `${first.url}/api/v4`, CI_PROJECT_ID: "42", CI_MERGE_REQUEST_IID: "7" };
    await expectCommentRefused(["--gitlab"], env);
    expect(other.seen.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("the Public API (GET /sources): the token never reaches the other origin", async () => {
    first = await redirecting(status, () => other.url);
    const { api } = makeApi(first.url);
    const error = await new HttpPublicApiReads(api).sources().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(other.seen).toEqual([]);
  });
});

describe("a redirect within the origin", () => {
  it("is followed with the token (GitHub, a renamed repository): the comment is posted", async () => {
    // One server: `/old/...` answers 307 to `/...` on itself; the rest answers as `otherOrigin` does.
    const seen: Recorder["seen"] = [];
    const { server, url } = await listenLocally((req, res) => {
      if (req.url?.startsWith("/old/")) {
        req.resume();
        res.writeHead(307, { location: req.url.slice("/old".length) }).end();
        return;
      }
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
      req.resume();
      const body = req.method === "GET" ? [] : { id: 9, html_url: `${url}/c/9` };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    first = { url, server, hits: () => seen.length };
    const project = tempProject({ "plan.md": "## transync plan\n" });
    try {
      const env = { GITHUB_TOKEN: SECRET, GITHUB_REPOSITORY: "acme/x", GITHUB_API_URL: `${url}/old` };
      const res = await runCli(["comment", "--pr", "1", "--file", "plan.md"], { env, cwd: project.dir });
      expect(res.code, res.stderr).toBe(0);
      expect(seen.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
        "GET /repos/acme/x/issues/1/comments",
        "POST /repos/acme/x/issues/1/comments",
      ]);
      expect(seen.every((r) => r.headers.authorization === `token ${SECRET}`)).toBe(true);
      expect(seen[1]!.headers["content-type"]).toMatch(/json/);
    } finally {
      project.cleanup();
    }
  });
});

describe("git over HTTP (--repo https://user:TOKEN@host/...)", () => {
  const TOKEN = "ghs_gitRedirectToken77";
  let root: string;
  let cacheDir: string;
  let served: GitHttpServer;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "transync-git-redirect-"));
    cacheDir = mkdtempSync(join(tmpdir(), "transync-git-redirect-cache-"));
    const work = join(root, "work");
    git(root, "init", "-q", "--bare", join(root, "served", "segment.git"));
    git(root, "init", "-q", work);
    writeFileSync(join(work, "a.yaml"), "a: 1\n");
    commitAll(work, "first");
    git(work, "push", "-q", join(root, "served", "segment.git"), "HEAD:refs/heads/main");
    // The other origin serves the repository to anyone, and logs each request's Authorization header.
    served = new GitHttpServer(join(root, "served"), "x-access-token", TOKEN, { open: true });
    await served.start();
  });
  afterEach(async () => {
    await served.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it.each([301, 302, 307])("a %i to another origin: git sends the token to no other origin; the clone fails", async (status) => {
    first = await redirecting(status, () => served.url);
    const url = `${first.url.replace("http://", `http://x-access-token:${TOKEN}@`)}/segment.git`;
    const error = await openGitSource({ repo: url, ref: "main", cacheDir, logger: silentLogger() }).catch((e: unknown) => e);
    expect(served.authorizations.filter((a) => a !== undefined)).toEqual([]);
    expect(first.hits()).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).not.toContain(TOKEN);
    expect(String((error as Error).message)).toMatch(/redirect/i);
  });

  it("the push of the applied ref from a checkout whose config holds the credential (actions/checkout's extraheader)", async () => {
    first = await redirecting(302, () => served.url);
    const work = join(root, "work");
    git(work, "remote", "add", "origin", `${first.url}/segment.git`);
    const header = `Authorization: Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString("base64")}`;
    git(work, "config", `http.${first.url}/.extraheader`, header);
    const sha = git(work, "rev-parse", "HEAD").trim();
    const error = await recordAppliedRef(work, "prod", sha, { push: true }).catch((e: unknown) => e);
    expect(served.authorizations.filter((a) => a !== undefined)).toEqual([]);
    expect(first.hits()).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/redirect/i);
  });
});
