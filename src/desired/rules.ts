import { parseFql } from "../fql/parse-fql.js";
import { TRANSFORM_FIELDS } from "../model/transformation.js";
import { selectsTrackEvents } from "../fql/selects-track-events.js";
import type { FqlExpr } from "../fql/ast.js";
import { dottedPath, type FieldPath } from "./positions.js";
import type { LintRuleId } from "./lint-rules.js";
import { lintIgnores } from "./lint.js";
import { nonNumericComparisons } from "../fql/comparisons.js";
import { HASH_ALGORITHM_NAMES, isHashAlgorithm } from "../fql/hash-algorithms.js";
import { formatPath, parsePath } from "../fql/paths.js";

export type ReportOptions = { atKey?: boolean; valueOffset?: number };

/**
 * Where a rule reports: the reporter turns a field path into `file:line:col`. A warning is reported
 * under one of the ids a document's `lint.ignore` may name (lint-rules.ts); an error under any id.
 */
export interface RuleReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string, options?: ReportOptions): void;
  report(severity: "warning", rule: LintRuleId, path: FieldPath, message: string, options?: ReportOptions): void;
}

/**
 * A reporter's `report` as a wrapping reporter calls it with what it was given: the overloads hold the
 * rule of a finding's first report; a wrapper only passes it on (moved, renamed, once).
 */
export type PassOn = (severity: "error" | "warning", rule: string, path: FieldPath, message: string, options?: ReportOptions) => void;
export const passOn = (reporter: RuleReporter): PassOn => reporter.report.bind(reporter) as PassOn;

type Doc = Record<string, unknown>;
/** A semantic rule: JSON Schema cannot express it. Rules are defensive: the document may be ill-typed. */
export type DocumentRule = (doc: Doc, reporter: RuleReporter) => void;

/** A mapping's fields, or none when the value is not a mapping (the document may be ill-typed). */
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const records = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.map(record) : []);
const strings = (value: unknown): Array<string | undefined> =>
  Array.isArray(value) ? value.map((v) => (typeof v === "string" ? v : undefined)) : [];
const nonEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null);

/** `if` and every `fqlDefinedProperties[].fql` must parse; the error points inside the expression. */
export const fqlSyntax: DocumentRule = (doc, reporter) => {
  const condition = parsedFql(doc.if, ["if"], reporter);
  records(doc.fqlDefinedProperties).forEach((p, i) => parsedFql(p.fql, ["fqlDefinedProperties", i, "fql"], reporter));
  if (typeof doc.newEventName === "string" && condition && !selectsTrackEvents(condition)) {
    reporter.report(
      "warning",
      "new-event-name-track",
      ["newEventName"],
      `newEventName renames track events only, but "if" does not select track events; match them with event = '...' or type = 'track'`,
    );
  }
};

/** The tree of an FQL expression, or undefined (reported when it does not parse). At module level: a closure per document costs an allocation each. */
function parsedFql(src: unknown, path: FieldPath, reporter: RuleReporter): FqlExpr | undefined {
  if (typeof src !== "string" || src === "") return undefined;
  const result = parseFql(src);
  if (result.ok) return result.ast;
  reporter.report("error", "fql-syntax", path, `invalid FQL at ${whereInExpression(src, result.error.offset)}: ${result.error.message}`, {
    valueOffset: result.error.offset,
  });
  return undefined;
}

/** Warns about each never-true comparison in `if` and in every `fqlDefinedProperties[].fql`. */
export const fqlComparisons: DocumentRule = (doc, reporter) => {
  checkComparisons(doc.if, ["if"], reporter);
  const defined = Array.isArray(doc.fqlDefinedProperties) ? doc.fqlDefinedProperties : [];
  defined.forEach((p: unknown, i) =>
    checkComparisons(
      p && typeof p === "object" ? (p as Record<string, unknown>).fql : undefined,
      ["fqlDefinedProperties", i, "fql"],
      reporter,
    ),
  );
};

