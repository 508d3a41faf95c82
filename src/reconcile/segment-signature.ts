import { createHmac, timingSafeEqual } from "node:crypto";

/** The digests a signature header may name, and the hex length of each. */
const DIGESTS = { sha1: 40, sha256: 64 } as const;

/**
 * Whether `header` signs `rawBody` with `secret`. Segment's Webhooks destination sends `X-Signature:
 * <hex HMAC-SHA1 of the body, keyed with the shared secret>`
 * (https://segment.com/docs/connections/destinations/catalog/webhooks/, "Authentication"); a relay of
 * one's own may send `sha1=<hex>` or `sha256=<hex>` (GitHub's form). The body is the bytes received,
 * never a re-serialisation; the comparison takes the same time wherever the digests differ.
 */
export function verifySegmentSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (header === undefined) return false;
  const match = /^(?:(sha1|sha256)=)?([0-9a-fA-F]+)$/.exec(header.trim());
  if (!match) return false;
  const algorithm = (match[1] ?? "sha1") as keyof typeof DIGESTS;
  const hex = match[2]!;
  if (hex.length !== DIGESTS[algorithm]) return false;
  const expected = createHmac(algorithm, secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, "hex"), expected);
}
