import type { ErrorIssue } from "../errors.js";
import type { FieldPath } from "../desired/positions.js";
import { locationText, type DesiredResource, type SourceLocation } from "../model/desired-resource.js";

/** A reference field of a document. */
export type RefField = "sourceId" | "destinationMetadataId";

/** What the blame reads: the environment whose aliases the documents used, and where the project file's fields are. */
export interface BlameInput {
  env: string | undefined;
  projectFileAt?: (path: FieldPath) => SourceLocation;
}

/**
 * The references that do not resolve, each named where its text is written (issue 33: one alias
 * with a typo in its slug was reported on each of the 8 correct documents that use it). A document
 * that writes the slug or id itself is named at its start; an alias of transync.yaml is named once,
 * at its line there, with the number of documents that use it, and those documents are not named.
 */
export class RefIssues {
  private readonly documents: ErrorIssue[] = [];
  private readonly aliases = new Map<string, { path: FieldPath; message: string; users: number }>();
  private readonly scope: ErrorIssue[] = [];

  constructor(private readonly input: BlameInput) {}

  /** The document's `field` does not resolve: `message` says why (and what was meant). */
  field(resource: DesiredResource, field: RefField, message: string): void {
    const path = this.aliasPath(resource, field);
    if (path === undefined) {
      this.documents.push({ where: locationText(resource.location), message: sentence(`"${resource.name}": ${field}: ${message}`) });
      return;
    }
    const key = JSON.stringify(path);
    const known = this.aliases.get(key);
    if (known) known.users++;
    else this.aliases.set(key, { path, message, users: 1 });
  }

  /** An entry of `scope.sources` does not resolve. */
  scopeEntry(message: string): void {
    this.scope.push({ where: "transync.yaml scope.sources", message });
  }

  /** The project file's aliases first (in its order), then the documents, then the scope. */
  issues(): ErrorIssue[] {
    const aliases = [...this.aliases.values()]
      .map(({ path, message, users }) => ({ at: this.input.projectFileAt?.(path), path, message, users }))
      .sort((a, b) => (a.at?.line ?? 0) - (b.at?.line ?? 0) || (a.at?.col ?? 0) - (b.at?.col ?? 0))
      .map(({ at, path, message, users }) => ({
        where: at === undefined ? "transync.yaml" : locationText(at),
        message: sentence(`${path.join(".")} (used by ${users} document${users === 1 ? "" : "s"}): ${message}`),
      }));
    return [...aliases, ...this.documents, ...this.scope];
  }

  /** Where the alias the document wrote for `field` is defined; undefined when it wrote the text itself. */
  private aliasPath(resource: DesiredResource, field: RefField): FieldPath | undefined {
    const alias = resource.viaAlias?.[field];
    if (alias === undefined) return undefined;
    if (field === "destinationMetadataId") return ["destinations", alias];
    return this.input.env === undefined ? undefined : ["environments", this.input.env, "sources", alias];
  }
}

/** Ends a message with a full stop, unless it ends with its own ("did you mean …?"). */
export function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
