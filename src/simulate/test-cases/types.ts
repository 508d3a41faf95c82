import type { SourceLocation } from "../../model/desired-resource.js";
import type { JsonObject, JsonValue } from "../types.js";
import type { HashShape } from "../hash-shape.js";

/** What a case expects; every expectation given must hold. */
export interface Expectations {
  /** The whole output event. */
  event?: JsonObject;
  /** A deep partial match of the output event. */
  contains?: JsonObject;
  /** Paths (engine syntax) that must be missing from the output. */
  absent?: string[];
  dropped?: boolean;
  /** Names of the transformations that applied, in order. */
  matched?: string[];
  /** The filter (or transformation) that stopped the event (a case on a destination instance). */
  stoppedBy?: string;
  /** A SAMPLE with `path` kept (true) or left out (false) the event. */
  sampled?: boolean;
}

/** One case of a test file, checked: its source resolved to an id. */
export interface TestCase {
  file: string;
  /** Line of the case's first key (where `- name:` is). */
  line: number;
  /** Position in its document's `cases` list. */
  index: number;
  name: string;
  /** The source as written (an alias or an id) and as resolved. */
  source: string;
  sourceId: string;
  /** The destination as written (an alias of transync.yaml's `destinations:` or a metadata id) and as resolved. */
  destination?: string;
  destinationId?: string;
  /** The destination is an alias of `connections:` (a destination instance): the whole pipeline runs. */
  instance?: string;
  event: JsonObject;
  expect: Expectations;
  /** Where `source` and `destination` are written, for findings about them. */
  at: { source: SourceLocation; destination?: SourceLocation };
  /** The shape expectations (`{ hashed: sha256-hex }`) of `event` and `contains`, for validation against the documents. */
  shapes: ShapeExpectation[];
}

/** One `{ hashed: <algorithm>-<encoding> }` of a case: the output path it checks and where it is written. */
export interface ShapeExpectation {
  /** Path in the output event, as segments. */
  path: string[];
  shape: HashShape;
  /** As written (`sha256-hex`). */
  written: string;
  /** The field of the test file (`cases.0.expect.contains.traits.email.hashed`), as findings name it. */
  field: string;
  at: SourceLocation;
}

export type ExpectationName = keyof Expectations | "run";

/** One line of a structural diff: `-` expected but missing, `+` present but not expected, `~` different. */
export interface DiffLine {
  sign: "-" | "+" | "~";
  /** Escaped dotted path (`properties.a\.b`), "" for the whole event. */
  path: string;
  expected?: JsonValue;
  actual?: JsonValue;
}

/** One expectation that did not hold. */
export interface CaseFailure {
  expectation: ExpectationName;
  message: string;
  /** For `event` and `contains`: where the output differs. */
  diff?: DiffLine[];
}

export interface CaseResult {
  case: TestCase;
  /** `skipped`: nothing failed, but an exact digest needs a hash key whose variable is unset (`needs`). */
  status: "passed" | "failed" | "skipped";
  failures: CaseFailure[];
  /** For a skipped case, the variables it needs (sorted); else []. */
  needs: string[];
  dropped: boolean;
  /** The output event, `null` when dropped. */
  output: JsonValue | null;
  matched: string[];
  warnings: string[];
  /** For a case on a destination instance: where the event stopped (`dropped by filter "X"`). */
  stoppedAt?: string;
}

export interface TestTotals {
  passed: number;
  failed: number;
  /** Cases that need a hash key the run lacks (docs/simulator.md, "Tests without secrets"). */
  skipped: number;
}

/** One question for both engines: does this transformation's `if` select this case's event? */
export interface SegmentCheck {
  test: TestCase;
  name: string;
  condition: string;
  at: SourceLocation;
  /** transync's answer: the `if` matches, so a filter with a DROP action drops the event. */
  transyncDrops: boolean;
  /**
   * A Destination Filter of the case's instance, sent whole (its `if` and actions) with the event as it
   * reaches that filter; transync's whole result (null: dropped), compared whole with Segment's.
   */
  filter?: { actions: readonly unknown[]; payload: JsonObject; transyncResult: JsonObject | null };
}

export interface CheckedCase extends SegmentCheck {
  segmentDrops: boolean;
  /** For a filter check: Segment's whole result. */
  segmentResult?: JsonObject | null;
}

export interface SegmentCheckReport {
  maxChecks: number;
  /** Checks sent and answered. */
  ran: number;
  agreed: number;
  disagreements: CheckedCase[];
  /** Checks past --max-checks, not sent. */
  skipped: number;
  /** Checks whose request body would hold a secret (a hash key, a token): never sent. */
  withheld: SegmentCheck[];
}
