import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseAllDocuments } from "yaml";

/** The `$schema` of a file's `# yaml-language-server:` comment, or undefined. */
export const schemaRefOf = (text: string): string | undefined => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];

/**
 * Opens `yamlFile` as an editor's YAML language server does: its `$schema` resolved from the file's
 * folder, the schema loaded from there, every `$ref` loaded relative to the schema that holds it (no
 * network: a reference that is not a file fails), then each document of the file validated against it.
 * Returns the validation messages (empty: the file resolves and is valid); throws when a schema
 * cannot be loaded.
 */
export async function openWithSchema(yamlFile: string): Promise<string[]> {
  const text = readFileSync(yamlFile, "utf8");
  const ref = schemaRefOf(text);
  if (ref === undefined) throw new Error(`${yamlFile}: no $schema line`);
  if (/^[a-z]+:/i.test(ref)) throw new Error(`${yamlFile}: $schema ${ref} is not a path in the repository`);
  const schemaUrl = pathToFileURL(resolve(dirname(yamlFile), ref)).href;
  const load = (url: string): Record<string, unknown> => {
    if (!url.startsWith("file:")) throw new Error(`unable to load schema ${url}: not a file`);
    return JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as Record<string, unknown>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, loadSchema: async (url) => load(url) });
  ajv.addSchema(load(schemaUrl), schemaUrl);
  const validate = await ajv.compileAsync({ $ref: schemaUrl });
  return parseAllDocuments(text).flatMap((doc, i) =>
    validate(doc.toJS()) ? [] : (validate.errors ?? []).map((e) => `document ${i + 1}${e.instancePath} ${e.message}`),
  );
}
