import { describe, expect, it } from "vitest";
import { checkHashShapes, type ShapeTarget } from "../../src/simulate/test-cases/shape-check.js";
import { parseHashShape } from "../../src/simulate/hash-shape.js";
import type { TestCase } from "../../src/simulate/test-cases/types.js";

const at = { file: "tests/a.yaml", line: 8, col: 46 };
function testCase(path: string[], written: string, extra: Partial<TestCase> = {}): TestCase {
  return {
    file: "tests/a.yaml",
    line: 4,
    index: 0,
    name: "shaped",
    source: "web",
    sourceId: "src_web",
    event: {},
    expect: {},
    at: { source: at },
    shapes: [{ path, shape: parseHashShape(written)!, written, field: "cases.0.expect.contains.x.hashed", at }],
    ...extra,
  };
}
const hashes = (name: string, algorithm: string, paths: string[], extra: Partial<ShapeTarget> = {}): ShapeTarget => ({
  name,
  sourceId: "src_web",
  enabled: true,
  hashPropertiesConfiguration: { algorithm, paths },
  ...extra,
});

describe("shape expectations against the documents", () => {
  it("the document hashing the path decides; another path's hash counts only when none hashes that path (a rename may move it)", () => {
    const ts = [hashes("Email", "SHA256", ["traits.email"]), hashes("Phone", "MD5", ["traits.phone"])];
    expect(checkHashShapes([testCase(["traits", "email"], "sha256-hex")], ts)).toEqual([]);
    const wrong = checkHashShapes([testCase(["traits", "email"], "md5-hex")], ts);
    expect(wrong.map((d) => d.message)).toEqual([
      '{ hashed: md5-hex } is not how the document hashing traits.email hashes: "Email" hashes with SHA256, encoding HEX; write { hashed: sha256-hex }',
    ]);
    expect(wrong[0]).toMatchObject({ ...at, severity: "error", rule: "test-hashed", path: "cases.0.expect.contains.x.hashed" });
    expect(checkHashShapes([testCase(["traits", "email_hash"], "md5-hex")], ts)).toEqual([]);
    expect(checkHashShapes([testCase(["traits", "email_hash"], "sha1-hex")], ts)[0]!.message).toContain(
      "write { hashed: sha256-hex } or { hashed: md5-hex }",
    );
  });

  it("disabled transformations, other sources and other destinations hash nothing for the case", () => {
    const ts = [
      hashes("Off", "SHA256", ["traits.email"], { enabled: false }),
      hashes("Elsewhere", "SHA256", ["traits.email"], { sourceId: "src_other" }),
      hashes("Amplitude", "SHA256", ["traits.email"], { destinationMetadataId: "dest_amp" }),
    ];
    const shaped = testCase(["traits", "email"], "sha256-hex");
    expect(checkHashShapes([shaped], ts)[0]!.message).toContain(
      'no enabled transformation of source "web" this case reaches hashes anything',
    );
    expect(checkHashShapes([{ ...shaped, destinationId: "dest_amp" }], ts)).toEqual([]);
  });
});
