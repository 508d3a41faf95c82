import type { ErrorIssue } from "../errors.js";
import { knownKinds } from "../kinds/index.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { shorten } from "./envelope.js";
import { newId } from "./ids.js";
import type { EmulatorStore } from "./store.js";
import type { WorkspaceConfig } from "./types.js";

/** One refusal of a generic kind's body: the field it is about (dotted, `colors.0`; absent: the whole object) and what is wrong. */
export interface KindInputError {
  field?: string;
  message: string;
}

/**
 * What `POST`/`PATCH` of a kind without a body check of its own refuses (src/emulator/kind-checks.ts) and a config seed with it:
 * each field of `body` the kind does not have, each required field a create lacks, else the first
 * misfit of the stored `object` by the descriptor's decode rule.
 */
export function kindInputErrors(
  kind: ResourceKind,
  object: KindObject,
  body: Readonly<Record<string, unknown>>,
  create: boolean,
): KindInputError[] {
  const errors: KindInputError[] = Object.keys(body)
    .filter((key) => !Object.hasOwn(kind.fields, key))
    .map((key) => ({ field: shorten(key), message: `is not a field of ${kind.name}` }));
  if (create)
    for (const [field, facts] of Object.entries(kind.fields))
      if (facts.required && body[field] === undefined) errors.push({ field, message: "is required" });
  const misfit = errors.length === 0 ? kind.decode(object) : undefined;
  if (misfit) errors.push({ ...fieldOf(misfit.path), message: `must be ${misfit.expected}` });
  return errors;
}

/** A decode path (`.colors[0]`) as a dotted field (`colors.0`); the empty path names no field. */
function fieldOf(path: string): { field?: string } {
  const field = path
    .split(/[.[\]]+/)
    .filter(Boolean)
    .join(".");
  return field === "" ? {} : { field };
}

/** The kinds a config may seed in `kinds:`: those with every default of the routes (`emulator.routes: "generic"`); the others have config keys of their own. */
function seedableKinds(): Map<string, ResourceKind> {
  return new Map(knownKinds().flatMap((kind) => (kind.emulator.routes === "generic" ? [[kind.name, kind] as const] : [])));
}

/** A seed as the store keeps it: the descriptor's stored form of its input, with its `id` or a new one. */
function seedObject(kind: ResourceKind, seed: Readonly<Record<string, unknown>>, id: string): KindObject {
  const { id: _id, ...input } = seed;
  return { ...kind.emulator.stored(input), id };
}

/**
 * The workspace's `kinds:` seeds checked as a create of each is (kindInputErrors), plus: a kind the
 * emulator does not serve from its descriptor, an `id` that is not a non-empty string or is given twice
 * in the kind. `path` is the workspace's (`workspaces.0`).
 */
export function kindSeedIssues(ws: WorkspaceConfig, path: string, where: string): ErrorIssue[] {
  const seedable = seedableKinds();
  const issues: ErrorIssue[] = [];
  for (const [name, seeds] of Object.entries(ws.kinds ?? {})) {
    const kind = seedable.get(name);
    if (!kind) {
      issues.push({ where: `${where}: ${path}.kinds.${shorten(name)}`, message: notSeedable(name, seedable) });
      continue;
    }
    issues.push(...seedsIssues(kind, seeds, `${where}: ${path}.kinds.${name}`));
  }
  return issues;
}

/** Why `kinds:` cannot seed `name`: no kind has that name, or the kind has a seed list of its own (`transformations:`, `filters:`). */
function notSeedable(name: string, seedable: ReadonlyMap<string, ResourceKind>): string {
  const known = [...seedable.keys()].join(", ") || "none";
  const registered = knownKinds().some((kind) => kind.name === name);
  return registered
    ? `"${shorten(name)}" is seeded by the workspace's own list (transformations:, filters:), not kinds:; kinds: seeds ${known}`
    : `"${shorten(name)}" is not a registered kind; kinds: seeds ${known}`;
}

function seedsIssues(kind: ResourceKind, seeds: ReadonlyArray<Record<string, unknown>>, at: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const ids = new Set<string>();
  seeds.forEach((seed, i) => {
    const { id, ...input } = seed;
    if (id !== undefined && (typeof id !== "string" || id === ""))
      issues.push({ where: `${at}.${i}.id`, message: `"id" must be a non-empty string` });
    else if (typeof id === "string" && ids.has(id)) issues.push({ where: `${at}.${i}.id`, message: `id "${shorten(id)}" appears twice` });
    if (typeof id === "string") ids.add(id);
    for (const e of kindInputErrors(kind, seedObject(kind, seed, "seed"), input, true))
      issues.push({ where: e.field === undefined ? `${at}.${i}` : `${at}.${i}.${e.field}`, message: e.message });
  });
  return issues;
}

/** Adds the workspace's `kinds:` seeds (checked by kindSeedIssues) to the store, in the order given. */
export function seedKinds(store: EmulatorStore, ws: WorkspaceConfig): void {
  const seedable = seedableKinds();
  for (const [name, seeds] of Object.entries(ws.kinds ?? {})) {
    const kind = seedable.get(name)!;
    for (const seed of seeds)
      store.seed(ws.id, kind.name, seedObject(kind, seed, typeof seed.id === "string" ? seed.id : `${kind.emulator.idPrefix}${newId()}`));
  }
}
