import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordAppliedRef } from "../../src/git/applied-ref.js";
import { openGitSource } from "../../src/git/git-source.js";
import { remoteAuth } from "../../src/git/remote-auth.js";
import { silentLogger } from "../../src/log.js";
import { commitAll, git } from "../helpers/git.js";
import { GitHttpServer } from "../helpers/git-http-server.js";

/**
 * The token of `--repo https://user:TOKEN@host/...` is handed to git per command (an Authorization
 * header in GIT_CONFIG_* variables) and never written: not in the cache clone's config, not in any
 * file of the cache. Fetches and the push of the applied ref still authenticate, against a real
 * smart-HTTP server (`git http-backend` behind Basic authentication).
 */
const TOKEN = "ghs_cacheTokenNeverOnDisk42";
const logger = silentLogger();
let root: string;
let work: string;
let cacheDir: string;
let server: GitHttpServer;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "transync-http-remote-"));
  cacheDir = mkdtempSync(join(tmpdir(), "transync-http-cache-"));
  work = join(root, "work");
  git(root, "init", "-q", "--bare", join(root, "served", "segment.git"));
  git(root, "init", "-q", work);
  writeFileSync(join(work, "a.yaml"), "a: 1\n");
  commitAll(work, "first");
  git(work, "push", "-q", join(root, "served", "segment.git"), "HEAD:refs/heads/main");
  git(join(root, "served", "segment.git"), "symbolic-ref", "HEAD", "refs/heads/main");
  server = new GitHttpServer(join(root, "served"), "x-access-token", TOKEN);
  await server.start();
});
afterEach(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

/** Every file under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, entry);
    if (statSync(path).isFile() && readFileSync(path).includes(text)) found.push(entry);
  }
  return found;
}

describe("the git token of --repo never touches disk", () => {
  it("clones and fetches with the token, keeps no token in the clone's config or any cache file", async () => {
    const url = `${server.url.replace("http://", "http://x-access-token:" + TOKEN + "@")}/segment.git`;
    const first = await openGitSource({ repo: url, ref: "main", cacheDir, logger });
    expect(await first.list(".")).toContain("a.yaml");
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((a) => a !== undefined)).toBe(true); // sent up front: no anonymous request, no prompt

    writeFileSync(join(work, "b.yaml"), "b: 1\n");
    const second = commitAll(work, "second");
    git(work, "push", "-q", join(root, "served", "segment.git"), "HEAD:refs/heads/main");
    const again = await openGitSource({ repo: url, ref: "main", cacheDir, logger });
    expect(again.commit).toBe(second);

    expect(readFileSync(join(again.root, "config"), "utf8")).toContain(`url = ${server.url}/segment.git`);
    expect(filesContaining(cacheDir, TOKEN)).toEqual([]);
  });

  it("pushes the applied ref with the token, still writing none", async () => {
    const url = `${server.url.replace("http://", "http://x-access-token:" + TOKEN + "@")}/segment.git`;
    const source = await openGitSource({ repo: url, ref: "main", cacheDir, logger });
    await recordAppliedRef(source.root, "production", source.commit, { push: true, env: source.remoteEnv });
    expect(git(join(root, "served", "segment.git"), "rev-parse", "refs/transync/applied/production")).toBe(source.commit);
    expect(filesContaining(cacheDir, TOKEN)).toEqual([]);
  });

  it("scrubs the token a clone made by an earlier version kept in its config", async () => {
    const url = `${server.url.replace("http://", "http://x-access-token:" + TOKEN + "@")}/segment.git`;
    const source = await openGitSource({ repo: url, ref: "main", cacheDir, logger });
    git(source.root, "remote", "set-url", "origin", url); // as transync 0.1.0 left it
    expect(filesContaining(cacheDir, TOKEN)).toEqual(["config"].map((f) => join(source.root.slice(cacheDir.length + 1), f)));
    await openGitSource({ repo: url, ref: "main", cacheDir, logger });
    expect(filesContaining(cacheDir, TOKEN)).toEqual([]);
  });

  it("a wrong token fails at once with a clear error, without the token and without prompting", async () => {
    const wrong = "ghs_wrongTokenValue0000";
    const url = `${server.url.replace("http://", `http://x-access-token:${wrong}@`)}/segment.git`;
    const error = await openGitSource({ repo: url, ref: "main", cacheDir, logger }).then(
      () => new Error("opened with a wrong token"),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/fetching http:\/\/127\.0\.0\.1:\d+\/segment\.git failed/);
    expect(error.message).not.toContain(wrong);
  });
});

describe("remoteAuth", () => {
  it("moves the URL's credentials into an Authorization header for that origin, after any GIT_CONFIG_* already set", () => {
    const auth = remoteAuth("https://x-access-token:p%40ss%3Aword@git.example.com:8443/acme/repo.git", { GIT_CONFIG_COUNT: "2" });
    expect(auth.url).toBe("https://git.example.com:8443/acme/repo.git");
    expect(auth.env).toEqual({
      GIT_CONFIG_COUNT: "4",
      GIT_CONFIG_KEY_2: "http.https://git.example.com:8443/.extraHeader",
      GIT_CONFIG_VALUE_2: `Authorization: Basic ${Buffer.from("x-access-token:p@ss:word").toString("base64")}`,
      // git would send the header with every request after a redirect, to wherever it led (test/security/credential-redirects.test.ts).
      GIT_CONFIG_KEY_3: "http.https://git.example.com:8443/.followRedirects",
      GIT_CONFIG_VALUE_3: "false",
      GIT_TERMINAL_PROMPT: "0",
    });
    expect(remoteAuth("https://TOKEN@github.com/acme/repo.git", {}).env.GIT_CONFIG_VALUE_0).toBe(
      `Authorization: Basic ${Buffer.from("TOKEN:").toString("base64")}`,
    );
  });

  it("leaves URLs without credentials, SSH URLs and local paths as they are", () => {
    for (const url of [
      "https://github.com/acme/repo.git",
      "git@github.com:acme/repo.git",
      "ssh://git@github.com/acme/repo.git",
      "file:///srv/repo.git",
    ]) {
      expect(remoteAuth(url, {})).toEqual({ url, env: {} });
    }
  });
});
