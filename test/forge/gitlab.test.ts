import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { planCommentMarker } from "../../src/report/index.js";
import { tempDir } from "../git/gitdir.js";
import { FakeGitLab, TOKEN_USER } from "./fake-gitlab.js";

/**
 * `transync comment --gitlab`: one note per environment on a merge request, against a fake GitLab
 * over HTTP (test/forge/fake-gitlab.ts), as `transync comment --pr` is tested against a fake GitHub.
 */
const TOKEN = "glpat-secretTokenValue123";
const MARKER = planCommentMarker(undefined);
const MALLORY = { id: 13, username: "mallory" };
let gitlab: FakeGitLab;
let dir: string;

beforeEach(async () => {
  gitlab = new FakeGitLab("42", TOKEN);
  await gitlab.start();
  dir = await tempDir("transync-gitlab-");
});
afterEach(() => gitlab.stop());

/** The variables of a GitLab merge-request pipeline, with the project's GITLAB_TOKEN. */
function mrEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    GITLAB_TOKEN: TOKEN,
    CI_API_V4_URL: gitlab.apiUrl,
    CI_PROJECT_ID: "42",
    CI_MERGE_REQUEST_IID: "7",
    CI_MERGE_REQUEST_PROJECT_URL: "https://gitlab.example.com/acme/segment-config",
    ...extra,
  };
}

async function writePlan(text: string): Promise<string> {
  const file = join(dir, "plan.md");
  await writeFile(file, text);
  return file;
}

const bodies = (iid = 7): string[] => (gitlab.notes.get(iid) ?? []).map((n) => n.body);
const calls = (): string[] => gitlab.requests.map((r) => `${r.method} ${r.path.split("?")[0]}`);

