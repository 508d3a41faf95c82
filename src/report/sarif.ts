import type { Diagnostic } from "../desired/types.js";
import { transyncVersion } from "../version.js";
import type { PathFromRoot } from "./annotations.js";
import { escapeJsonText } from "../escape/text-escape.js";

/** The OASIS schema of SARIF 2.1.0 (errata 01), which test/fixtures/sarif holds and the tests check against. */
const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/** A relative URI of a path: each segment percent-encoded, so a space, `#` or `%` in a file name stays the name. */
function pathUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function location(d: Diagnostic, pathOf: PathFromRoot): object[] {
  if (d.file === "") return [];
  // A finding about a whole file has no line (0): the file alone is its place.
  const region = d.line >= 1 ? { region: { startLine: d.line, ...(d.col >= 1 ? { startColumn: d.col } : {}) } } : {};
  return [{ physicalLocation: { artifactLocation: { uri: pathUri(pathOf(d.file)), uriBaseId: "%SRCROOT%" }, ...region } }];
}

/**
 * `validate --format sarif`: SARIF 2.1.0, one run, one result per finding, files relative to the
 * repository root (`%SRCROOT%`), as GitHub code scanning reads it
 * (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
 */
export function renderSarif(diagnostics: readonly Diagnostic[], pathOf: PathFromRoot): string {
  const rules = [...new Set(diagnostics.map((d) => d.rule))].sort();
  const results = diagnostics.map((d) => ({
    ruleId: d.rule,
    ruleIndex: rules.indexOf(d.rule),
    level: d.severity,
    message: { text: d.path ? `${d.path}: ${d.message}` : d.message },
    locations: location(d, pathOf),
    // A warning its document silences (`lint.ignore`): code scanning shows it as suppressed, with the reason.
    ...(d.silenced ? { suppressions: [{ kind: "inSource", justification: d.silenced.reason }] } : {}),
  }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "transync", version: transyncVersion(), rules: rules.map((id) => ({ id })) } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${escapeJsonText(JSON.stringify(log, null, 2))}\n`;
}
