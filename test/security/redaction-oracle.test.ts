import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { doc, tempProject } from "../helpers/project.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/**
 * A pull request writes the documents; whether a string it wrote is a piece of a secret must change
 * no output beyond that string's own characters. The redactor used to replace "the longest prefix
 * of a secret right before any ellipsis", so `allowProperties: ["sgp_Q6...", "sgp_Q7..."]` printed
 * `[redacted]...` for exactly the right guess, and a token was rebuilt one character at a time.
 * Secrets here are letters and digits, so every format writes a guess as is and the outputs can be
 * compared character for character.
 */
const TOKEN = "sgpQ6rT2x9LmW4vB8nK1cZ7hJ3fD5sA0";
const GITHUB = "ghs0123456789abcdefghijklmnopqrstuvwxyzAB";
const KEY = "pepperKey7Hx2Lq9Zw4Vt8Rb3Ny6Mc1";
const SECRETS = [TOKEN, GITHUB, KEY];
const SRC = "src_web";
const env = (url: string): NodeJS.ProcessEnv => ({
  SEGMENT_API_TOKEN: TOKEN,
  SEGMENT_API_URL: url,
  GITHUB_TOKEN: GITHUB,
  TRANSYNC_KEY_EMAIL: KEY,
  TRANSYNC_LOG_LEVEL: "warn",
});

/** What a document holds: a fixed lead (so the guess is found in the output by itself), the guess, an ellipsis. */
const probe = (guess: string, ellipsis: string): string => `Zq${guess}${ellipsis}`;

const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };

function planProject(text: string): Record<string, string> {
  return {
    "transformations/p.yaml": doc(`probe ${text}`, SRC, {
      if: `event = '${text}'`,
      newEventName: text,
      allowProperties: [text, "email"],
      hashPropertiesConfiguration: hash,
    }),
  };
}

function testProject(text: string): Record<string, string> {
  const event = { type: "track", event: "Signed Up", properties: { email: "a@b.c", note: text, [text]: 1 } };
  const cases = [{ name: `case ${text}`, source: SRC, event, expect: { event: { ...event, properties: { note: `not ${text}` } } } }];
  return {
    "transformations/t.yaml": doc("Hash", SRC, { if: "event = 'Signed Up'", hashPropertiesConfiguration: hash }),
    "tests/t.yaml": JSON.stringify({ apiVersion: "transync/v1", kind: "TransformationTest", cases }),
  };
}

async function runIn(files: Record<string, string>, args: string[], url: string): Promise<CliRun> {
  const project = tempProject(files);
  try {
    return await runCli(args, { env: env(url), cwd: project.dir });
  } finally {
    project.cleanup();
  }
}

/** The plan's digest is made over everything the plan holds, the guess included; it is set aside. */
const withoutDigest = (text: string): string => text.replace(/sha256:[0-9a-f]{64}/g, "sha256:…");

/**
 * `other` puts back `guess` wherever it stands after the lead (an ellipsis may be escaped after it, as in
 * a path): then the two runs must match exactly.
 */
function expectSameOutside(withGuess: CliRun, withOther: CliRun, guess: string, other: string): void {
  const back = (text: string): string => withoutDigest(text.split(probe(other, "")).join(probe(guess, "")));
  expect(back(withOther.stdout)).toBe(withoutDigest(withGuess.stdout));
  expect(back(withOther.stderr)).toBe(withoutDigest(withGuess.stderr));
  expect(withOther.code).toBe(withGuess.code);
}

/** A piece of a secret that starts it (`secret[0:k]`), and `k` other letters or digits. */
const guessAndOther = fc
  .record({
    secret: fc.constantFrom(...SECRETS),
    k: fc.integer({ min: 1, max: 31 }),
    seed: fc.array(fc.constantFrom(..."abcXYZ0189"), { minLength: 31, maxLength: 31 }),
  })
  .map(({ secret, k, seed }) => ({
    guess: secret.slice(0, Math.min(k, secret.length - 1)),
    other: seed.slice(0, Math.min(k, secret.length - 1)).join(""),
  }));
const ellipsis = fc.constantFrom("...", "…");

describe("the redactor answers no questions", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    // The workspace lists its source, as Segment's do (else plan warns that it could not check it, a log line with a time).
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_live", name: "Live", sourceId: SRC, enabled: true, if: "all" }]),
          tokens: [TOKEN],
          sources: [{ id: SRC }],
        },
      ],
    });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("the attack of the issue: two guesses of the token's next character print alike in a Markdown plan", async () => {
    const outputs = [];
    for (const guess of [TOKEN.slice(0, 6), `${TOKEN.slice(0, 5)}7`]) {
      const res = await runIn(planProject(probe(guess, "...")), ["plan", "--format", "markdown"], emulator.url);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).not.toContain("[redacted]");
      outputs.push(res.stdout.split(guess).join("<guess>"));
    }
    expect(withoutDigest(outputs[1]!)).toBe(withoutDigest(outputs[0]!));
  });

  it("plan, in text, JSON and Markdown: a document holding secret[0:k] + an ellipsis prints as one holding k other characters", async () => {
    await fc.assert(
      fc.asyncProperty(guessAndOther, ellipsis, fc.constantFrom("text", "json", "markdown"), async ({ guess, other }, mark, format) => {
        const args = ["plan", "--format", format];
        const withGuess = await runIn(planProject(probe(guess, mark)), args, emulator.url);
        const withOther = await runIn(planProject(probe(other, mark)), args, emulator.url);
        expect(withGuess.code, withGuess.stderr).toBe(0);
        expectSameOutside(withGuess, withOther, guess, other);
      }),
      { numRuns: 6 },
    );
  }, 240_000);

  it("transync test, in text, JSON and JUnit: the same for an event's values, keys and a case's name", async () => {
    await fc.assert(
      fc.asyncProperty(guessAndOther, ellipsis, fc.constantFrom("text", "json", "junit"), async ({ guess, other }, mark, format) => {
        const args = ["test", "--format", format];
        const withGuess = await runIn(testProject(probe(guess, mark)), args, emulator.url);
        const withOther = await runIn(testProject(probe(other, mark)), args, emulator.url);
        expect(withGuess.code, withGuess.stderr).toBe(1);
        expectSameOutside(withGuess, withOther, guess, other);
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});

describe("SecretRegistry.redact", () => {
  const registry = (): SecretRegistry => {
    const secrets = new SecretRegistry();
    for (const secret of SECRETS) secrets.add(secret);
    return secrets;
  };

  it("text holding secret[0:k], before or after an ellipsis or not, is left as written, as with k other characters", () => {
    const around = fc.string({ unit: fc.constantFrom(..."ab .…\"'[]"), maxLength: 12 });
    fc.assert(
      fc.property(guessAndOther, around, around, ({ guess, other }, before, after) => {
        // No whole secret is in either text (the characters around are none of a secret's), so both stay as written.
        const secrets = registry();
        expect(secrets.redact(`${before}${guess}${after}`)).toBe(`${before}${guess}${after}`);
        expect(secrets.redact(`${before}${other}${after}`)).toBe(`${before}${other}${after}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("still redacts each whole secret, anywhere", () => {
    expect(registry().redact(`a${TOKEN}b ...${GITHUB}… ${KEY}...`)).toBe("a[redacted]b ...[redacted]… [redacted]...");
  });
});
