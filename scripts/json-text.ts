/**
 * The text of a generated JSON file (the schemas under schemas/), laid out by Prettier with the
 * project's settings (.prettierrc.json) from the value written on one line: a value that fits the
 * width stays on one line, else its members go one per line. The same value gives the same text,
 * so a test can compare a file with what `npm run schemas` would write.
 */
import { format, resolveConfig } from "prettier";

/** The text of `value` as the JSON file at `path` (absolute; its name picks Prettier's JSON parser), with a final newline. */
export async function jsonText(value: unknown, path: string): Promise<string> {
  const options = await resolveConfig(path);
  return format(JSON.stringify(value), { ...options, filepath: path });
}
