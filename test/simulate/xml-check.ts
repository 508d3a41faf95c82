import { expect } from "vitest";

/**
 * A small well-formedness check for the XML transync writes (no library for XML is installed): one
 * declaration, balanced elements, quoted attributes, only the five entities and numeric references,
 * no raw `<` or `&` in text, and no character XML 1.0 forbids.
 */
export function checkXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML forbids
  expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml)).toBe(false);
  const body = xml.slice(xml.indexOf("\n") + 1);
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body)) !== null) {
    consumed = token.lastIndex;
    const [, close, name, attrs, selfClose, text] = match;
    const content = text ?? attrs ?? "";
    expect(content.replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, "")).not.toMatch(/[&<]/);
    if (text !== undefined) continue;
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) stack.push(name!);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
}
