import { ownValue } from "../own-keys.js";
import type { ProjectConfig } from "../desired/types.js";
import type { SettingChange } from "../plan/types.js";
import { aliasesById, type IdAliases } from "../report/id-aliases.js";
import type { ResolvedRefs } from "./resolve-live-refs.js";
import { setOwn } from "../own-keys.js";

/**
 * What a pull request changes in transync.yaml that decides where objects go or which token reads:
 * the plan environment's source aliases, its workspace, tokenEnv and planTokenEnv, the destination aliases, and
 * defaultEnvironment. A swap of two aliases changes no document, yet moves objects between sources;
 * the reports put these first so the reviewer reads them before the moves they cause.
 */
export function settingChanges(base: ProjectConfig, head: ProjectConfig, env: string | undefined): SettingChange[] {
  const changes: SettingChange[] = [];
  const differs = (a: string | undefined, b: string | undefined): boolean => a !== b;
  const push = (change: Omit<SettingChange, "base" | "head">, at: string | undefined, now: string | undefined): void => {
    if (differs(at, now))
      changes.push({ ...change, ...(at !== undefined ? { base: at } : {}), ...(now !== undefined ? { head: now } : {}) });
  };
  push({ setting: "defaultEnvironment", inThisPlan: false }, base.defaultEnvironment, head.defaultEnvironment);
  if (env !== undefined) {
    const before = Object.hasOwn(base.environments, env) ? base.environments[env] : undefined;
    const after = Object.hasOwn(head.environments, env) ? head.environments[env] : undefined;
    push({ setting: "workspace", env, inThisPlan: false }, before?.workspace, after?.workspace);
    push({ setting: "tokenEnv", env, inThisPlan: false }, before?.tokenEnv, after?.tokenEnv);
    push({ setting: "planTokenEnv", env, inThisPlan: false }, before?.planTokenEnv, after?.planTokenEnv);
    for (const name of aliasNames(before?.sources, after?.sources))
      push({ setting: "source alias", env, name, inThisPlan: true }, ownValue(before?.sources, name), ownValue(after?.sources, name));
  }
  for (const name of aliasNames(base.destinations, head.destinations))
    push({ setting: "destination alias", name, inThisPlan: true }, ownValue(base.destinations, name), ownValue(head.destinations, name));
  return changes;
}

/** The alias values as ids where they resolve (`{ slug: web }` -> its id), as the plan compares them. */
export function resolvedSettingChanges(
  changes: readonly SettingChange[],
  refs: Pick<ResolvedRefs, "sourceId" | "destinationId">,
): SettingChange[] {
  return changes.map((change) => {
    const resolve =
      change.setting === "source alias" ? refs.sourceId : change.setting === "destination alias" ? refs.destinationId : undefined;
    if (resolve === undefined) return change;
    return {
      ...change,
      ...(change.base !== undefined ? { base: resolve(change.base) } : {}),
      ...(change.head !== undefined ? { head: resolve(change.head) } : {}),
    };
  });
}

/**
 * The labels of ids in a pull-request plan: the alias that names each id in the base, so a move
 * reads as what the object was and what it becomes. An id the base does not name keeps the head's
 * alias, unless the base uses that alias for another id (then the id alone: `web` must not name two
 * sources in one report). Slugs (from the workspace) stay as they are.
 */
export function baseLabels(
  baseProject: ProjectConfig,
  env: string | undefined,
  refs: Pick<ResolvedRefs, "sourceId" | "destinationId" | "aliases">,
): IdAliases {
  const sources = env !== undefined && Object.hasOwn(baseProject.environments, env) ? (baseProject.environments[env]!.sources ?? {}) : {};
  const resolved = (map: Readonly<Record<string, string>>, resolve: (text: string) => string) =>
    Object.fromEntries(Object.entries(map).map(([alias, text]) => [alias, resolve(text)]));
  const base = aliasesById(resolved(sources, refs.sourceId), resolved(baseProject.destinations, refs.destinationId));
  return {
    sources: preferBase(base.sources, refs.aliases.sources),
    destinations: preferBase(base.destinations, refs.aliases.destinations),
  };
}

function preferBase(base: Readonly<Record<string, string>>, head: Readonly<Record<string, string>>): Record<string, string> {
  const labels: Record<string, string> = { ...base };
  const baseNames = new Set(Object.values(base));
  for (const [id, name] of Object.entries(head)) if (!Object.hasOwn(labels, id) && !baseNames.has(name)) setOwn(labels, id, name);
  return labels;
}

function aliasNames(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): string[] {
  return [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort();
}
