/**
 * The hash algorithms of `hashPropertiesConfiguration`: what validation accepts (src/kinds/transformation/path-rules.ts)
 * and what the event engine hashes with (src/simulate/hash.ts).
 */

/** Segment's names (case-insensitive) mapped to node:crypto's. */
export const HASH_ALGORITHMS: Readonly<Record<string, string>> = {
  MD5: "md5",
  SHA1: "sha1",
  SHA256: "sha256",
  SHA384: "sha384",
  SHA512: "sha512",
};
/** The algorithm names Segment accepts, as documented (any case). */
export const HASH_ALGORITHM_NAMES: readonly string[] = Object.freeze(Object.keys(HASH_ALGORITHMS));

export function isHashAlgorithm(name: string): boolean {
  return Object.hasOwn(HASH_ALGORITHMS, name.toUpperCase());
}
