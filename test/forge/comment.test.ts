import { readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { comment } from "../../src/commands/comment.js";
import { buildCommentBody } from "../../src/forge/index.js";
import { planCommentMarker } from "../../src/report/index.js";
import { silentLogger } from "../../src/log.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import type { CliContext } from "../../src/pipeline/context.js";
import { tempDir } from "../git/gitdir.js";
import { ACTIONS_BOT, FakeGitHub } from "./fake-github.js";

const TOKEN = "ghs_secretTokenValue123";
/** Markdown that is not a plan gets the marker of the default environment. */
const COMMENT_MARKER = planCommentMarker(undefined);
/** The marker before it named the environment: its comment is still the default environment's. */
const LEGACY_MARKER = "<!-- transync-plan -->";
let github: FakeGitHub;
let dir: string;

beforeEach(async () => {
  github = new FakeGitHub();
  await github.start();
  dir = await tempDir("transync-comment-");
});
afterEach(() => github.stop());

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: github.slug, GITHUB_API_URL: github.url, ...extra };
}

async function writePlan(text: string): Promise<string> {
  const file = join(dir, "plan.md");
  await writeFile(file, text);
  return file;
}

describe("transync comment", () => {
  it("creates the comment on the first run and updates the same one on the second", async () => {
    github.seed(7, ["LGTM"]);
    const first = await runCli(["comment", "--pr", "7", "--file", await writePlan("## Plan: 1 to create\n")], { env: env() });
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/^created the transync comment on acme\/segment-config#7: https:\/\/github.com\//);

    const second = await runCli(["comment", "--pr", "7", "--file", await writePlan("## Plan: no changes\n")], { env: env() });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^updated the transync comment/);

    const comments = github.comments.get(7) ?? [];
    expect(comments.map((c) => c.body)).toEqual(["LGTM", `${COMMENT_MARKER}\n## Plan: no changes\n`]);
    expect(github.requests.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      "GET /repos/acme/segment-config/issues/7/comments",
      "POST /repos/acme/segment-config/issues/7/comments",
      "GET /repos/acme/segment-config/issues/7/comments",
      "GET /user", // asked once a marked comment turns up: whose is it?
      "PATCH /repos/acme/segment-config/issues/comments/1001",
    ]);
    expect(github.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true);
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(TOKEN);
  });

  it("pages through the comments to find its own (marked as earlier versions did), and ignores a quote of the marker", async () => {
    github.seed(3, ["one", `> ${COMMENT_MARKER}\n> quoted by a reviewer`, "three", `${LEGACY_MARKER}\nold plan`, "five"]);
    const run = await runCli(["comment", "--pr", "3", "--file", await writePlan("new plan")], { env: env() });
    expect(run.code).toBe(0);
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /repos/acme/segment-config/issues/3/comments?per_page=100",
      "GET /repos/acme/segment-config/issues/3/comments?per_page=100&page=2",
      "GET /user",
      "PATCH /repos/acme/segment-config/issues/comments/1003",
    ]);
    expect(github.comments.get(3)?.map((c) => c.body)).toEqual([
      "one",
      `> ${COMMENT_MARKER}\n> quoted by a reviewer`,
      "three",
      `${COMMENT_MARKER}\nnew plan\n`,
      "five",
    ]);
  });

  it("never adopts a marked comment another account wrote: it posts its own and updates that one later", async () => {
    // A pull request's author plants a comment with the marker and a fake plan.
    github.seed(5, [`${COMMENT_MARKER}\n## transync plan: No changes\n`], "mallory");
    const first = await runCli(["comment", "--pr", "5", "--file", await writePlan("## Plan: 1 to delete\n")], { env: env() });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^created the transync comment .*\(1 comment with its marker by another account left alone\)/);
    const second = await runCli(["comment", "--pr", "5", "--file", await writePlan("## Plan: 2 to delete\n")], { env: env() });
    expect(second.stdout).toMatch(/^updated the transync comment/);
    expect(github.comments.get(5)?.map((c) => [c.author, c.body])).toEqual([
      ["mallory", `${COMMENT_MARKER}\n## transync plan: No changes\n`],
      [ACTIONS_BOT, `${COMMENT_MARKER}\n## Plan: 2 to delete\n`],
    ]);
    expect(github.requests.filter((r) => r.method === "PATCH").map((r) => r.path)).toEqual([
      "/repos/acme/segment-config/issues/comments/1001",
    ]);
  });

  it("a token that can read its account (GET /user) adopts only that account's comments, whatever --comment-author says", async () => {
    github.tokenLogin = "transync-ci";
    github.seed(6, [`${COMMENT_MARKER}\nplanted`], ACTIONS_BOT);
    github.seed(6, [`${COMMENT_MARKER}\nours`], "Transync-CI"); // logins are case-insensitive
    const run = await runCli(["comment", "--pr", "6", "--file", await writePlan("new plan"), "--comment-author", "github-actions[bot]"], {
      env: env(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(github.comments.get(6)?.map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nplanted`, `${COMMENT_MARKER}\nnew plan\n`]);
  });

  it("where GET /user is refused (an app's token), the author is --comment-author, else TRANSYNC_COMMENT_AUTHOR, else github-actions[bot]", async () => {
    github.seed(8, [`${COMMENT_MARKER}\nby the bot`], ACTIONS_BOT);
    github.seed(8, [`${COMMENT_MARKER}\nby our app`], "our-app[bot]");
    const byEnv = await runCli(["comment", "--pr", "8", "--file", await writePlan("via env")], {
      env: env({ TRANSYNC_COMMENT_AUTHOR: "our-app[bot]" }),
    });
    expect(byEnv.stdout).toMatch(/^updated .*\(1 comment with its marker by another account left alone\)/);
    const byFlag = await runCli(["comment", "--pr", "8", "--file", await writePlan("via flag"), "--comment-author", "our-app[bot]"], {
      env: env({ TRANSYNC_COMMENT_AUTHOR: ACTIONS_BOT }),
    });
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(github.comments.get(8)?.map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nby the bot`, `${COMMENT_MARKER}\nvia flag\n`]);
    const byDefault = await runCli(["comment", "--pr", "8", "--file", await writePlan("default")], { env: env() });
    expect(byDefault.code).toBe(0);
    expect(github.comments.get(8)?.[0]?.body).toBe(`${COMMENT_MARKER}\ndefault\n`);
    const bad = await runCli(["comment", "--pr", "8", "--file", await writePlan("x"), "--comment-author", "a b"], { env: env() });
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringMatching(/--comment-author must be a GitHub login/) });
  });

  it("a GET /user that fails otherwise (not a 403) stops the run before anything is posted", async () => {
    github.seed(4, [`${COMMENT_MARKER}\nold`]);
    github.userReply = { status: 401, message: "Bad credentials" };
    const run = await runCli(["comment", "--pr", "4", "--file", await writePlan("x")], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/GitHub replied 401 while reading the token's own account \(GET \/user\)/);
    expect(github.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("appends the markdown to GITHUB_STEP_SUMMARY", async () => {
    const summary = join(dir, "summary.md");
    await writeFile(summary, "earlier step\n");
    const run = await runCli(["comment", "--pr", "1", "--file", await writePlan("## Plan\nno changes")], {
      env: env({ GITHUB_STEP_SUMMARY: summary }),
    });
    expect(run.code).toBe(0);
    expect(await readFile(summary, "utf8")).toBe("earlier step\n## Plan\nno changes\n");
  });

  it("turns error replies into a clear error and exit 1, without the token", async () => {
    github.faults.push({ status: 403, message: "Resource not accessible by integration" });
    const forbidden = await runCli(["comment", "--pr", "9", "--file", await writePlan("plan")], { env: env() });
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toMatch(
      /GitHub replied 403 while listing the comments of #9 on acme\/segment-config: Resource not accessible by integration.*pull-requests: write/,
    );

    github.faults.push({ status: 500, message: "boom" });
    const broken = await runCli(["comment", "--pr", "9", "--file", await writePlan("plan")], { env: env() });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/GitHub replied 500/);

    await github.stop();
    const unreachable = await runCli(["comment", "--pr", "9", "--file", await writePlan("plan")], { env: env() });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/cannot reach GitHub at http:\/\/127.0.0.1:\d+/);
    for (const run of [forbidden, broken, unreachable]) {
      expect(run.stderr + run.stdout).not.toContain(TOKEN);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(github.comments.get(9)).toBeUndefined();
  });

  it("refuses to run without a token, a repository, or markdown", async () => {
    const file = await writePlan("plan");
    const noToken = await runCli(["comment", "--pr", "1", "--file", file], { env: env({ GITHUB_TOKEN: undefined }) });
    expect(noToken).toMatchObject({ code: 1, stderr: expect.stringMatching(/GITHUB_TOKEN is not set/) });
    const noSlug = await runCli(["comment", "--pr", "1", "--file", file], { env: env({ GITHUB_REPOSITORY: undefined }) });
    expect(noSlug.stderr).toMatch(/pass --repo-slug owner\/name/);
    const badSlug = await runCli(["comment", "--pr", "1", "--file", file, "--repo-slug", "nope"], { env: env() });
    expect(badSlug.stderr).toMatch(/--repo-slug must look like owner\/name/);
    const missing = await runCli(["comment", "--pr", "1", "--file", join(dir, "absent.md")], { env: env() });
    expect(missing.stderr).toMatch(/cannot read --file .*absent\.md: no such file or folder/);
    const empty = await runCli(["comment", "--pr", "1", "--file", await writePlan("  \n")], { env: env() });
    expect(empty.stderr).toMatch(/is empty/);
    // A bad URL names where it came from (the variable, not a flag that was not given).
    const badUrl = await runCli(["comment", "--pr", "1", "--file", file], { env: env({ GITHUB_API_URL: "ftp://x" }) });
    expect(badUrl.stderr).toMatch(/GITHUB_API_URL must be an http\(s\) URL, got "ftp:\/\/x"/);
    const badPr = await runCli(["comment", "--pr", "x", "--file", file], { env: env() });
    expect(badPr.code).toBe(1);
    expect(github.requests).toEqual([]);
  });

  it("reads the markdown from standard input and takes --repo-slug and --api-url over the environment", async () => {
    let stdout = "";
    const ctx: CliContext = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
      env: { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "other/repo", GITHUB_API_URL: "http://127.0.0.1:1" },
      cwd: dir,
      logger: silentLogger(),
      stdin: Readable.from([Buffer.from("from "), Buffer.from("stdin")]),
      signal: new AbortController().signal,
      color: false,
      secrets: new SecretRegistry(),
    };
    expect(await comment(ctx, { pr: 4, repoSlug: github.slug, apiUrl: `${github.url}/` })).toBe(0);
    expect(github.comments.get(4)?.map((c) => c.body)).toEqual([`${COMMENT_MARKER}\nfrom stdin\n`]);
    expect(stdout).toContain("created");
    // `--file -` is standard input too, as `simulate --event -` is.
    const dash = { ...ctx, stdin: Readable.from([Buffer.from("dash")]) };
    expect(await comment(dash, { pr: 4, file: "-", repoSlug: github.slug, apiUrl: github.url })).toBe(0);
    expect(github.comments.get(4)?.map((c) => c.body)).toEqual([`${COMMENT_MARKER}\ndash\n`]);
  });

  it("truncates markdown longer than a GitHub comment allows", () => {
    const body = buildCommentBody("x".repeat(70_000));
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/truncated/);
  });
});

