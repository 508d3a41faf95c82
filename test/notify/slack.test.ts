import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { escapeSlack } from "../../src/escape/slack-escape.js";
import { SLACK_MAX_LINES, slackBody } from "../../src/notify/slack.js";
import { NotifyState } from "../../src/notify/state-file.js";
import { UsageError } from "../../src/errors.js";
import type { NotifyMessage } from "../../src/notify/messages.js";

const message = (lines: string[]): NotifyMessage => ({
  event: "drift",
  environment: "prod",
  digest: "0".repeat(64),
  json: "{}",
  headline: "transync: drift in prod <!here>",
  lines,
});

describe("Slack messages", () => {
  it("escape &, < and > as Slack says, and control characters as text output does", () => {
    expect(escapeSlack("a & <!channel> <@U1> <https://x|y>\n\u202e")).toBe(
      "a &amp; &lt;!channel&gt; &lt;@U1&gt; &lt;https://x|y&gt;\\n\\u202e",
    );
  });

  it("list at most SLACK_MAX_LINES objects and count the rest; every string escaped", () => {
    const body = JSON.parse(slackBody(message(Array.from({ length: 25 }, (_, i) => `update "<obj ${i}>"`)))) as {
      text: string;
      blocks: Array<{ text: { type: string; text: string } }>;
    };
    expect(body.text).toBe("transync: drift in prod &lt;!here&gt;");
    const listed = body.blocks[1]!.text.text.split("\n");
    expect(listed).toHaveLength(SLACK_MAX_LINES + 1);
    expect(listed[0]).toBe('• update "&lt;obj 0&gt;"');
    expect(listed.at(-1)).toBe("… and 5 more");
  });

  it("a section longer than Slack's limit is cut at a line's end", () => {
    const body = JSON.parse(slackBody(message(Array.from({ length: 20 }, () => "&".repeat(200))))) as {
      blocks: Array<{ text: { text: string } }>;
    };
    const text = body.blocks[1]!.text.text;
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text.endsWith("\n…")).toBe(true);
    expect(
      text
        .split("\n")
        .slice(0, -1)
        .every((line) => /^• (&amp;)+$/.test(line)),
    ).toBe(true);
  });
});

describe("the notification state file", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "transync-notify-state-"));

  it("is written whole and read back; a missing file is an empty state", async () => {
    const cwd = dir();
    const state = await NotifyState.open(cwd, "state.json");
    expect(state.lastDigest("hook", "prod", "drift")).toBeUndefined();
    await state.record({ target: "hook", environment: "prod", event: "drift", digest: "a".repeat(64), at: "2026-11-29T00:00:00.000Z" });
    const again = await NotifyState.open(cwd, join(cwd, "state.json"));
    expect(again.lastDigest("hook", "prod", "drift")).toBe("a".repeat(64));
    expect(JSON.parse(readFileSync(join(cwd, "state.json"), "utf8"))).toMatchObject({ version: 1 });
  });

  it.each([
    ["not JSON", "{"],
    ["another version", '{"version":2,"sent":[]}'],
    ["entries that are not entries", '{"version":1,"sent":[{"target":"hook","digest":"x"}]}'],
  ])("one that is %s is a usage error naming the file", async (_what, text) => {
    const cwd = dir();
    writeFileSync(join(cwd, "state.json"), text);
    await expect(NotifyState.open(cwd, "state.json")).rejects.toThrow(UsageError);
    await expect(NotifyState.open(cwd, "state.json")).rejects.toThrow(/notification state file state\.json/);
  });
});
