import { describe, expect, it } from "vitest";
import { SecretRegistry, redactingStream } from "../../src/redact.js";
import { createProgress } from "../../src/apply/progress.js";
import { withStatusLine, silentLogger } from "../../src/log.js";

/**
 * Output shortens long text (a reply snippet at 160 characters, a long event value, a divergence at
 * 120, the progress line at the terminal's width). A secret cut there would pass the redactor whole
 * and reveal its first characters; every cut ends with an ellipsis, and a secret's prefix right before
 * one is redacted.
 */
const SECRET = "ghs_0123456789abcdefghijklmnopqrstuvwxyz";

function registry(): SecretRegistry {
  const secrets = new SecretRegistry();
  secrets.add(SECRET);
  return secrets;
}

describe("a secret cut short by an ellipsis", () => {
  it.each(["…", "..."])("its prefix before %s is redacted, in any of its encoded forms", (ellipsis) => {
    const secrets = registry();
    expect(secrets.redact(`reply: "bad ${SECRET.slice(0, 20)}${ellipsis}"`)).toBe(`reply: "bad [redacted]${ellipsis}"`);
    expect(secrets.redact(`x ${SECRET.slice(0, 6)}${ellipsis} (12 more characters)`)).toBe(`x [redacted]${ellipsis} (12 more characters)`);
  });

  it.each(["…", "..."])("its suffix after %s (an excerpt that starts mid-secret) is redacted", (ellipsis) => {
    const secrets = registry();
    expect(secrets.redact(`- "${ellipsis}${SECRET.slice(-15)}' and more${ellipsis}"`)).toBe(`- "${ellipsis}[redacted]' and more${ellipsis}"`);
  });

  it("text that merely shares a few first characters, or has no ellipsis, is left alone", () => {
    const secrets = registry();
    expect(secrets.redact("ghs_0… and ghs_ and 0123456789abc …xyz")).toBe("ghs_0… and ghs_ and 0123456789abc …xyz");
  });
});

describe("the apply progress line", () => {
  it("cut at the terminal's width, shows no prefix of a secret in an object's name", () => {
    let out = "";
    const secrets = registry();
    const stream = withStatusLine(redactingStream({ write: (s: string) => ((out += s), true), isTTY: true, columns: 40 }, secrets));
    const progress = createProgress({ stream, logger: silentLogger(), total: 1 });
    progress.onEvent({ type: "start", index: 0, kind: "create", name: `echo ${SECRET}` });
    progress.finish();
    expect(out).toContain("[redacted]");
    expect(out).not.toContain(SECRET.slice(0, 6));
  });
});
