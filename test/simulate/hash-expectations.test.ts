import { describe, expect, it } from "vitest";
import { makeHasher } from "../../src/simulate/hash.js";
import { resolveHashExpectations, testKeyedHashes } from "../../src/simulate/test-cases/hash-expectations.js";
import type { SimTransformation } from "../../src/simulate/types.js";
import type { Expectations } from "../../src/simulate/test-cases/types.js";

const hashing: SimTransformation = {
  name: "Hash email",
  sourceId: "src",
  enabled: true,
  if: "type = 'identify'",
  hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["traits.email"], key: "transync-test-key" },
};
const input = { type: "identify", traits: { email: "jane@example.com" } };
const digest = makeHasher({ algorithm: "SHA256", key: "transync-test-key" })("jane@example.com")!;
const output = { type: "identify", traits: { email: digest } };
const production = makeHasher({ algorithm: "SHA256", key: "the-real-one" })("jane@example.com")!;
const keyed = [...testKeyedHashes([hashing], new Map([["Hash email", "TRANSYNC_KEY_EMAIL"]])).values()];

describe("hashed values settled before the comparison", () => {
  it("a shape becomes the output's digest; an unhashed output or a digest equal to the input's value keeps the shape", () => {
    const shape = { contains: { traits: { email: { hashed: "sha256-hex" } } } };
    expect(resolveHashExpectations(shape, input, output, []).expect.contains).toEqual({ traits: { email: digest } });
    expect(resolveHashExpectations(shape, input, input, []).expect).toEqual(shape);
    const already = { type: "identify", traits: { email: digest } };
    expect(resolveHashExpectations(shape, already, already, []).expect).toEqual(shape);
    expect(resolveHashExpectations({ contains: { traits: { email: { hashed: "md5-hex" } } } }, input, output, []).expect.contains).toEqual({
      traits: { email: { hashed: "md5-hex" } },
    });
  });

  it("an exact digest of a test-keyed hash needs the variable; a value that is no digest, or any digest without the test key, is compared", () => {
    const exact = { event: { type: "identify", traits: { email: production } } };
    expect(resolveHashExpectations(exact, input, output, keyed)).toEqual({ expect: { event: output }, needs: ["TRANSYNC_KEY_EMAIL"] });
    expect(resolveHashExpectations(exact, input, output, [])).toEqual({ expect: exact, needs: [] });
    const plain = { contains: { traits: { email: "jane@example.com" } } };
    expect(resolveHashExpectations(plain, input, output, keyed)).toEqual({ expect: plain, needs: [] });
    const elsewhere = { contains: { traits: { other: production } } };
    expect(resolveHashExpectations(elsewhere, input, output, keyed)).toEqual({ expect: elsewhere, needs: [] });
  });

  it("keys named like Object.prototype members are plain keys", () => {
    const hostile = JSON.parse('{"contains":{"__proto__":{"hashed":"sha256-hex"},"constructor":1}}') as Expectations;
    const resolved = resolveHashExpectations(hostile, input, output, []).expect.contains!;
    expect(Object.keys(resolved)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
  });
});
