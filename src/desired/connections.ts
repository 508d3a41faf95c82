import { resolveSourceRef } from "./source-refs.js";
import type { ConnectionConfig, ProjectConfig } from "./types.js";
import type { FieldPath } from "./positions.js";

/*
 * `connections:` of transync.yaml (issue 37): destination instances by alias, for the documents of
 * kinds that live on an instance (`kind: DestinationFilter`). The top-level entries hold in every
 * environment; `environments.<env>.connections.<alias>` replaces the entry of that alias there.
 */

/** An instance's entry for one environment, resolved offline: the source alias replaced by its id (or `slug:…` text). */
export interface ResolvedConnection {
  /** The source's id, or the `slug:…` text of a source alias written by slug (src/desired/live-refs.ts). */
  source: string;
  /** The source alias the entry was written with, when it was one. */
  sourceAlias?: string;
  /** As written: `{ slug, name }` (resolved by plan among the source's connected destinations) or `{ id, slug? }`. */
  destination: { slug?: string; name?: string; id?: string };
  /** The entry's place in transync.yaml (top level, or the environment's own). */
  path: FieldPath;
}

/** A finding of an entry of `connections:`: the field it is about and what is wrong. */
export interface ConnectionIssue {
  path: FieldPath;
  message: string;
}

/** The entries in force in `env` (none chosen: the top-level ones), each with the path it was written at. */
function entriesIn(project: ProjectConfig, env: string | undefined): Array<[string, ConnectionConfig, FieldPath]> {
  const merged = new Map<string, [ConnectionConfig, FieldPath]>();
  for (const [alias, entry] of Object.entries(project.connections ?? {})) merged.set(alias, [entry, ["connections", alias]]);
  const own = env === undefined ? undefined : project.environments[env]?.connections;
  for (const [alias, entry] of Object.entries(own ?? {})) merged.set(alias, [entry, ["environments", env!, "connections", alias]]);
  return [...merged.entries()].map(([alias, [entry, path]]) => [alias, entry, path]);
}

/**
 * Pure: every alias of `connections:` in force in `env`, its source resolved offline. An entry whose
 * source does not resolve (a mistyped alias, an alias of other environments only) is left out: the
 * project file's check (connectionIssues) reports it and the run stops.
 */
export function connectionsOf(project: ProjectConfig, env: string | undefined): Record<string, ResolvedConnection> {
  const out: Record<string, ResolvedConnection> = {};
  for (const [alias, entry, path] of entriesIn(project, env)) {
    const resolved = resolveSourceRef(entry.source, project.environments, env);
    if (!resolved.ok) continue;
    out[alias] = {
      source: resolved.id,
      ...(resolved.alias !== undefined ? { sourceAlias: resolved.alias } : {}),
      destination: { ...entry.destination },
      path,
    };
  }
  return out;
}

/**
 * Pure: the entries whose source is no source: checked for each environment the file defines (a
 * top-level entry in every one), or for none when it defines none. Each finding once, at its `source`.
 */
export function connectionIssues(project: ProjectConfig): ConnectionIssue[] {
  const envs = Object.keys(project.environments);
  const issues = new Map<string, ConnectionIssue>();
  for (const env of envs.length > 0 ? envs : [undefined]) {
    for (const [, entry, path] of entriesIn(project, env)) {
      const resolved = resolveSourceRef(entry.source, project.environments, env);
      if (resolved.ok) continue;
      const issue = { path: [...path, "source"], message: resolved.message };
      issues.set(JSON.stringify(issue), issue);
    }
  }
  return [...issues.values()];
}
