import type { FreezeWindow } from "./freeze.js";
import type { NotifyTarget } from "../model/notify-target.js";
import type { Acknowledgement } from "./acknowledgements.js";
import type { BlastRadiusLimits } from "../model/blast-radius-limits.js";
import type { DesiredResource, Protection, SourceLocation } from "../model/desired-resource.js";
import type { FieldPath } from "./positions.js";

/** One finding of `validate`: an error stops the run, a warning is printed and the run goes on. */
export interface Diagnostic extends SourceLocation {
  severity: "error" | "warning";
  /** Field path inside the document, dotted (`propertyValueTransformations.0.propertyPaths`); "" for the document. */
  path: string;
  message: string;
  /** Short id of the rule that found it (`schema`, `unique-name`, `fql-syntax`, ...); a warning's is a LintRuleId (lint-rules.ts). */
  rule: string;
  /** A warning its document's `lint.ignore` names (lint.ts): not printed, still counted. */
  silenced?: { reason: string };
}

export type PrunePolicy = false | true | "all" | "removed";

/** `transync.yaml` after validation, with defaults filled in. */
/** One environment of transync.yaml: a workspace, with its source aliases, API URL and token variable. */
export interface EnvironmentConfig {
  sources: Record<string, string>;
  apiUrl?: string;
  /** Slug or id of the workspace the token must reach (checked with `GET /` before any other call). */
  workspace?: string;
  /** Variable holding the (write) token: SEGMENT_API_TOKEN or SEGMENT_API_TOKEN_*; default SEGMENT_API_TOKEN. */
  tokenEnv?: string;
  /** This environment's own `protect:` list (ids or names), added to the top-level one. */
  protect?: string[];
  /** Variable holding the read token (plan, import, test --check-with-segment); same rule; default tokenEnv. */
  planTokenEnv?: string;
  /** Staging first: the environment that must have applied a change before this one may (environment-order.ts). */
  after?: string;
  /** The audit-trail actors transync writes as here: `drift` names the newest event by anyone else. */
  selfActors?: string[];
  /** This environment's `connections:` entries: each replaces the top-level entry of its alias here (connections.ts). */
  connections?: Record<string, ConnectionConfig>;
}

/**
 * One destination instance of `connections:` as written: its source (an alias or id) and the
 * instance, by its type's slug and name (resolved by plan among the source's connected
 * destinations) or by its id (and, for offline runs, its type's slug).
 */
export interface ConnectionConfig {
  source: string;
  destination: { slug: string; name: string } | { id: string; slug?: string };
}

export interface ProjectConfig {
  /** API base URL from the project file, if any (flags and env take precedence). */
  apiUrl?: string;
  /** Folder of the desired documents, relative to the project root. Default `transformations`. */
  dir: string;
  /** Folder of the test files (`tests:`), relative to the project file's folder, when set. */
  tests?: string;
  environments: Record<string, EnvironmentConfig>;
  /** Destination aliases (`destinations:`): alias -> destination metadata id; the same in every environment. */
  destinations: Record<string, string>;
  /** Destination instances by alias (`connections:`) as written; an environment's own entries replace these (connectionsOf, connections.ts). */
  connections?: Record<string, ConnectionConfig>;
  /** `filters:`: how the simulator runs Destination Filters (docs/simulator.md, "The whole pipeline"). */
  filters?: { actionOrder?: "docs" | "openapi" };
  defaultEnvironment?: string;
  /** Managed scope: source ids (aliases resolved) or undefined for the whole workspace. */
  scopeSources?: string[];
  prune: PrunePolicy;
  /** `protect:` of the file and of the chosen environment: objects a plan must never delete nor move (src/plan/protect.ts). */
  protect?: Protection[];
  /** `guards:` of the file, each key replaced by the chosen environment's (blast-radius.ts); absent: no guards. */
  guards?: BlastRadiusLimits;
  /** Change freezes (`freeze:`, freeze.ts): apply and reconcile refuse to write while one is on. */
  freeze?: FreezeWindow[];
  /** Notification targets (`notify:`, notify-config.ts): told of drift, applies and failures. */
  notify?: NotifyTarget[];
  /** `drift.acknowledge:` (acknowledgements.ts): differences `drift` does not count until their day ends. */
  acknowledgements?: Acknowledgement[];
}

export interface DesiredState {
  project: ProjectConfig;
  resources: DesiredResource[];
  /** The documents of every other kind (src/kinds/index.ts), each with its `kind`, in file order. */
  otherKinds?: DesiredResource[];
  warnings: Diagnostic[];
  /** Files read, relative to the source root, sorted. */
  files: string[];
  /** The project file's path (`transync.yaml`, or the one found above --dir), whether or not it exists. */
  projectFile?: string;
  /** Where a field of the project file is (an alias whose value the workspace does not know is named there). */
  projectFileAt?: (path: FieldPath) => SourceLocation;
}

/**
 * Where desired-state files come from: the working tree (fs adapter) or one git commit (git
 * adapter), both read through `ruledSource` (file-rules.ts), so they obey one rule. Paths are POSIX,
 * relative to the project root.
 */
export interface FileSource {
  /** For messages: the directory, or `repo@sha`. */
  readonly description: string;
  /**
   * The document files below `dir` (recursive, sorted) by the rules of file-rules.ts, including
   * those that will be refused (a link leaving the project): `read` says why. [] when `dir` is missing.
   */
  list(dir: string): Promise<string[]>;
  /** The bytes of one file; a FileRuleError (file-tree.ts) when the rules refuse it. */
  read(path: string): Promise<Buffer>;
  /** Something is at `path` (a link that will be refused counts: `read` says why). */
  exists(path: string): Promise<boolean>;
}