describe("transync comment --gitlab", () => {
  it("creates the note on the first run and updates the same one on the second, with PRIVATE-TOKEN", async () => {
    gitlab.seed(7, ["LGTM"], MALLORY);
    const first = await runCli(["comment", "--gitlab", "--file", await writePlan("## Plan: 1 to create\n")], { env: mrEnv() });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      "created the transync note on merge request !7 of project 42: https://gitlab.example.com/acme/segment-config/-/merge_requests/7#note_5001\n",
    );
    const second = await runCli(["comment", "--gitlab", "--file", await writePlan("## Plan: no changes\n")], { env: mrEnv() });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^updated the transync note on merge request !7 of project 42: .*#note_5001\n$/);
    expect(bodies()).toEqual(["LGTM", `${MARKER}\n## Plan: no changes\n`]);
    expect(calls()).toEqual([
      "GET /api/v4/projects/42/merge_requests/7/notes",
      "POST /api/v4/projects/42/merge_requests/7/notes",
      "GET /api/v4/projects/42/merge_requests/7/notes",
      "GET /api/v4/user", // asked once a marked note turns up: whose is it?
      "PUT /api/v4/projects/42/merge_requests/7/notes/5001",
    ]);
    expect(gitlab.requests.every((r) => r.privateToken === TOKEN)).toBe(true);
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(TOKEN);
  });

  it("is chosen without --gitlab in a merge-request pipeline (CI_MERGE_REQUEST_IID, CI_PROJECT_ID, CI_API_V4_URL)", async () => {
    const run = await runCli(["comment", "--file", await writePlan("plan")], { env: mrEnv({ GITHUB_TOKEN: "ghs_unused" }) });
    expect(run.code, run.stderr).toBe(0);
    expect(bodies()).toEqual([`${MARKER}\nplan\n`]);
    // The merge request lives in the target project (a fork's pipeline runs in the fork): CI_MERGE_REQUEST_PROJECT_ID wins.
    gitlab.notes.clear();
    const target = new FakeGitLab("99", TOKEN);
    await target.start();
    try {
      const fork = await runCli(["comment", "--file", await writePlan("plan")], {
        env: mrEnv({ CI_API_V4_URL: target.apiUrl, CI_MERGE_REQUEST_PROJECT_ID: "99" }),
      });
      expect(fork.code, fork.stderr).toBe(0);
      expect(target.notes.get(7)?.map((n) => n.body)).toEqual([`${MARKER}\nplan\n`]);
    } finally {
      await target.stop();
    }
  });

  it("--mr, --project and --api-url take precedence over the pipeline's variables; a project path is encoded", async () => {
    const byPath = new FakeGitLab("acme/segment-config", TOKEN);
    await byPath.start();
    try {
      const run = await runCli(
        [
          "comment",
          "--gitlab",
          "--mr",
          "3",
          "--project",
          "acme/segment-config",
          "--api-url",
          `${byPath.apiUrl}/`,
          "--file",
          await writePlan("x"),
        ],
        { env: mrEnv() },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(byPath.requests[0]?.path).toMatch(/^\/api\/v4\/projects\/acme%2Fsegment-config\/merge_requests\/3\/notes\?/);
      expect(byPath.notes.get(3)).toHaveLength(1);
      expect(gitlab.requests).toEqual([]);
    } finally {
      await byPath.stop();
    }
  });

  it("never adopts a marked note another user wrote: it posts its own and updates that one later", async () => {
    // A merge request's author plants a note with the marker and a fake plan.
    gitlab.seed(7, [`${MARKER}\n## transync plan: No changes\n`], MALLORY);
    const first = await runCli(["comment", "--gitlab", "--file", await writePlan("## Plan: 1 to delete\n")], { env: mrEnv() });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^created the transync note .*\(1 note with its marker by another user left alone\)/);
    const second = await runCli(["comment", "--gitlab", "--file", await writePlan("## Plan: 2 to delete\n")], { env: mrEnv() });
    expect(second.stdout).toMatch(/^updated the transync note/);
    expect((gitlab.notes.get(7) ?? []).map((n) => [n.author.username, n.body])).toEqual([
      ["mallory", `${MARKER}\n## transync plan: No changes\n`],
      [TOKEN_USER.username, `${MARKER}\n## Plan: 2 to delete\n`],
    ]);
    expect(gitlab.requests.filter((r) => r.method === "PUT").map((r) => r.path)).toEqual([
      "/api/v4/projects/42/merge_requests/7/notes/5001",
    ]);
  });

  it("pages through the notes (x-next-page, with or without Link) to find its own; skips system notes and quotes of the marker", async () => {
    gitlab.seed(7, [MARKER], { id: 1, username: "gitlab" }, true);
    gitlab.seed(7, ["one", `> ${MARKER}\n> quoted by a reviewer`, "three", "four"], MALLORY);
    gitlab.seed(7, [`${MARKER}\nold plan`]);
    gitlab.linkHeaders = false;
    const run = await runCli(["comment", "--gitlab", "--file", await writePlan("new plan")], { env: mrEnv() });
    expect(run.code, run.stderr).toBe(0);
    expect(gitlab.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100",
      "GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100&page=2",
      "GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100&page=3",
      "GET /api/v4/user",
      "PUT /api/v4/projects/42/merge_requests/7/notes/5005",
    ]);
    expect(bodies().at(-1)).toBe(`${MARKER}\nnew plan\n`);
    expect(run.stdout).not.toMatch(/left alone/);
  });

  it("a line that GitLab would run as a quick action (/approve, /close) is posted as text; code blocks are left as they are", async () => {
    const plan = [
      "## Plan",
      "/approve",
      "  /label ~merged",
      "```diff",
      "// a comment in code",
      "/close",
      "```",
      "text /merge in a line",
      "",
    ].join("\n");
    const run = await runCli(["comment", "--gitlab", "--file", await writePlan(plan)], { env: mrEnv() });
    expect(run.code, run.stderr).toBe(0);
    expect(bodies()).toEqual([
      `${MARKER}\n## Plan\n\\/approve\n  \\/label ~merged\n\`\`\`diff\n// a comment in code\n/close\n\`\`\`\ntext /merge in a line\n`,
    ]);
  });

  it("a list whose next page comes back (a cycle) stops with an error before anything is posted", async () => {
    gitlab.seed(7, ["one", "two", "three"], MALLORY);
    gitlab.stuckNextPage = "2";
    const run = await runCli(["comment", "--gitlab", "--file", await writePlan("plan")], { env: mrEnv() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/the notes of merge request !7 of project 42: the next page came back after \d+ pages .*nothing was posted/);
    expect(gitlab.requests.filter((r) => r.method === "GET")).toHaveLength(2); // page 2 names itself: not fetched again
    expect(gitlab.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("keeps one note per environment", async () => {
    const plan = (env: string, text: string): string => `${planCommentMarker(env)}\n${text}\n`;
    for (const [env, text] of [
      ["production", "p1"],
      ["staging", "s1"],
      ["production", "p2"],
      ["staging", "s2"],
    ] as const) {
      const run = await runCli(["comment", "--gitlab", "--file", await writePlan(plan(env, text))], { env: mrEnv() });
      expect(run.code, run.stderr).toBe(0);
    }
    expect(bodies()).toEqual([plan("production", "p2"), plan("staging", "s2")]);
  });

  it("401 and 403 are clear errors naming what the token needs; nothing posted, no token, no stack trace", async () => {
    const bad = await runCli(["comment", "--gitlab", "--file", await writePlan("plan")], {
      env: mrEnv({ GITLAB_TOKEN: "glpat-wrongTokenValue" }),
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /GitLab replied 401 while listing the notes of merge request !7 of project 42: 401 Unauthorized\. GITLAB_TOKEN was refused: .*expired or revoked/,
    );

    gitlab.faults.push({ status: 403, body: { message: "403 Forbidden" } });
    const forbidden = await runCli(["comment", "--gitlab", "--file", await writePlan("plan")], { env: mrEnv() });
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toMatch(
      /GitLab replied 403 while listing the notes .*: 403 Forbidden\. The token needs the `api` scope and .*Reporter.*CI_JOB_TOKEN cannot post merge request notes/,
    );

    // A server that echoes the token and sends terminal escapes: both stay out of the output.
    gitlab.faults.push({ status: 500, body: { message: { base: [`boom ${TOKEN} \u001b[31mred`] } } });
    const broken = await runCli(["comment", "--gitlab", "--file", await writePlan("plan")], { env: mrEnv() });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/GitLab replied 500/);
    expect(broken.stderr).not.toContain("\u001b");

    await gitlab.stop();
    const unreachable = await runCli(["comment", "--gitlab", "--file", await writePlan("plan")], { env: mrEnv() });
    expect(unreachable.stderr).toMatch(/cannot reach GitLab at http:\/\/127.0.0.1:\d+\/api\/v4/);
    for (const run of [bad, forbidden, broken, unreachable]) {
      expect(run.code).toBe(1);
      expect(run.stderr + run.stdout).not.toContain(TOKEN);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(gitlab.notes.get(7)).toBeUndefined();
  });

  it("refuses to run without GITLAB_TOKEN (naming why CI_JOB_TOKEN will not do), a merge request or a project", async () => {
    const file = await writePlan("plan");
    const noToken = await runCli(["comment", "--gitlab", "--file", file], {
      env: mrEnv({ GITLAB_TOKEN: undefined, CI_JOB_TOKEN: "job-token" }),
    });
    expect(noToken).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /GITLAB_TOKEN is not set; .*project or group access token.*`api`.*CI_JOB_TOKEN cannot post merge request notes/,
      ),
    });
    const noMr = await runCli(["comment", "--gitlab", "--file", file], { env: mrEnv({ CI_MERGE_REQUEST_IID: undefined }) });
    expect(noMr.stderr).toMatch(/no merge request: pass --mr IID \(CI_MERGE_REQUEST_IID is not set/);
    const noProject = await runCli(["comment", "--gitlab", "--file", file], { env: mrEnv({ CI_PROJECT_ID: undefined }) });
    expect(noProject.stderr).toMatch(/no project: pass --project/);
    const badUrl = await runCli(["comment", "--gitlab", "--file", file], { env: mrEnv({ CI_API_V4_URL: "ftp://x" }) });
    expect(badUrl.stderr).toMatch(/CI_API_V4_URL must be an http\(s\) URL, got "ftp:\/\/x"/);
    const both = await runCli(["comment", "--gitlab", "--pr", "3", "--file", file], { env: mrEnv() });
    expect(both.stderr).toMatch(/--pr is for a GitHub pull request; .*--mr IID/);
    const neither = await runCli(["comment", "--file", file], { env: { GITHUB_TOKEN: "ghs_x" } });
    expect(neither.stderr).toMatch(/pass --pr N \(GitHub\) or --gitlab/);
    for (const run of [noToken, noMr, noProject, badUrl, both, neither]) expect(run.code).toBe(1);
    expect(gitlab.requests).toEqual([]);
  });
});
