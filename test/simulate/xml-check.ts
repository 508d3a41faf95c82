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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The values of `attribute` on each `<element>` of well-formed XML, as an XML 1.0 parser reports them: line
 * ends normalised (§2.11), literal white space in a value read as a space (§3.3.3), then the five entities and
 * character references decoded (a reference is never normalised: that is how a tab or a CR survives).
 */
export function xmlAttributeValues(xml: string, element: string, attribute: string): string[] {
  const normalised = xml.replace(/\r\n?/g, "\n");
  const tags = normalised.matchAll(new RegExp(`<${element}((?:\\s+[A-Za-z_][\\w.-]*="[^"<]*")*)\\s*/?>`, "g"));
  return [...tags].flatMap((tag) => {
    const value = new RegExp(`\\s${attribute}="([^"<]*)"`).exec(tag[1]!)?.[1];
    return value === undefined ? [] : [decodeXml(value.replace(/[\t\n]/g, " "))];
  });
}

function decodeXml(text: string): string {
  return text.replace(/&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g, (_all, name?: string, dec?: string, hex?: string) =>
    name !== undefined ? ENTITIES[name]! : String.fromCodePoint(dec !== undefined ? Number(dec) : parseInt(hex!, 16)),
  );
}
