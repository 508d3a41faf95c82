import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { API_FLAGS, CACHE_VARIABLES } from "./shared-flags.js";

/** Flags of `transync import`; the work is in `src/commands/import.ts`. */
export const IMPORT = defineCommand({
  name: "import",
  description: "write the live transformations as YAML documents with their ids pinned (adopt what exists)",
  ends: "by itself",
  flags: {
    out: flag("--out <dir>", "folder to write").defaultShown("transync.yaml's `dir`, else `transformations`"),
    source: flag("--source <id...>", "only these sources (ids or aliases of --env)").defaultShown("transync.yaml's scope, else every source"),
    env: flag("--env <env>", "environment whose source aliases replace source ids").defaultShown("none: source ids are written as they are"),
    split: flag("--split", "one file per transformation (default: one file per source)"),
    force: flag("--force", "overwrite existing files"),
    repo: flag("--repo <path|url>", "read transync.yaml (aliases, scope, dir) from this git repository instead of the working tree").defaultShown("the working tree").env(...CACHE_VARIABLES),
    ref: flag("--ref <ref>", "read transync.yaml at this git ref").defaultShown("the working tree; HEAD of a --repo URL"),
    ...API_FLAGS,
  },
  load: () => import("../commands/import.js").then((m) => m.importCommand),
});
