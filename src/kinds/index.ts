/**
 * Room src/kinds/: the kinds of Segment objects transync manages, each a `ResourceKind` descriptor
 * (kind.ts) in a folder of its own (transformation/, destination-filter/), and the registry the stages read them from.
 * A document's `kind:` selects its descriptor (Transformation when the kind is the default).
 * May import: src/model/, the ground floor; never a stage (every stage reads the kinds).
 */
import { InternalError } from "../errors.js";
import type { ResourceKind } from "./kind.js";
import { TRANSFORMATION } from "./transformation/index.js";
import { DESTINATION_FILTER } from "./destination-filter/index.js";

export type { ResourceKind } from "./kind.js";
export { TRANSFORMATION } from "./transformation/index.js";
export { DESTINATION_FILTER } from "./destination-filter/index.js";

/** The kind a plan action is of when it names none (`resource` absent), and of every document of today. */
export const DEFAULT_KIND = TRANSFORMATION;

const registered = new Map<string, ResourceKind>([
  [TRANSFORMATION.name, TRANSFORMATION],
  [DESTINATION_FILTER.name, DESTINATION_FILTER],
]);

/** Every kind, the default first, then in the order registered. */
export function knownKinds(): readonly ResourceKind[] {
  return [...registered.values()];
}

/** The kind a document's `kind:` names, or undefined for a name no descriptor has. */
export function kindNamed(name: string): ResourceKind | undefined {
  return registered.get(name);
}

/**
 * Adds a kind; returns the function that removes it again. A kind is one descriptor (docs/architecture.md,
 * "A new kind of object"): every stage that loops over the kinds reads it from here.
 */
export function registerKind(kind: ResourceKind): () => void {
  if (registered.has(kind.name)) throw new InternalError(`kind ${JSON.stringify(kind.name)} is registered already`);
  registered.set(kind.name, kind);
  return () => void registered.delete(kind.name);
}
