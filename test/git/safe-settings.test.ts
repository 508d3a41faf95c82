import { describe, expect, it } from "vitest";
import type { ProjectConfig } from "../../src/desired/types.js";
import { readBaseProjectApiUrl } from "../../src/git/safe-settings.js";
import { isRemoteUrl, redactSecrets, redactUrl } from "../../src/secrets/git-urls.js";

function project(extra: Partial<ProjectConfig> = {}): ProjectConfig {
  return { dir: "transformations", environments: {}, destinations: {}, prune: false, ...extra };
}

describe("readBaseProjectApiUrl", () => {
  it("uses the base's API URL and warns when the head changes it", () => {
    const base = project({ apiUrl: "https://api.segmentapis.com" });
    const head = project({ apiUrl: "https://attacker.example/collect" });
    const result = readBaseProjectApiUrl(base, head, undefined, "read");
    expect(result.apiUrl).toBe("https://api.segmentapis.com");
    expect(result.warning).toMatch(/https:\/\/attacker.example\/collect.*ignored.*https:\/\/api.segmentapis.com is used/);
  });

  it("takes the environment's token variable and workspace from the base: the head cannot pick which token is read", () => {
    const base = project({ environments: { prod: { sources: {}, workspace: "acme-prod", tokenEnv: "SEGMENT_API_TOKEN_PROD" } } });
    const head = project({ environments: { prod: { sources: {}, workspace: "acme-staging", tokenEnv: "SEGMENT_API_TOKEN_STAGING" } } });
    expect(readBaseProjectApiUrl(base, head, "prod", "read").binding).toEqual({
      env: "prod",
      workspace: "acme-prod",
      tokenEnv: "SEGMENT_API_TOKEN_PROD",
    });
    expect(readBaseProjectApiUrl(project(), head, "prod", "read").binding).toBeUndefined();
  });

  it("a read takes the base's planTokenEnv, a write the base's tokenEnv; the head's planTokenEnv is never read", () => {
    const base = project({
      environments: { prod: { sources: {}, tokenEnv: "SEGMENT_API_TOKEN_PROD", planTokenEnv: "SEGMENT_API_TOKEN_PROD_READ" } },
    });
    const head = project({
      environments: { prod: { sources: {}, tokenEnv: "SEGMENT_API_TOKEN_PROD", planTokenEnv: "SEGMENT_API_TOKEN_PROD" } },
    });
    expect(readBaseProjectApiUrl(base, head, "prod", "read").binding).toEqual({
      env: "prod",
      tokenEnv: "SEGMENT_API_TOKEN_PROD_READ",
      tokenKey: "planTokenEnv",
    });
    expect(readBaseProjectApiUrl(base, head, "prod", "write").binding).toEqual({
      env: "prod",
      tokenEnv: "SEGMENT_API_TOKEN_PROD",
      planTokenEnv: "SEGMENT_API_TOKEN_PROD_READ",
    });
    // A head that adds a read token to a base without one changes nothing until merged.
    expect(readBaseProjectApiUrl(project(), head, "prod", "read").binding).toBeUndefined();
  });

  it("ignores an environment URL added by the head, and one removed by it", () => {
    const base = project({ environments: { prod: { sources: {}, apiUrl: "https://eu1.api.segmentapis.com" } } });
    const head = project({ environments: { prod: { sources: {}, apiUrl: "http://127.0.0.1:9/steal" } } });
    expect(readBaseProjectApiUrl(base, head, "prod", "read").apiUrl).toBe("https://eu1.api.segmentapis.com");
    expect(readBaseProjectApiUrl(project(), head, "prod", "read")).toEqual({
      apiUrl: undefined,
      warning: expect.stringContaining("the default is used"),
    });
    expect(readBaseProjectApiUrl(base, project(), "prod", "read").apiUrl).toBe("https://eu1.api.segmentapis.com");
  });

  it("has no warning when both agree, and no URL when the base has no project file", () => {
    const same = project({ apiUrl: "https://api.segmentapis.com" });
    expect(readBaseProjectApiUrl(same, project({ apiUrl: "https://api.segmentapis.com" }), undefined, "read")).toEqual({
      apiUrl: "https://api.segmentapis.com",
    });
    expect(readBaseProjectApiUrl(undefined, same, undefined, "read").apiUrl).toBeUndefined();
  });

  it("never repeats credentials from a URL in the warning", () => {
    const result = readBaseProjectApiUrl(project(), project({ apiUrl: "https://u:pw-secret@evil.example" }), undefined, "read");
    expect(result.warning).not.toContain("pw-secret");
  });
});

describe("redactUrl", () => {
  it("strips user and password, keeping the rest", () => {
    expect(redactUrl("https://x-access-token:ghs_abc123@github.com/o/r.git")).toBe("https://github.com/o/r.git");
    expect(redactUrl("https://token@github.com/o/r.git")).toBe("https://github.com/o/r.git");
    expect(redactUrl("ssh://git@host:22/o/r.git")).toBe("ssh://host:22/o/r.git");
    expect(redactUrl("https://github.com/o/r.git")).toBe("https://github.com/o/r.git");
    expect(redactUrl("/srv/repos/r.git")).toBe("/srv/repos/r.git");
  });

  it("redacts every URL in a longer text", () => {
    expect(redactSecrets("fatal: unable to access 'https://u:p@h/r.git/' and https://a:b@c/")).toBe(
      "fatal: unable to access 'https://***@h/r.git/' and https://***@c/",
    );
  });

  it("tells URLs from local paths", () => {
    expect(["https://h/r.git", "file:///tmp/r.git", "git@github.com:o/r.git", "ssh://git@h/r"].every(isRemoteUrl)).toBe(true);
    expect(["/tmp/r", "./r", "r", "C:\\repos\\r"].some(isRemoteUrl)).toBe(false);
  });
});
