import type { Transformation } from "../model/transformation.js";
import type { ErrorIssue } from "../errors.js";
import { ValidationError } from "../errors.js";
import type { ExistingDocument } from "./existing-documents.js";
import type { PinEdit } from "./edit-pins.js";

/**
 * What `import --env E` does to a document that exists: `added` E's pin, `updated` a pin naming an
 * object that is gone, left it `unchanged`, or `converted` a plain `id` that E's workspace holds into
 * E's entry of a map.
 */
export type PinStatus = "added" | "updated" | "unchanged" | "converted";

export interface PinOutcome {
  doc: ExistingDocument;
  live: Transformation;
  status: PinStatus;
  /** The id E's pin held before (`updated`, `converted`). */
  previous?: string;
}

export interface ExistingMatch {
  /** In file order. */
  outcomes: PinOutcome[];
  /** Live objects no document matches: written as new documents. */
  unmatched: Transformation[];
}

/**
 * Pure. Matches live objects to documents as plan does: pins first (E's entry of an `id` map, or a
 * plain `id`: the document owns that object), then, among the objects left, by name and source (E's
 * aliases resolved). A plain `id` that E's workspace does not hold, on a document a live object
 * matches by name, belongs to another environment that cannot be known from here: that is refused
 * (ValidationError naming each file) rather than guessed.
 */
export function matchExisting(
  live: readonly Transformation[],
  documents: readonly ExistingDocument[],
  env: string,
  shown: (file: string) => string = (f) => f,
): ExistingMatch {
  const liveById = new Map(live.map((t) => [t.id, t]));
  const claimed = new Set<string>();
  const outcomes: PinOutcome[] = [];
  const pending: ExistingDocument[] = [];
  for (const doc of documents) {
    const pin = pinFor(doc, env);
    const target = typeof pin === "string" ? liveById.get(pin) : undefined;
    if (!target || claimed.has(target.id)) {
      pending.push(doc);
      continue;
    }
    claimed.add(target.id);
    outcomes.push(
      doc.pin.kind === "plain"
        ? { doc, live: target, status: "converted", previous: target.id }
        : { doc, live: target, status: "unchanged" },
    );
  }
  const refusals: ErrorIssue[] = [];
  // By name, a document that exists in the environment first: of two documents of one name (only: [staging], only: [prod]) prod's matches prod's object.
  for (const doc of [...pending.filter((d) => d.present), ...pending.filter((d) => !d.present)]) {
    const candidates = live.filter(
      (t) => !claimed.has(t.id) && t.name === doc.name && doc.sourceId !== undefined && t.sourceId === doc.sourceId,
    );
    // Two live objects sharing a name are refused before (check-import.ts); none: not this import's object.
    if (candidates.length !== 1) continue;
    const target = candidates[0]!;
    if (doc.pin.kind === "plain") {
      refusals.push({ ...plainIdRefusal(doc, target, env), where: shown(doc.file) });
      continue;
    }
    claimed.add(target.id);
    const previous = pinFor(doc, env);
    outcomes.push(
      previous === undefined
        ? { doc, live: target, status: "added" }
        : { doc, live: target, status: "updated", previous: String(previous) },
    );
  }
  if (refusals.length > 0) {
    throw new ValidationError(
      `import --env ${env} refused: ${refusals.length === 1 ? "a document has" : `${refusals.length} documents have`} a plain \`id\` that is not a transformation of this environment's workspace; nothing was written.`,
      refusals,
    );
  }
  outcomes.sort((a, b) => (a.doc.file < b.doc.file ? -1 : a.doc.file > b.doc.file ? 1 : a.doc.document - b.doc.document));
  return { outcomes, unmatched: live.filter((t) => !claimed.has(t.id)) };
}

/** The id the document pins in `env`: its entry of an `id` map, or a plain `id` (which pins in every environment). */
function pinFor(doc: ExistingDocument, env: string): unknown {
  if (doc.pin.kind === "plain") return doc.pin.id;
  if (doc.pin.kind === "map") return Object.hasOwn(doc.pin.pins, env) ? doc.pin.pins[env] : undefined;
  return undefined;
}

function plainIdRefusal(doc: ExistingDocument, target: Transformation, env: string): ErrorIssue {
  const id = JSON.stringify(doc.pin.kind === "plain" ? doc.pin.id : undefined);
  const shown = /^"[A-Za-z0-9_-]+"$/.test(id) ? id.slice(1, -1) : id;
  return {
    message:
      `${JSON.stringify(doc.name)} has a plain \`id: ${shown}\`, which pins it in every environment, but environment "${env}"'s workspace has no transformation ${shown}: ` +
      `transync cannot tell which environment that id was written for. Write the id per environment, \`id: { <its environment>: ${shown}, ${env}: ${target.id} }\` ` +
      "(or run `transync import --env <its environment>` first, which rewrites it so), then run this import again.",
  };
}

/** The pin edits each file needs (every outcome but `unchanged`), by file. */
export function pinEditsByFile(outcomes: readonly PinOutcome[], env: string): Map<string, PinEdit[]> {
  const byFile = new Map<string, PinEdit[]>();
  for (const o of outcomes) {
    if (o.status === "unchanged") continue;
    byFile.set(o.doc.file, [...(byFile.get(o.doc.file) ?? []), { document: o.doc.document, env, id: o.live.id }]);
  }
  return byFile;
}
