import { locationText, type SourceLocation } from "../model/desired-resource.js";
import type { Diagnostic } from "./types.js";

/** What the uniqueness check reads of a checked document (check-file.ts's CheckedDocument). */
export interface KeyedDocument {
  /** Its `kind:` when not Transformation: names are unique within a kind (src/kinds/index.ts). */
  kind?: string;
  name?: string;
  /** The id it is pinned to in the environment checked. */
  id?: string;
  /** The environments it exists in (`only` / `except`), or undefined for every one. */
  environments?: readonly string[];
  at: { name: SourceLocation; id: SourceLocation };
}

/**
 * Names and pinned ids are keys: each may appear in one document only (the first, in file order,
 * wins). Per environment (issue 34): two documents of one name are fine when no environment holds
 * both (`only: [staging]` and `only: [prod]`). `environments` are those checked: the one chosen, or
 * every defined one for `validate` without `--env`; none chosen, every document counts.
 */
export function checkUnique(checked: readonly KeyedDocument[], out: Diagnostic[], environments: readonly string[] = []): void {
  if (environments.length === 0 || checked.every((entry) => entry.environments === undefined)) {
    uniqueAmong(checked, out);
    return;
  }
  const seen = new Set<string>();
  for (const env of environments) {
    const found: Diagnostic[] = [];
    uniqueAmong(
      checked.filter((entry) => entry.environments === undefined || entry.environments.includes(env)),
      found,
    );
    for (const d of found) {
      const key = `${locationText(d)}\u0000${d.message}`;
      if (!seen.has(key)) out.push(d);
      seen.add(key);
    }
  }
}

function uniqueAmong(checked: readonly KeyedDocument[], out: Diagnostic[]): void {
  const byName = new Map<string, KeyedDocument>();
  const byId = new Map<string, KeyedDocument>();
  for (const entry of checked) {
    const { name, id } = entry;
    const nameKey = name === undefined ? undefined : entry.kind === undefined ? name : `${entry.kind}\u0000${name}`;
    const sameName = nameKey === undefined ? undefined : byName.get(nameKey);
    if (sameName)
      out.push(
        duplicate(
          entry.at.name,
          "name",
          `duplicate name ${JSON.stringify(name)} (also at ${locationText(sameName.at.name)}); names must be unique`,
        ),
      );
    else if (nameKey !== undefined) byName.set(nameKey, entry);
    if (id === undefined) continue;
    const sameId = byId.get(id);
    if (sameId)
      out.push(
        duplicate(
          entry.at.id,
          "id",
          `duplicate id ${JSON.stringify(id)} (also at ${locationText(sameId.at.id)}); one document per live transformation`,
        ),
      );
    else byId.set(id, entry);
  }
}

function duplicate(at: SourceLocation, field: "name" | "id", message: string): Diagnostic {
  return { ...at, severity: "error", path: field, message, rule: field === "name" ? "unique-name" : "unique-id" };
}
