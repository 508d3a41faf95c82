import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { effectiveDocument, overridesOf } from "../desired/per-environment.js";
import { kindValue } from "../plan/kind-plan.js";
import { sameJson } from "../plan/canonical.js";
import type { KeyEdits } from "./environment-values.js";
import { ownValue } from "../own-keys.js";

/*
 * `import --env E` of a kind whose documents differ per environment (`document.perEnvironment`, a
 * DestinationFilter): what `overridesFor` (environment-values.ts) does for a Transformation. Each field
 * of the kind that its documents write under the same key (`title`, `if`, `actions`, `enabled`,
 * `description`; not the placement, `source` and `destination`) and whose value in E's effective
 * document differs from E's live object becomes `overrides.E.<field>`, compared as plan compares it
 * (src/plan/kind-plan.ts, `kindValue`); an override the document's own value now matches goes. Pure.
 */

type Doc = Record<string, unknown>;

/** The `overrides` edit that makes the document describe `live` in `env`; undefined: no change (or a kind without per-environment documents). */
export function kindOverridesFor(kind: ResourceKind, doc: Doc, env: string, live: KindObject): KeyEdits | undefined {
  const form = kind.document;
  if (form === undefined || !form.perEnvironment) return undefined;
  const base = form.spec(effectiveDocument(doc, undefined).doc);
  const effective = form.spec(effectiveDocument(doc, env).doc);
  const entry: Doc = { ...(overridesOf(doc, env) ?? {}) };
  let changed = false;
  for (const [field, facts] of Object.entries(kind.fields)) {
    if (!form.keys.includes(field) || facts.returned === "never") continue;
    const same = (spec: Doc): boolean => sameJson(kindValue(facts, spec[field]), kindValue(facts, live[field]));
    if (same(effective)) continue;
    changed = true;
    if (Object.hasOwn(entry, field) && same(base)) delete entry[field];
    else entry[field] = live[field] ?? null;
  }
  if (!changed) return undefined;
  const all: Doc = { ...((doc.overrides as Doc | undefined) ?? {}) };
  if (Object.keys(entry).length > 0) all[env] = entry;
  else delete all[env];
  return { overrides: Object.keys(all).length > 0 ? all : undefined };
}

/** `overrides.prod: enabled, description`, or `overrides.prod removed`: what the edit says of E. */
export function overridesDetail(edit: KeyEdits, env: string): string {
  const entry = ownValue(edit.overrides as Record<string, Doc> | undefined, env);
  return entry ? `overrides.${env}: ${Object.keys(entry).join(", ")}` : `overrides.${env} removed`;
}
