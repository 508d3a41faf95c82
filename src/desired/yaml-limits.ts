import { FILE_LIMITS } from "./file-rules.js";

/** Limits that keep hostile input (huge files, YAML bombs, deep nesting) bounded in time and memory. */
export const YAML_LIMITS = {
  /** The file rules' cap (file-rules.ts), repeated here for the YAML readers' callers. */
  maxFileBytes: FILE_LIMITS.maxFileBytes,
  maxDocumentsPerFile: 10_000,
  /** How many times aliases may be expanded while converting one document (yaml's resource guard). */
  maxAliasCount: 100,
  maxDepth: 64,
};
