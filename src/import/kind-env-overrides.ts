import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { kindValue } from "../plan/kind-plan.js";
import { sameJson } from "../plan/canonical.js";
import { overridesEdit, type KeyEdits } from "./environment-values.js";

/*
 * `import --env E` of a kind whose documents differ per environment (`document.perEnvironment`, a
 * DestinationFilter): the fields of `overridesEdit` (environment-values.ts), as `overridesFor` gives a Transformation's. Each field
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
  const fields = Object.keys(kind.fields).filter((field) => form.keys.includes(field) && kind.fields[field]!.returned !== "never");
  return overridesEdit(doc, env, {
    fields,
    values: (effective) => form.spec(effective),
    same: (field, written) => sameJson(kindValue(kind.fields[field]!, written), kindValue(kind.fields[field]!, live[field])),
    live: (field) => live[field] ?? null,
  });
}
