import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A new opaque id: 27 base62 characters, the shape of the real service's KSUID-like ids
 * (e.g. `2NhispQ7Fe92M4h69ZO0f0EoNbg`). Random, so ids never reveal creation order.
 */
export function newId(length = 27): string {
  const bytes = randomBytes(length * 2);
  let id = "";
  for (let i = 0; id.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) id += BASE62[b % 62]; // 248 = 4 * 62: keeps the distribution uniform
  }
  return id.length === length ? id : newId(length);
}
