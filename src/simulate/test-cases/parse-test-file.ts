import type { Diagnostic, ProjectConfig } from "../../desired/types.js";
import type { SourceLocation } from "../../model/desired-resource.js";
import { parseYamlText, type YamlDocument } from "../../desired/read-yaml.js";
import { checkApiVersion, documentReporter, reportSchemaIssues } from "../../desired/reporter.js";
import { checkSchema } from "../../desired/schema-check.js";
import { boundedDistance } from "../../desired/name-match.js";
import { resolveDestinationRef, resolveSourceRef } from "../../desired/source-refs.js";
import { refText } from "../../desired/live-refs.js";
import type { ResolvedConnection } from "../../desired/connections.js";
import { linePos, lookupNode, offsetOf, type FieldPath } from "../../desired/positions.js";
import type { RuleReporter } from "../../desired/rules.js";
import { parsePath } from "../../fql/paths.js";
import type { JsonObject } from "../types.js";
import type { TestCase } from "./types.js";
import { readShapeMarkers } from "./shape-markers.js";

export const TEST_KIND = "TransformationTest";

/** What resolving a case's source and destination needs from the project. */
export interface TestFileContext {
  environments: ProjectConfig["environments"];
  destinations: ProjectConfig["destinations"];
  env: string | undefined;
  /** The destination instances of `connections:` in force (connectionsOf): a case's destination may name one. */
  connections?: Readonly<Record<string, ResolvedConnection>>;
  /** The environment itself is unknown (already reported), so alias errors would be noise. */
  envFailed: boolean;
}

export interface ParsedTestFile {
  /** Every case of the file; empty when the file has any error (no case of a broken file runs). */
  cases: TestCase[];
  diagnostics: Diagnostic[];
}

/**
 * Pure: reads one test file's text with the desired state's YAML reader (limits, positions) and its
 * schema machinery (`schemas/transformation-test.schema.json`: unknown keys anywhere are errors).
 */
export function parseTestFile(file: string, text: string, context: TestFileContext): ParsedTestFile {
  const read = parseYamlText(file, text);
  const diagnostics = read.diagnostics.map((d) =>
    d.rule === "empty-file"
      ? {
          ...d,
          severity: "error" as const,
          message: "file contains no documents; a test file holds apiVersion, kind: TransformationTest and cases",
        }
      : d,
  );
  const cases: TestCase[] = [];
  for (const ydoc of read.documents) cases.push(...checkTestDocument(ydoc, context, diagnostics));
  checkUniqueNames(cases, diagnostics);
  return { cases: diagnostics.some((d) => d.severity === "error") ? [] : cases, diagnostics };
}

function checkTestDocument(ydoc: YamlDocument, context: TestFileContext, out: Diagnostic[]): TestCase[] {
  const reporter = documentReporter(ydoc, out);
  const value = ydoc.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    reporter.report("error", "schema", [], "a test file must be a mapping with apiVersion, kind: TransformationTest and cases");
    return [];
  }
  const doc = value as Record<string, unknown>;
  if (!checkApiVersion(doc, reporter, true)) return [];
  if (doc.kind !== TEST_KIND) {
    const got = doc.kind === undefined ? "required field is missing" : `unknown kind ${JSON.stringify(doc.kind)}`;
    reporter.report("error", "kind", ["kind"], `${got}; a test file has kind: ${TEST_KIND}`);
    return [];
  }
  const issues = checkSchema("transformation-test.schema.json", doc);
  reportSchemaIssues(reporter, issues);
  if (issues.length > 0 || !Array.isArray(doc.cases)) return [];
  const at = (path: FieldPath): SourceLocation => ({ file: ydoc.file, ...linePos(ydoc.lineCounter, offsetOf(lookupNode(ydoc.doc, path))) });
  return (doc.cases as Record<string, unknown>[]).flatMap((raw, i) => toCase(raw, i, { context, reporter, at }) ?? []);
}

interface CaseScope {
  context: TestFileContext;
  reporter: RuleReporter;
  at: (path: FieldPath) => SourceLocation;
}

