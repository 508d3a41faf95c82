import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { DEFAULT_API_URL, redactUrl, resolveApiSettings } from "../../src/live/settings.js";

const env = { SEGMENT_API_TOKEN: "tok_abc" };

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a UsageError");
}

describe("resolveApiSettings", () => {
  it("uses the defaults: no --rate ceiling (the pacer follows the server)", () => {
    expect(resolveApiSettings({ flags: {}, env })).toEqual({
      baseUrl: DEFAULT_API_URL,
      token: "tok_abc",
      tokenEnv: "SEGMENT_API_TOKEN",
      maxRetries: 5,
      retryBudgetMs: 60_000,
      timeoutMs: 30_000,
      maxReplyBytes: 32 * 1024 * 1024,
    });
  });

  it("takes the base URL from flag > SEGMENT_API_URL > project file", () => {
    const all = { flags: { apiUrl: "http://flag:1/" }, env: { ...env, SEGMENT_API_URL: "http://env:2" }, projectApiUrl: "http://file:3" };
    expect(resolveApiSettings(all).baseUrl).toBe("http://flag:1");
    expect(resolveApiSettings({ ...all, flags: {} }).baseUrl).toBe("http://env:2");
    expect(resolveApiSettings({ ...all, flags: { allowApiHost: ["file:3"] }, env }).baseUrl).toBe("http://file:3");
  });

  it("keeps a path prefix without a trailing slash", () => {
    expect(resolveApiSettings({ flags: { apiUrl: "https://proxy.example/segment/" }, env }).baseUrl).toBe("https://proxy.example/segment");
  });

  it("takes rate, retries and budget from flags", () => {
    const settings = resolveApiSettings({ flags: { rate: 2.5, maxRetries: 0, retryBudget: 1.5 }, env });
    expect(settings).toMatchObject({ rate: 2.5, maxRetries: 0, retryBudgetMs: 1500 });
  });

  it("rejects bad numbers naming the flag", () => {
    expect(usageMessage(() => resolveApiSettings({ flags: { rate: 0 }, env }))).toContain("--rate");
    expect(usageMessage(() => resolveApiSettings({ flags: { maxRetries: 1.5 }, env }))).toContain("--max-retries");
    expect(usageMessage(() => resolveApiSettings({ flags: { retryBudget: Number.NaN }, env }))).toContain("--retry-budget");
  });

  it("names SEGMENT_API_TOKEN when the token is missing or blank", () => {
    expect(usageMessage(() => resolveApiSettings({ flags: {}, env: {} }))).toContain("SEGMENT_API_TOKEN");
    expect(usageMessage(() => resolveApiSettings({ flags: {}, env: { SEGMENT_API_TOKEN: "  " } }))).toContain("SEGMENT_API_TOKEN");
  });

  it("rejects a token that cannot go in a header without echoing it", () => {
    const message = usageMessage(() => resolveApiSettings({ flags: {}, env: { SEGMENT_API_TOKEN: "abc def\u00e9" } }));
    expect(message).toContain("SEGMENT_API_TOKEN");
    expect(message).not.toContain("abc def");
  });

  it("rejects non-http URLs, naming where they came from", () => {
    expect(usageMessage(() => resolveApiSettings({ flags: { apiUrl: "ftp://x" }, env }))).toContain("--api-url");
    expect(usageMessage(() => resolveApiSettings({ flags: {}, env: { ...env, SEGMENT_API_URL: "not a url" } }))).toContain(
      "SEGMENT_API_URL",
    );
    expect(usageMessage(() => resolveApiSettings({ flags: {}, env, projectApiUrl: "api.segmentapis.com" }))).toContain("transync.yaml");
  });

  it("says why a URL with a port over 65535 is not a URL", () => {
    expect(usageMessage(() => resolveApiSettings({ flags: { apiUrl: "http://127.0.0.1:99999" }, env }))).toContain(
      '"http://127.0.0.1:99999" is not a URL (port 99999 is over 65535)',
    );
    expect(usageMessage(() => resolveApiSettings({ flags: { apiUrl: "http://exa mple" }, env }))).not.toContain("port");
  });

  it("never shows URL credentials in a message", () => {
    const message = usageMessage(() => resolveApiSettings({ flags: { apiUrl: "https://user:hunter2@api.example" }, env }));
    expect(message).not.toContain("hunter2");
    expect(message).toContain("api.example");
    expect(redactUrl("https://u:p4ss@h.example/x")).toBe("https://h.example/x");
    expect(redactUrl("weird://u:p4ss@ bad")).not.toContain("p4ss");
  });
});
