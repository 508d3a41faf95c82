import { ownValue } from "../own-keys.js";
import { boundedDistance } from "./name-match.js";
import type { ProjectConfig } from "./types.js";

/** `alias`: the alias of transync.yaml the reference was, when it was one. */
export type SourceRefResult = { ok: true; id: string; alias?: string } | { ok: false; message: string };

/**
 * Resolves a `sourceId` (or a `scope.sources` entry): a source alias of the selected environment
 * becomes its id; anything that is not an alias anywhere is taken as a Source id.
 */
export function resolveSourceRef(ref: string, environments: ProjectConfig["environments"], env: string | undefined): SourceRefResult {
  const aliases = env ? environments[env]?.sources : undefined;
  const id = ownValue(aliases, ref);
  if (id !== undefined) return { ok: true, id, alias: ref };
  const definedIn = Object.keys(environments).filter((name) => Object.hasOwn(environments[name]?.sources ?? {}, ref));
  if (definedIn.length > 0) {
    if (!env) {
      return {
        ok: false,
        message: `source alias "${ref}" needs an environment: pass --env (${Object.keys(environments).join(", ")}) or set defaultEnvironment in transync.yaml`,
      };
    }
    return {
      ok: false,
      message: `source alias "${ref}" is not defined for environment "${env}" (defined in: ${definedIn.join(", ")}); add it under environments.${env}.sources`,
    };
  }
  const close = aliases ? Object.keys(aliases).find((alias) => ref.length < 24 && boundedDistance(alias, ref, 2) <= 2) : undefined;
  if (close !== undefined) {
    return { ok: false, message: `unknown source alias "${ref}" for environment "${env}"; did you mean "${close}"?` };
  }
  return { ok: true, id: ref };
}

/**
 * Resolves a destination metadata id written as an alias of `destinations:` in transync.yaml. The
 * map is not per environment: a metadata id names a destination type in Segment's catalog, the same
 * in every workspace. A name one or two edits from an alias is refused (a typo would otherwise be
 * taken as an id and scope the Transformation to a destination type that does not exist).
 */
export function resolveDestinationRef(ref: string, destinations: Readonly<Record<string, string>>): SourceRefResult {
  if (Object.hasOwn(destinations, ref)) return { ok: true, id: destinations[ref]!, alias: ref };
  const close = Object.keys(destinations).find((alias) => ref.length < 24 && boundedDistance(alias, ref, 2) <= 2);
  if (close !== undefined) {
    return {
      ok: false,
      message: `unknown destination alias "${ref}"; did you mean "${close}"? (transync.yaml's destinations: ${Object.keys(destinations).join(", ")})`,
    };
  }
  return { ok: true, id: ref };
}