/** One schema-valid case: its values checked for JSON, its source resolved. */
function toCase(raw: Record<string, unknown>, i: number, scope: CaseScope): TestCase | undefined {
  const { reporter, at, context } = scope;
  const expect = raw.expect as TestCase["expect"];
  let ok = checkJsonValues(raw, ["cases", i], reporter);
  if (expect.dropped === true) {
    for (const key of ["event", "contains", "absent"] as const) {
      if (expect[key] === undefined) continue;
      reporter.report(
        "error",
        "test-expect",
        ["cases", i, "expect", key],
        `"${key}" describes an output event, but dropped: true expects none; remove one of them`,
        { atKey: true },
      );
      ok = false;
    }
  }
  ok = checkAbsentRoots(raw.event as JsonObject, expect.absent ?? [], i, reporter) && ok;
  const markers = readShapeMarkers(expect, i, scope);
  ok = markers.ok && ok;
  // `{ slug: web }` is compared as its text `slug:web`, as documents keep it (live-refs.ts).
  const source = refText(raw.source) ?? "";
  const resolved = resolveSourceRef(source, context.environments, context.env);
  if (!resolved.ok) {
    if (!context.envFailed) reporter.report("error", "unknown-source-alias", ["cases", i, "source"], resolved.message);
    ok = false;
  }
  const destinationText = refText(raw.destination);
  const instance = instanceNamed(raw.destination, context);
  if (instance !== undefined && resolved.ok && instance.source !== resolved.id) {
    const message = `destination "${destinationText}" is an instance of source "${instance.sourceAlias ?? instance.source}" (connections: in transync.yaml), not of "${source}"`;
    reporter.report("error", "test-target", ["cases", i, "source"], message);
    ok = false;
  }
  const destination =
    destinationText !== undefined && instance === undefined ? resolveDestinationRef(destinationText, context.destinations) : undefined;
  if (destination && !destination.ok) {
    reporter.report("error", "unknown-destination-alias", ["cases", i, "destination"], destination.message);
    ok = false;
  }
  if (!ok || !resolved.ok || (destination && !destination.ok)) return undefined;
  const test: TestCase = {
    file: at([]).file,
    line: at(["cases", i]).line,
    index: i,
    name: raw.name as string,
    source,
    sourceId: resolved.id,
    event: raw.event as JsonObject,
    expect,
    at: { source: at(["cases", i, "source"]) },
    shapes: markers.shapes,
  };
  if (destination?.ok) {
    test.destination = destinationText!;
    test.destinationId = destination.id;
    test.at.destination = at(["cases", i, "destination"]);
  }
  if (instance !== undefined) {
    test.destination = destinationText!;
    test.instance = destinationText!;
    test.at.destination = at(["cases", i, "destination"]);
  }
  return test;
}

/** The instance of `connections:` a case's destination names, if it is such an alias (written as a string). */
function instanceNamed(destination: unknown, context: TestFileContext): ResolvedConnection | undefined {
  if (typeof destination !== "string" || context.connections === undefined) return undefined;
  return Object.hasOwn(context.connections, destination) ? context.connections[destination] : undefined;
}

/** The top-level fields a transformation can create (renames, value sets, FQL-defined properties, newEventName). */
const CREATABLE_ROOTS: readonly string[] = ["properties", "traits", "context", "event"];

/**
 * An `absent` path under a top-level field the input lacks and no transformation can create always
 * holds: a misspelling (`propertes.total`) that must not pass silently.
 */
function checkAbsentRoots(event: JsonObject, absent: readonly string[], i: number, reporter: RuleReporter): boolean {
  let ok = true;
  absent.forEach((path, k) => {
    const root = parsePath(path)[0] ?? "";
    if (Object.hasOwn(event, root) || CREATABLE_ROOTS.includes(root)) return;
    const close = [...new Set([...Object.keys(event), ...CREATABLE_ROOTS])].find((name) => boundedDistance(name, root, 2) <= 2);
    const hint = close === undefined ? "" : ` (did you mean "${close}"?)`;
    reporter.report(
      "error",
      "test-absent",
      ["cases", i, "expect", "absent", k],
      `"${path}" always holds: the input event has no "${root}" and no transformation creates one${hint}`,
    );
    ok = false;
  });
  return ok;
}

const MERGE_KEY = "<<";
const MERGE_MESSAGE =
  '"<<" is a YAML 1.1 merge key, which transync does not apply (it reads YAML 1.2, where "<<" is an ordinary key, so the case would test another event); write the fields out, or repeat the whole value with an alias (*name)';

/**
 * YAML can say things JSON cannot (`.nan`, `.inf`, binary tags): an event holding them is refused
 * rather than simulated as something else; so is a merge key (`<<: *base`), which would stay a plain
 * key. Iterative; the YAML reader already bounds the depth.
 */
function checkJsonValues(value: unknown, base: FieldPath, reporter: RuleReporter): boolean {
  const stack: Array<{ value: unknown; path: FieldPath }> = [{ value, path: base }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number" && Number.isFinite(v)) continue;
    if (Array.isArray(v)) v.forEach((item, k) => stack.push({ value: item, path: [...path, k] }));
    else if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      if (Object.hasOwn(v, MERGE_KEY)) {
        reporter.report("error", "test-json", [...path, MERGE_KEY], MERGE_MESSAGE, { atKey: true });
        return false;
      }
      for (const [k, item] of Object.entries(v)) stack.push({ value: item, path: [...path, k] });
    } else {
      reporter.report(
        "error",
        "test-json",
        path,
        `not a JSON value (${typeof v === "number" ? String(v) : typeof v}); events and expectations hold strings, finite numbers, true/false, null, lists and mappings`,
      );
      return false;
    }
  }
  return true;
}

/** Case names are how reports name a case: each may appear once in a file. */
function checkUniqueNames(cases: readonly TestCase[], out: Diagnostic[]): void {
  const seen = new Map<string, TestCase>();
  for (const c of cases) {
    const first = seen.get(c.name);
    if (first)
      out.push({
        file: c.file,
        line: c.line,
        col: 1,
        severity: "error",
        path: "name",
        rule: "unique-name",
        message: `duplicate case name ${JSON.stringify(c.name)} (also at ${first.file}:${first.line}); names must be unique in a file`,
      });
    else seen.set(c.name, c);
  }
}
