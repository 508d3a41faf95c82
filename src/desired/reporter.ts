import type { YamlDocument } from "./read-yaml.js";
import type { ReportOptions, RuleReporter } from "./rules.js";
import type { Diagnostic } from "./types.js";
import type { SchemaIssue } from "./schema-check.js";
import { dottedPath, type FieldPath, linePos, lookupNode, offsetOf, scalarValueOffset } from "./positions.js";

/** A reporter that positions each finding at the YAML node its field path leads to. */
export function documentReporter(ydoc: YamlDocument, out: Diagnostic[]): RuleReporter {
  return {
    report(severity: Diagnostic["severity"], rule: string, path: FieldPath, message: string, options: ReportOptions = {}) {
      const lookup = lookupNode(ydoc.doc, path);
      let offset = offsetOf(lookup, options.atKey);
      if (options.valueOffset !== undefined && lookup.value) offset = scalarValueOffset(ydoc.text, lookup.value, options.valueOffset);
      out.push({ file: ydoc.file, ...linePos(ydoc.lineCounter, offset), severity, path: dottedPath(path), message, rule });
    },
  };
}

export function reportSchemaIssues(reporter: RuleReporter, issues: readonly SchemaIssue[]): void {
  for (const issue of issues) reporter.report("error", "schema", issue.path, issue.message, { atKey: issue.atKey });
}

/** The versions of the document formats this transync reads. */
export const KNOWN_API_VERSIONS = ["transync/v1"] as const;

/**
 * Checks `apiVersion` before anything else: a document of an unknown version may mean anything,
 * so its other fields are not judged. Returns whether the version is known (or absent and optional).
 */
export function checkApiVersion(value: Record<string, unknown>, reporter: RuleReporter, required: boolean): boolean {
  const version = value.apiVersion;
  if (version === undefined) {
    if (!required) return true;
    reporter.report("error", "api-version", ["apiVersion"], `required field is missing; add apiVersion: ${KNOWN_API_VERSIONS[0]}`);
    return false;
  }
  if (typeof version === "string" && (KNOWN_API_VERSIONS as readonly string[]).includes(version)) return true;
  reporter.report(
    "error",
    "api-version",
    ["apiVersion"],
    `unknown apiVersion ${JSON.stringify(version)}; this version of transync knows: ${KNOWN_API_VERSIONS.join(", ")}`,
  );
  return false;
}
