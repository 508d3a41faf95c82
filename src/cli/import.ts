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
    source: flag("--source <id...>", "only these sources (ids or aliases of --env)").defaultShown(
      "transync.yaml's scope, else every source",
    ),
    env: flag(
      "--env <env>",
      "environment to import: adds its pins (`id: { <env>: … }`) to the documents that exist, writes new ones for the rest (sources by its aliases)",
    ).defaultShown("none: plain ids, source ids as they are"),
    split: flag("--split", "one file per transformation (default: one file per source)"),
    kinds: flag("--kinds <kinds...>", "only these kinds of objects (Transformation, DestinationFilter)").defaultShown(
      "every kind but DestinationFilter",
    ),
    force: flag("--force", "overwrite existing files; refused with --env (it would drop other environments' pins, and --env needs none)"),
    repo: flag("--repo <path|url>", "read transync.yaml (aliases, scope, dir) from this git repository instead of the working tree")
      .defaultShown("the working tree")
      .env(...CACHE_VARIABLES),
    ref: flag("--ref <ref>", "read transync.yaml at this git ref").defaultShown("the working tree; HEAD of a --repo URL"),
    ...API_FLAGS,
  },
  load: () => import("../commands/import.js").then((m) => m.importCommand),
});
