/**
 * The text of a generated JSON file (the schemas under schemas/): a value stays on one line when it
 * fits in the width (Prettier's, .prettierrc), else its members go one per line; a list of names or
 * numbers always stays on one line. The same value gives
 * the same text, so a test can compare a file with what `npm run schemas` would write.
 */
const WIDTH = 140;

function flat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${flat(member)}`);
    return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
  }
  return JSON.stringify(value);
}

const isScalarList = (value: object): boolean =>
  Array.isArray(value) && value.every((item: unknown) => item === null || typeof item !== "object");

/** `value` indented by `indent` spaces, after `lead` characters already on its first line. */
function text(value: unknown, indent: number, lead: number): string {
  const oneLine = flat(value);
  const fits = indent + lead + oneLine.length + 1 <= WIDTH;
  if (fits || value === null || typeof value !== "object" || isScalarList(value)) return oneLine;
  const inner = " ".repeat(indent + 2);
  const close = `\n${" ".repeat(indent)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => inner + text(item, indent + 2, 0)).join(",\n")}${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const members = entries.map(([key, member]) => {
    const name = `${JSON.stringify(key)}: `;
    return inner + name + text(member, indent + 2, name.length);
  });
  return `{\n${members.join(",\n")}${close}}`;
}

/** The file's text: `value` laid out, with a final newline. */
export function jsonText(value: unknown): string {
  return `${text(value, 0, 0)}\n`;
}
