import * as crypto from "node:crypto";
import { ValidationError } from "../errors.js";
import { hashText } from "../hash-text.js";
import { unsetHashKeyMessage } from "../model/hash-key-variable.js";
import { HASH_ALGORITHM_NAMES, HASH_ALGORITHMS, isHashAlgorithm } from "../fql/hash-algorithms.js";
import type { JsonValue } from "./types.js";

const ENCODINGS = { HEX: "hex", BASE16: "hex", BASE64: "base64", BASE64URL: "base64url" } as const;

export interface HashSettings {
  algorithm: string;
  /** A resolved key (HMAC); never an environment reference. */
  key?: string;
  encoding?: string;
}

/**
 * A hasher for one configuration, checked at once (an unknown algorithm or encoding, or an
 * unresolved key, is an error even when no path holds a value). The hasher returns undefined for a
 * value left as it is (null, missing, objects, lists). Strings hash their UTF-8 bytes; numbers and
 * booleans their JSON text (`1.5`, `true`). Node's `base64url` already omits the padding.
 */
export function makeHasher(settings: HashSettings): (value: JsonValue | undefined) => string | undefined {
  const algorithm = isHashAlgorithm(settings.algorithm) ? HASH_ALGORITHMS[settings.algorithm.toUpperCase()] : undefined;
  if (algorithm === undefined) {
    throw new ValidationError(
      `hashPropertiesConfiguration.algorithm "${settings.algorithm}" is not one of ${HASH_ALGORITHM_NAMES.join(", ")}`,
    );
  }
  const encodingName = (settings.encoding ?? "HEX").toUpperCase();
  const encoding = Object.hasOwn(ENCODINGS, encodingName) ? ENCODINGS[encodingName as keyof typeof ENCODINGS] : undefined;
  if (encoding === undefined) {
    throw new ValidationError(`hashPropertiesConfiguration.encoding "${settings.encoding}" is not one of HEX, BASE16, BASE64, BASE64URL`);
  }
  const key: unknown = settings.key;
  const fromEnv = (key as { fromEnv?: unknown } | null)?.fromEnv;
  if (typeof fromEnv === "string") {
    throw new ValidationError(unsetHashKeyMessage(fromEnv, "the simulator cannot hash this transformation's values without it"));
  }
  if (key !== undefined && typeof key !== "string") {
    // The message names the field, never the key's value: secrets stay out of output.
    throw new ValidationError(
      "hashPropertiesConfiguration.key must be resolved to a string before simulating (the caller resolves a fromEnv reference)",
    );
  }
  return (value) => {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (key === undefined) return hashText(algorithm, text, encoding);
    return crypto.createHmac(algorithm, key).update(text, "utf8").digest(encoding);
  };
}
