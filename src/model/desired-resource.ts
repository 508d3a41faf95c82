import type { DocumentInput } from "./transformation.js";

/*
 * What the planner reads of the desired state (issue 23: the types the pure planner reads live with
 * the model): validation (src/desired/) produces them, src/plan/ and the simulator's test cases read them.
 */

/** A position in a desired-state file (1-based line and column). */
export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

/** A desired Transformation after validation and normalisation (source aliases resolved to ids). */
export interface DesiredResource {
  /** The document's `kind:` when it is not `Transformation` (src/kinds/index.ts); such a resource is in `DesiredState.otherKinds`. */
  kind?: string;
  name: string;
  /** Pins the document to one live transformation (written by `import`). */
  id?: string;
  /** The API input; optional fields are absent when the YAML does not set them. */
  spec: DocumentInput;
  /** Where the document starts. */
  location: SourceLocation;
  /**
   * The alias of transync.yaml each reference was written as (`sourceId: web`), when it was one: a
   * value of the alias that does not resolve is the project file's error, not the document's.
   */
  viaAlias?: { sourceId?: string; destinationMetadataId?: string };
  /** Where the document writes `protect: true`, when it does: its object is never deleted or moved to another source. */
  protectedAt?: SourceLocation;
  /** The input fields whose value comes from the document's `overrides.<env>` for the environment read (plans label them). */
  overrides?: { env: string; fields: string[] };
  /** `ignore:`: the input fields no command compares with live state (an update never sends them). */
  ignore?: string[];
  /** The destination instance a document of a kind that lives on one names (Destination Filters), resolved offline. */
  instance?: InstanceRef;
}

/**
 * A destination instance as a document names it, its `connections:` alias resolved (issue 37):
 * `{ slug, name }` (found by plan among its source's connected destinations) or `{ id, slug? }`.
 * Its source is the resource's `sourceId`. Offline, the instance's type is its `slug`.
 */
export interface InstanceRef {
  /** The `connections:` alias the document wrote, when it wrote one. */
  alias?: string;
  /** The source alias its source was written as, when it was one (reports name it). */
  sourceAlias?: string;
  slug?: string;
  name?: string;
  id?: string;
}

/**
 * One object a plan must never delete nor move to another source (issue 35): from a document's
 * `protect: true` (its pinned id, else its name) or an entry of transync.yaml's `protect:` list (an
 * id or a name: either matches). `where` is where the protection is written, for the refusal.
 */
export interface Protection {
  id?: string;
  name?: string;
  where: SourceLocation;
  /** Read from a pull request's base, not the head: named in the refusal (the head cannot remove it). */
  atBase?: string;
}

/** A position as every report and warning writes it: `file:line:col`. */
export function locationText(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.col}`;
}
