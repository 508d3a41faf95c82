import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { resolveApiSettings } from "../../src/live/settings.js";

const env = { SEGMENT_API_TOKEN: "tok_abcdef" };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return expect.fail("expected a UsageError");
}

const fromProject = (projectApiUrl: string, flags: { allowApiHost?: string[] } = {}, extraEnv: NodeJS.ProcessEnv = {}) =>
  resolveApiSettings({ flags, env: { ...env, ...extraEnv }, projectApiUrl }).baseUrl;

describe("an API URL from transync.yaml names only trusted hosts", () => {
  it("takes Segment's API hosts over https", () => {
    expect(fromProject("https://api.segmentapis.com")).toBe("https://api.segmentapis.com");
    expect(fromProject("https://EU1.api.segmentapis.com/")).toBe("https://eu1.api.segmentapis.com");
  });

  it("refuses any other host, loopback included, naming the URL and both ways to allow it", () => {
    const message = refusal(() => fromProject("http://127.0.0.1:4010"));
    expect(message).toContain("http://127.0.0.1:4010");
    expect(message).toContain("--allow-api-host 127.0.0.1:4010");
    expect(message).toContain("TRANSYNC_ALLOW_API_HOSTS=127.0.0.1:4010");
    for (const url of [
      "http://localhost:4010",
      "https://attacker.example",
      "http://[::1]:8080",
      "https://api.segmentapis.com.attacker.example",
      "https://segmentapis.com",
    ]) {
      expect(refusal(() => fromProject(url))).toContain("not one of Segment's API hosts");
    }
  });

  it("refuses Segment's hosts over http or on another port (the token would travel in clear or elsewhere)", () => {
    expect(refusal(() => fromProject("http://api.segmentapis.com"))).toContain("over https on the default port only");
    expect(refusal(() => fromProject("https://api.segmentapis.com:8443"))).toContain("--allow-api-host api.segmentapis.com:8443");
  });

  it("allows a host from the flag (repeatable) or the environment variable; HOST is any port, HOST:PORT that port", () => {
    expect(fromProject("http://127.0.0.1:4010", { allowApiHost: ["example.org", "127.0.0.1:4010"] })).toBe("http://127.0.0.1:4010");
    expect(fromProject("http://127.0.0.1:4010", { allowApiHost: ["127.0.0.1"] })).toBe("http://127.0.0.1:4010");
    expect(fromProject("http://127.0.0.1:4010", {}, { TRANSYNC_ALLOW_API_HOSTS: " other.example , 127.0.0.1:4010" })).toBe(
      "http://127.0.0.1:4010",
    );
    expect(fromProject("http://[::1]:8080", { allowApiHost: ["::1"] })).toBe("http://[::1]:8080");
    expect(fromProject("http://[::1]:8080", { allowApiHost: ["[::1]:8080"] })).toBe("http://[::1]:8080");
    expect(fromProject("http://proxy.example", { allowApiHost: ["proxy.example:80"] })).toBe("http://proxy.example");
    expect(refusal(() => fromProject("http://127.0.0.1:4011", { allowApiHost: ["127.0.0.1:4010"] }))).toContain("127.0.0.1:4011");
    expect(refusal(() => fromProject("http://[::1]:8080", { allowApiHost: ["[::1]:8081"] }))).toContain("[::1]:8080");
  });

  it("rejects an allowed host that is not a host", () => {
    expect(refusal(() => fromProject("https://api.segmentapis.com", { allowApiHost: ["http://x/y"] }))).toContain("--allow-api-host");
    expect(refusal(() => fromProject("https://api.segmentapis.com", {}, { TRANSYNC_ALLOW_API_HOSTS: "a/b" }))).toContain(
      "TRANSYNC_ALLOW_API_HOSTS",
    );
  });

  it("does not apply to --api-url and SEGMENT_API_URL, which come from outside the repository", () => {
    expect(resolveApiSettings({ flags: { apiUrl: "http://127.0.0.1:1" }, env, projectApiUrl: "http://evil.example" }).baseUrl).toBe(
      "http://127.0.0.1:1",
    );
    expect(
      resolveApiSettings({ flags: {}, env: { ...env, SEGMENT_API_URL: "http://127.0.0.1:2" }, projectApiUrl: "http://evil.example" })
        .baseUrl,
    ).toBe("http://127.0.0.1:2");
  });
});