function checkComparisons(src: unknown, path: FieldPath, reporter: RuleReporter): void {
  if (typeof src !== "string") return;
  const parsed = parseFql(src);
  if (!parsed.ok) return;
  for (const c of nonNumericComparisons(parsed.ast)) {
    const hint = c.literal.startsWith("'") ? " (a date or version written as a string cannot be compared this way)" : "";
    reporter.report(
      "warning",
      "fql-compare-type",
      path,
      `${c.op} ${c.literal} is never true: FQL's <, <=, >, >= compare numbers only${hint}`,
      {
        valueOffset: c.offset,
      },
    );
  }
}

/** `column 12`, or `line 2, column 5` for an expression written on several lines. */
function whereInExpression(src: string, offset: number): string {
  const before = src.slice(0, offset);
  const line = before.split("\n").length;
  const col = offset - (before.lastIndexOf("\n") + 1) + 1;
  return line === 1 ? `column ${col}` : `line ${line}, column ${col}`;
}

const VALUE_ROOTS = /^(properties|context)\.[^.]/;
const FULL_PATH_ROOTS = /^(properties|traits|context)\.[^.]/;

/** Value transformations set paths rooted at `properties.` or `context.`, each path once. */
export const valuePaths: DocumentRule = (doc, reporter) => {
  // Most documents set no value transformation: nothing to check, no maps to build.
  if (!nonEmpty(doc.propertyValueTransformations)) return;
  const seen = new Map<string, string>();
  const renamed = new Map<string, number>();
  records(doc.propertyRenames).forEach((r, i) => typeof r.oldName === "string" && renamed.set(`properties.${r.oldName}`, i));
  records(doc.propertyValueTransformations).forEach((t, i) => {
    strings(t.propertyPaths).forEach((path, j) => {
      if (path === undefined) return;
      const at = ["propertyValueTransformations", i, "propertyPaths", j];
      if (!VALUE_ROOTS.test(path)) {
        reporter.report("error", "path-root", at, `path must start with "properties." or "context." (got ${JSON.stringify(path)})`);
        return;
      }
      const first = seen.get(path);
      if (first) reporter.report("error", "duplicate-path", at, `path "${path}" is set twice (also at ${first})`);
      else seen.set(path, dottedPath(at));
      const rename = renamed.get(path);
      if (rename !== undefined) {
        reporter.report(
          "error",
          "path-renamed",
          at,
          `path "${path}" is also renamed by propertyRenames.${rename}; Segment rejects a value change of a renamed property`,
        );
      }
    });
  });
};

/** FQL-defined property names and hashed paths are full paths (`properties.email`). */
export const fullPaths: DocumentRule = (doc, reporter) => {
  records(doc.fqlDefinedProperties).forEach((p, i) =>
    checkFullPath(typeof p.propertyName === "string" ? p.propertyName : undefined, ["fqlDefinedProperties", i, "propertyName"], reporter),
  );
  strings(record(doc.hashPropertiesConfiguration).paths).forEach((p, i) =>
    checkFullPath(p, ["hashPropertiesConfiguration", "paths", i], reporter),
  );
};

function checkFullPath(path: string | undefined, at: FieldPath, reporter: RuleReporter): void {
  if (path !== undefined && !FULL_PATH_ROOTS.test(path)) {
    reporter.report(
      "error",
      "path-root",
      at,
      `must be a full path starting with "properties.", "traits." or "context." (got ${JSON.stringify(path)})`,
    );
  }
}

const MAX_RENAME_DEPTH = 4;

/**
 * `propertyRenames` renames fields inside `properties` (or `traits`) only (spec section 1): names
 * are relative to that object, at most four levels deep, each renamed once.
 */
export const renameScope: DocumentRule = (doc, reporter) => {
  const seen = new Map<string, number>();
  records(doc.propertyRenames).forEach((rename, i) => {
    for (const field of ["oldName", "newName"] as const) {
      const name = rename[field];
      if (typeof name === "string") checkRenameName(name, ["propertyRenames", i, field], reporter);
    }
    const old = rename.oldName;
    if (typeof old !== "string") return;
    const first = seen.get(old);
    if (first !== undefined)
      reporter.report(
        "error",
        "duplicate-rename",
        ["propertyRenames", i, "oldName"],
        `"${old}" is renamed twice (also at propertyRenames.${first})`,
      );
    else seen.set(old, i);
  });
};

