import { REDACTED } from "./redact.js";

type Json = Record<string, unknown>;

function scrubString(text: string, secret: string): string {
  return text.includes(secret) ? text.split(secret).join(REDACTED) : text;
}

/**
 * Whether parsed JSON may hold `secret` in a string: without any backslash escape in the text, each
 * parsed string is a slice of it, so a secret absent from the text is absent from the value. With
 * escapes (`\u0073` spells "s") the value has to be walked.
 */
export function jsonMayHold(text: string, secret: string): boolean {
  return secret !== "" && (text.includes(secret) || text.includes("\\"));
}

/**
 * Replaces `secret` in every string of a freshly parsed JSON value, keys included, in place.
 * Iterative, so a deeply nested reply cannot overflow the stack.
 */
export function scrubJson(value: unknown, secret: string): unknown {
  return mapJsonStrings(value, (text) => scrubString(text, secret));
}

/** Every string of a freshly parsed JSON value, keys included, passed through `map` in place. */
export function mapJsonStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      node.forEach((item: unknown, i) => {
        if (typeof item === "string") node[i] = map(item);
        else if (typeof item === "object" && item !== null) stack.push(item);
      });
    } else if (typeof node === "object" && node !== null) {
      mapObject(node as Json, map, stack);
    }
  }
  return value;
}

function mapObject(node: Json, map: (text: string) => string, stack: unknown[]): void {
  for (const key of Object.keys(node)) {
    const item = node[key];
    if (typeof item === "string") node[key] = map(item);
    else if (typeof item === "object" && item !== null) stack.push(item);
    const mapped = map(key);
    if (mapped !== key) {
      node[mapped] = node[key];
      delete node[key];
    }
  }
}
