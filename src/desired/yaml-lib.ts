import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let loaded: typeof Yaml | undefined;

/**
 * The `yaml` library, loaded on first use. Only the exact reader needs it (read-yaml.ts: a file the
 * fast path does not read, and the node tree that positions a finding); a plan or validate run whose
 * files all read on the fast path (fast-yaml.ts) never loads its ~70 module files.
 */
export function yamlLib(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)("yaml") as typeof Yaml;
  return loaded;
}