function checkRenameName(name: string, at: FieldPath, reporter: RuleReporter): void {
  const root = /^(properties|traits|context|integrations)\./.exec(name)?.[1];
  if (root === "properties" || root === "traits") {
    reporter.report(
      "error",
      "rename-scope",
      at,
      `names are relative to properties/traits: write ${JSON.stringify(name.slice(root.length + 1))}, not ${JSON.stringify(name)}`,
    );
  } else if (root) {
    reporter.report(
      "error",
      "rename-scope",
      at,
      `${JSON.stringify(name)} is outside properties/traits, which propertyRenames cannot rename; use propertyValueTransformations to change fields outside them`,
    );
  } else if (parsePath(name).length > MAX_RENAME_DEPTH) {
    // `\.` is a dot inside one name (Segment's escape), not a level.
    reporter.report(
      "error",
      "rename-depth",
      at,
      `at most ${MAX_RENAME_DEPTH} levels deep (got ${parsePath(name).length}); write \\. for a dot inside a name`,
    );
  }
}

/** Segment hashes with MD5, SHA1, SHA256, SHA384 or SHA512 (any case); another name would fail at Segment. */
export const hashAlgorithm: DocumentRule = (doc, reporter) => {
  const algorithm = record(doc.hashPropertiesConfiguration).algorithm;
  if (typeof algorithm !== "string" || algorithm === "" || isHashAlgorithm(algorithm)) return;
  reporter.report(
    "error",
    "hash-algorithm",
    ["hashPropertiesConfiguration", "algorithm"],
    `must be one of ${HASH_ALGORITHM_NAMES.join(", ")} (got ${JSON.stringify(algorithm)})`,
  );
};

/**
 * A hash path listed twice (or written two ways, `a.b` and `a.\b`): Segment does not say whether it
 * hashes the value twice; transync hashes each path once.
 */
export const hashPaths: DocumentRule = (doc, reporter) => {
  if (!nonEmpty(record(doc.hashPropertiesConfiguration).paths)) return;
  const seen = new Map<string, number>();
  strings(record(doc.hashPropertiesConfiguration).paths).forEach((path, i) => {
    if (path === undefined) return;
    const canonical = formatPath(parsePath(path));
    const first = seen.get(canonical);
    if (first === undefined) seen.set(canonical, i);
    else
      reporter.report(
        "warning",
        "duplicate-hash-path",
        ["hashPropertiesConfiguration", "paths", i],
        `path ${JSON.stringify(canonical)} is listed twice (also at hashPropertiesConfiguration.paths.${first}); transync hashes it once`,
      );
  });
};

/** Segment rejects an FQL-defined property combined with renames or value changes. */
export const fqlExclusive: DocumentRule = (doc, reporter) => {
  if (!nonEmpty(doc.fqlDefinedProperties)) return;
  const others = (["newEventName", "propertyRenames", "propertyValueTransformations"] as const).filter((f) => nonEmpty(doc[f]));
  if (others.length === 0) return;
  reporter.report(
    "error",
    "fql-exclusive",
    ["fqlDefinedProperties"],
    `fqlDefinedProperties cannot be combined with ${others.join(", ")} (Segment rejects it); move them to another transformation`,
  );
};

/**
 * `drop: true` makes Segment ignore every other transform. (A document without any transform is
 * not warned about: it is what remains after removing `drop: true`, and applying it is a change.)
 */
export const transformsUsed: DocumentRule = (doc, reporter) => {
  const used = TRANSFORM_FIELDS.filter((f) => nonEmpty(doc[f]));
  if (doc.drop === true && used.length > 0) {
    reporter.report("warning", "drop-ignores", ["drop"], `drop is true, so the other transforms are ignored: ${used.join(", ")}`);
  }
};

export const DOCUMENT_RULES: readonly DocumentRule[] = [
  fqlSyntax,
  fqlComparisons,
  valuePaths,
  fullPaths,
  renameScope,
  hashAlgorithm,
  hashPaths,
  fqlExclusive,
  transformsUsed,
  lintIgnores,
];
