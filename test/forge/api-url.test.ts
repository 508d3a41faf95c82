import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

/**
 * Both code hosts take their API base URL the same way (src/forge/host-http.ts, codeHostApiUrl):
 * --api-url, else the CI variable, else the public API; a value that is not http(s) is exit 1 naming
 * where it came from, before any request.
 */
const HOSTS = [
  { host: "GitHub", args: ["--pr", "1"], env: { GITHUB_TOKEN: "ghp_x", GITHUB_REPOSITORY: "o/r" }, variable: "GITHUB_API_URL" },
  { host: "GitLab", args: ["--gitlab", "--mr", "1", "--project", "42"], env: { GITLAB_TOKEN: "glpat_x" }, variable: "CI_API_V4_URL" },
];

describe.each(HOSTS)("comment ($host): the API base URL", ({ args, env, variable }) => {
  const comment = (extra: string[], more: Record<string, string> = {}) =>
    runCli(["comment", ...args, "--file", "-", ...extra], { env: { ...env, ...more } });

  it("a --api-url that is not http(s) is refused, naming --api-url", async () => {
    const res = await comment(["--api-url", "ftp://example.com/"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('--api-url must be an http(s) URL, got "ftp://example.com/".');
  });

  it("the CI variable is read when --api-url is not given, and named when it is wrong", async () => {
    const res = await comment([], { [variable]: "example.com/api" });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${variable} must be an http(s) URL, got "example.com/api".`);
  });

  it("--api-url wins over the CI variable", async () => {
    const res = await comment(["--api-url", "file:///etc"], { [variable]: "https://ci.example.com" });
    expect(res.stderr).toContain('--api-url must be an http(s) URL, got "file:///etc".');
  });
});
