import { HASH_ALGORITHMS, HASH_ALGORITHM_NAMES, isHashAlgorithm } from "../fql/hash-algorithms.js";
import type { JsonValue } from "./types.js";

/**
 * What a hashed value looks like without its key (docs/simulator.md, "Tests without secrets"): a
 * test expectation `{ hashed: sha256-hex }` matches any digest of that algorithm and encoding, so a
 * test need not know the production hash key to check that a field was hashed.
 */
export interface HashShape {
  /** node:crypto's name: md5, sha1, sha256, sha384, sha512. */
  algorithm: string;
  /** node:crypto's encoding: HEX and BASE16 are both `hex`. */
  encoding: "hex" | "base64" | "base64url";
}

/** The key of a shape expectation: `{ hashed: sha256-hex }`. */
export const SHAPE_KEY = "hashed";

/** The encodings of `hashPropertiesConfiguration.encoding` (schemas/defs.schema.json, hashEncoding) as node:crypto names them. */
const ENCODINGS: Readonly<Record<string, HashShape["encoding"]>> = { HEX: "hex", BASE16: "hex", BASE64: "base64", BASE64URL: "base64url" };

/** Digest length in bytes of each algorithm. */
const DIGEST_BYTES: Readonly<Record<string, number>> = { md5: 16, sha1: 20, sha256: 32, sha384: 48, sha512: 64 };

/** How a shape is written: `<algorithm>-<encoding>`, the names of the document's fields, any case. */
export const SHAPE_SPELLING = `<algorithm>-<encoding>, e.g. sha256-hex (algorithms: ${HASH_ALGORITHM_NAMES.join(", ").toLowerCase()}; encodings: ${Object.keys(ENCODINGS).join(", ").toLowerCase()})`;

/** The shape a hash configuration gives its values; undefined for an algorithm or encoding the engine does not know. */
export function configShape(config: { algorithm: string; encoding?: string | null }): HashShape | undefined {
  if (!isHashAlgorithm(config.algorithm)) return undefined;
  const encoding = ENCODINGS[(config.encoding ?? "HEX").toUpperCase()];
  return encoding === undefined ? undefined : { algorithm: HASH_ALGORITHMS[config.algorithm.toUpperCase()]!, encoding };
}

/** `sha256-hex` (any case) as a shape; undefined when it names no algorithm and encoding. */
export function parseHashShape(text: string): HashShape | undefined {
  const dash = text.lastIndexOf("-");
  if (dash <= 0) return undefined;
  return configShape({ algorithm: text.slice(0, dash), encoding: text.slice(dash + 1) });
}

/** How reports and findings write a shape: `sha256-hex`. */
export const shapeName = (shape: HashShape): string => `${shape.algorithm}-${shape.encoding}`;

export const sameShape = (a: HashShape, b: HashShape): boolean => a.algorithm === b.algorithm && a.encoding === b.encoding;

/** A mapping holding only `hashed` (whatever its value): a shape expectation, or a malformed one. */
export function isShapeMarker(value: JsonValue | undefined): value is { [SHAPE_KEY]: JsonValue } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    Object.hasOwn(value, SHAPE_KEY)
  );
}

/** The shape a marker names; undefined when the marker is malformed (validation reports it). */
export function markerShape(value: JsonValue | undefined): HashShape | undefined {
  if (!isShapeMarker(value)) return undefined;
  const named = value[SHAPE_KEY];
  return typeof named === "string" ? parseHashShape(named) : undefined;
}

/**
 * Whether `value` is a digest of this shape exactly as the engine writes it: decoded, it has the
 * algorithm's length, and encoded again it is the same text (lowercase hex, base64 with its padding,
 * base64url without).
 */
export function hasShape(value: JsonValue | undefined, shape: HashShape): boolean {
  if (typeof value !== "string") return false;
  const bytes = Buffer.from(value, shape.encoding);
  return bytes.length === DIGEST_BYTES[shape.algorithm] && bytes.toString(shape.encoding) === value;
}
