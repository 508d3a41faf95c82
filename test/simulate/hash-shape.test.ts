import { describe, expect, it } from "vitest";
import { makeHasher } from "../../src/simulate/hash.js";
import { configShape, hasShape, markerShape, parseHashShape } from "../../src/simulate/hash-shape.js";

const ALGORITHMS = ["MD5", "SHA1", "SHA256", "SHA384", "SHA512"];
const ENCODINGS = ["HEX", "BASE16", "BASE64", "BASE64URL"];

describe("hash shapes", () => {
  it("every digest the engine writes has its configuration's shape, keyed or not, and not another algorithm's in that encoding", () => {
    for (const algorithm of ALGORITHMS) {
      for (const encoding of ENCODINGS) {
        for (const key of [undefined, "transync-test-key"]) {
          const digest = makeHasher({ algorithm, encoding, ...(key === undefined ? {} : { key }) })("jane@example.com");
          const own = configShape({ algorithm, encoding })!;
          expect(hasShape(digest, own), `${algorithm} ${encoding}`).toBe(true);
          for (const other of ALGORITHMS.filter((a) => a !== algorithm))
            expect(hasShape(digest, configShape({ algorithm: other, encoding })!), `${algorithm} as ${other} ${encoding}`).toBe(false);
        }
      }
    }
  });

  it("near misses are not the shape: uppercase hex, a missing pad, one character short, base64 where base64url is named", () => {
    const sha256Hex = parseHashShape("sha256-hex")!;
    const digest = makeHasher({ algorithm: "SHA256" })("x")!;
    expect(hasShape(digest, sha256Hex)).toBe(true);
    expect(hasShape(digest.toUpperCase(), sha256Hex)).toBe(false);
    expect(hasShape(digest.slice(1), sha256Hex)).toBe(false);
    expect(hasShape(64, sha256Hex)).toBe(false);
    const b64 = makeHasher({ algorithm: "SHA256", encoding: "BASE64" })("x")!;
    expect(b64.endsWith("=")).toBe(true);
    expect(hasShape(b64.replace(/=+$/, ""), parseHashShape("sha256-base64")!)).toBe(false);
    expect(hasShape(b64, parseHashShape("sha256-base64url")!)).toBe(false);
  });

  it("spellings: <algorithm>-<encoding> in any case, BASE16 is hex; anything else names no shape", () => {
    expect(parseHashShape("SHA256-Base16")).toEqual({ algorithm: "sha256", encoding: "hex" });
    expect(parseHashShape("md5-base64url")).toEqual({ algorithm: "md5", encoding: "base64url" });
    for (const bad of ["sha256", "sha256-", "-hex", "sha3-hex", "sha256-hax", "sha256-hex-hex", "__proto__-hex"])
      expect(parseHashShape(bad), bad).toBeUndefined();
    expect(markerShape({ hashed: "sha1-hex" })).toEqual({ algorithm: "sha1", encoding: "hex" });
    expect(markerShape({ hashed: "sha1-hex", other: 1 })).toBeUndefined();
    expect(markerShape({ hashed: 1 })).toBeUndefined();
  });
});
