import type { DesiredResource } from "../model/desired-resource.js";
import type { Transformation } from "../model/transformation.js";
import type { RenameHint } from "./types.js";
import { sameJson } from "./canonical.js";
import { comparableFields, normaliseDesired, normaliseLive, pick } from "./normalise.js";

/**
 * A document renamed without its `id` pin plans as a delete of the live object and a create of a
 * new one: the object's id, its pins in other environments and its history are lost. Each create
 * whose document equals a deleted object in every field but `name` (its source included; of the
 * fields the read carries: a write-only field is never returned, the list omits FQL properties) is
 * paired with that object, once each, in the plan's order, with the line that makes the plan a
 * rename in place instead. Pure.
 */
export function renameHints(
  created: readonly DesiredResource[],
  deleted: readonly Transformation[],
  env: string | undefined,
): RenameHint[] {
  const hints: RenameHint[] = [];
  const taken = new Set<Transformation>();
  for (const doc of created) {
    const live = deleted.find((t) => !taken.has(t) && t.sourceId === doc.spec.sourceId && equalButName(doc, t));
    if (live === undefined) continue;
    taken.add(live);
    hints.push({ delete: live.name, create: doc.name, idLine: idLine(live.id, env) });
  }
  return hints;
}

function equalButName(doc: DesiredResource, live: Transformation): boolean {
  const fields = comparableFields(live).filter((field) => field !== "name");
  return sameJson(pick(normaliseLive(live), fields), pick(normaliseDesired(doc.spec), fields));
}

/**
 * The line to add to the new document: `id: X`, or with an environment `id: { prod: X }` (the form
 * `import --env` writes, docs/environments.md), each word plain when YAML reads it back as that
 * string (1.1 and 1.2 alike), else a double-quoted JSON string. Ids and environment names come from
 * the API and the project: never trusted to be plain.
 */
export function idLine(id: string, env: string | undefined): string {
  return env === undefined ? `id: ${yamlWord(id)}` : `id: { ${yamlWord(env)}: ${yamlWord(id)} }`;
}

/** Words YAML 1.1 or 1.2 reads as something other than a string (booleans, null, numbers). */
const NOT_A_STRING =
  /^(?:y|yes|n|no|true|false|on|off|null|[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:e[-+]?[0-9]+)?|0x[0-9a-f_]+|0o?[0-7_]+|0b[01_]+)$/i;

function yamlWord(word: string): string {
  if (/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(word) && !NOT_A_STRING.test(word)) return word;
  return JSON.stringify(word).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