describe("transync comment reads bounded input and posts no secret", () => {
  it("a FIFO or a device as --file is a clear error at once, nothing posted", async () => {
    const run = await runCli(["comment", "--pr", "7", "--file", "/dev/zero"], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cannot read --file /dev/zero: not a regular file");
    expect(github.requests).toEqual([]);
  });

  it("a --file in the working directory that a symbolic link takes outside it is refused, nothing posted", async () => {
    // A pull request can commit plan.md as a link; a failed plan step leaves it, and the comment
    // step (if: always()) would post the file it points to.
    const secret = join(await tempDir("transync-outside-"), "credentials");
    await writeFile(secret, "aws_secret_access_key = outside-the-checkout\n");
    await symlink(secret, join(dir, "plan.md"));
    const run = await runCli(["comment", "--pr", "7", "--file", "plan.md"], { env: env(), cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cannot read --file plan\.md: a symbolic link takes it outside the working directory/);
    expect(run.stderr).not.toContain("outside-the-checkout");
    expect(github.requests).toEqual([]);
  });

  it("the API token in the markdown is redacted before it is posted or summarised", async () => {
    github.seed(9, []);
    const apiToken = "sgp_apiTokenThatMustStayHere";
    const summary = join(dir, "summary.md");
    const run = await runCli(["comment", "--pr", "9", "--file", await writePlan(`error echoed ${apiToken} by a server\n`)], {
      env: env({ SEGMENT_API_TOKEN: apiToken, GITHUB_STEP_SUMMARY: summary }),
    });
    expect(run.code, run.stderr).toBe(0);
    const posted = (github.comments.get(9) ?? []).map((c) => c.body).join("\n");
    expect(posted).toContain("error echoed [redacted] by a server");
    expect(posted).not.toContain(apiToken);
    expect(await readFile(summary, "utf8")).not.toContain(apiToken);
  });
});
