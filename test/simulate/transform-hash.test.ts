import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors.js";
import { transformEvent } from "../../src/simulate/transform-event.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";
import { fakeEngine } from "./fake-engine.js";

// Known digests, from the published test vectors (FIPS 180 "abc", RFC 1321, RFC 2104/4231 "Jefe")
// and from `openssl dgst` for the rest; none is computed with node:crypto here.
const ABC = {
  MD5: "900150983cd24fb0d6963f7d28e17f72",
  SHA1: "a9993e364706816aba3e25717850c26c9cd0d89d",
  SHA256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  SHA384: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
  SHA512:
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
};
const JEFE = "what do ya want for nothing?";

const engine = fakeEngine();
function hashOf(value: JsonValue, config: Partial<NonNullable<SimTransformation["hashPropertiesConfiguration"]>>): JsonValue | undefined {
  const t: SimTransformation = {
    name: "H",
    sourceId: "web",
    enabled: true,
    if: "all",
    hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.v"], ...config },
  };
  const out = transformEvent(t, { type: "track", properties: { v: value } }, engine).event as { properties: Record<string, JsonValue> };
  return out.properties.v;
}

describe("step 8: hashPropertiesConfiguration", () => {
  it.each(Object.entries(ABC))("%s of a string, hex by default", (algorithm, digest) => {
    expect(hashOf("abc", { algorithm })).toBe(digest);
  });
  it("algorithm names are case-insensitive", () => {
    expect(hashOf("abc", { algorithm: "sha256" })).toBe(ABC.SHA256);
    expect(hashOf("abc", { algorithm: "Md5" })).toBe(ABC.MD5);
  });
  it("BASE16 is lower-case hex like HEX", () => {
    expect(hashOf("abc", { encoding: "BASE16" })).toBe(ABC.SHA256);
    expect(hashOf("abc", { encoding: "HEX" })).toBe(ABC.SHA256);
  });
  it("BASE64 keeps its padding, BASE64URL has none", () => {
    expect(hashOf("abc", { encoding: "BASE64" })).toBe("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    expect(hashOf("abc", { encoding: "BASE64URL" })).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });
  it("a key means HMAC", () => {
    expect(hashOf(JEFE, { key: "Jefe" })).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    expect(hashOf(JEFE, { algorithm: "MD5", key: "Jefe" })).toBe("750c783e6ab0b503eaa86e310a5db738");
    expect(hashOf("a@b.co", { key: "s3cr3t", encoding: "BASE64" })).toBe("7t1ZYER11LW4VnaIa9wQMONCOAHV4DdwhjJK7FWaVPc=");
  });
  it("strings hash their UTF-8 bytes", () => {
    expect(hashOf("é", { algorithm: "SHA1" })).toBe("bf15be717ac1b080b4f1c456692825891ff5073d");
  });
  it("numbers and booleans hash their JSON text", () => {
    expect(hashOf(42, {})).toBe("73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049");
    expect(hashOf(1.5, { algorithm: "MD5" })).toBe("6008647277c4454cecd97d33c069f0ca");
    expect(hashOf(true, { algorithm: "MD5" })).toBe("b326b5062b2f0e69046810717534cb09");
    expect(hashOf("", { algorithm: "MD5" })).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });
  it.each([null, { a: "x" }, ["x"]])("leaves %j as it is", (value) => {
    expect(hashOf(value, {})).toEqual(value);
  });
  it("a missing path stays missing; paths are full and escaped; each is reported", () => {
    const t: SimTransformation = {
      name: "H",
      sourceId: "web",
      enabled: true,
      if: "all",
      hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.gone", "context.traits.email", "properties.a\\.b", "userId"] },
    };
    const event = { type: "track", userId: "abc", properties: { "a.b": "abc" }, context: { traits: { email: "abc" } } };
    const result = transformEvent(t, event, engine);
    expect(result.event).toEqual({
      type: "track",
      userId: ABC.MD5,
      properties: { "a.b": ABC.MD5 },
      context: { traits: { email: ABC.MD5 } },
    });
    expect(result.touched).toEqual(["context.traits.email", "properties.a\\.b", "userId"]);
  });
  it("a path listed twice, or written two ways, is hashed once, not hashed again", () => {
    const t: SimTransformation = {
      name: "H",
      sourceId: "web",
      enabled: true,
      if: "all",
      hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.email", "properties.email", "properties.em\\ail"] },
    };
    const result = transformEvent(t, { type: "track", properties: { email: "abc" } }, engine);
    expect(result.event).toEqual({ type: "track", properties: { email: ABC.MD5 } });
    expect(result.touched).toEqual(["properties.email"]);
  });
  it("a path through a list or a scalar is left as it is", () => {
    const t: SimTransformation = {
      name: "H",
      sourceId: "web",
      enabled: true,
      if: "all",
      hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.items.0", "properties.s.x"] },
    };
    const event = { type: "track", properties: { items: ["abc"], s: "abc" } };
    expect(transformEvent(t, event, engine)).toMatchObject({ event, touched: [] });
  });
  it("hashes the names as they are after renames", () => {
    const t: SimTransformation = {
      name: "H",
      sourceId: "web",
      enabled: true,
      if: "all",
      propertyRenames: [{ oldName: "mail", newName: "email" }],
      hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.email", "properties.mail"] },
    };
    expect(transformEvent(t, { type: "track", properties: { mail: "abc" } }, engine).event).toEqual({
      type: "track",
      properties: { email: ABC.MD5 },
    });
  });
  it("an unknown algorithm or encoding is a ValidationError, even with nothing to hash", () => {
    expect(() => hashOf(null, { algorithm: "SHA3" })).toThrow(ValidationError);
    expect(() => hashOf(null, { algorithm: "SHA3" })).toThrow(/algorithm "SHA3" is not one of MD5/);
    expect(() => hashOf("x", { encoding: "BASE32" as "HEX" })).toThrow(/encoding "BASE32"/);
  });
  it("an unresolved fromEnv key is refused without printing anything of it", () => {
    const key = { fromEnv: "TRANSYNC_KEY_EMAIL" } as unknown as string;
    expect(() => hashOf("x", { key })).toThrow(/the hash key comes from the environment variable TRANSYNC_KEY_EMAIL, which is not set/);
    expect(() => hashOf("x", { key: 5 as unknown as string })).toThrow(/must be resolved to a string/);
  });
  it("a secret key never appears in the error", () => {
    let message = "";
    try {
      hashOf("x", { key: "topsecret", algorithm: "nope" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/algorithm/);
    expect(message).not.toContain("topsecret");
  });
});
