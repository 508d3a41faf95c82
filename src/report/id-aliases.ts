import type { ProjectConfig } from "../desired/types.js";

/**
 * The aliases a project gives ids, by id: the selected environment's source aliases and the
 * `destinations:` of transync.yaml. Text and Markdown reports show an alias next to its id, as the
 * reviewer wrote it; the JSON plan keeps ids only.
 */
export interface IdAliases {
  sources: Readonly<Record<string, string>>;
  destinations: Readonly<Record<string, string>>;
}

/** Alias -> id maps turned around; where two aliases name one id, the first in name order. */
export function aliasesById(sources: Readonly<Record<string, string>>, destinations: Readonly<Record<string, string>>): IdAliases {
  const invert = (map: Readonly<Record<string, string>>): Record<string, string> => {
    const byId: Record<string, string> = {};
    for (const alias of Object.keys(map).sort()) if (!Object.hasOwn(byId, map[alias]!)) byId[map[alias]!] = alias;
    return byId;
  };
  return { sources: invert(sources), destinations: invert(destinations) };
}

/** `web (src_web_staging)`, or the id alone when it has no alias. */
export function withAlias(id: string, aliases: Readonly<Record<string, string>> | undefined): string {
  const alias = aliases && Object.hasOwn(aliases, id) ? aliases[id] : undefined;
  return alias === undefined ? id : `${alias} (${id})`;
}

/** The aliases of a project for one environment (none for sources when no environment is selected). */
export function projectAliases(project: Pick<ProjectConfig, "environments" | "destinations">, env: string | undefined): IdAliases {
  const sources = env !== undefined && Object.hasOwn(project.environments, env) ? project.environments[env]!.sources : {};
  return aliasesById(sources, project.destinations);
}
