import { TRANSFORM_FIELDS } from "../../model/transformation.js";
import { HASH_ALGORITHM_NAMES, isHashAlgorithm } from "../../fql/hash-algorithms.js";
import { formatPath, parsePath } from "../../fql/paths.js";
import { nonEmpty, record, records, strings, type FieldPath, type Findings, type TransformationRule } from "./findings.js";

/*
 * The Transformation's rules on the paths it sets and renames, its hashing, and which transforms go
 * together (Segment's Transformations documentation, https://segment.com/docs/protocols/transform/).
 * A finding the API refuses too carries the API's own message (`api`): the emulator's 422 is it
 * (docs/emulator.md, "Validation (422)"), so `validate` and the emulator enforce one rule.
 */

const VALUE_ROOTS = /^(properties|context)\.[^.]/;
const FULL_PATH_ROOTS = /^(properties|traits|context)\.[^.]/;

const dotted = (path: FieldPath): string => path.join(".");

/**
 * The paths a rename reads or writes, each with the rename: its `oldName` and `newName`, bare and
 * under `properties.`. An `oldName` wins over a `newName` at one path, a later rename over an earlier.
 */
function renamedPaths(doc: Readonly<Record<string, unknown>>): Map<string, { index: number; as: "oldName" | "newName" }> {
  const renamed = new Map<string, { index: number; as: "oldName" | "newName" }>();
  for (const as of ["newName", "oldName"] as const)
    records(doc.propertyRenames).forEach((rename, index) => {
      const name = rename[as];
      if (typeof name !== "string") return;
      renamed.set(name, { index, as });
      renamed.set(`properties.${name}`, { index, as });
    });
  return renamed;
}

/**
 * Value transformations set paths rooted at `properties.` or `context.`, each path once, none that a
 * rename reads or writes. (An empty path's refusal at the API is its schema's: no `api` for it.)
 */
export const valuePaths: TransformationRule = (doc, found) => {
  // Most documents set no value transformation: nothing to check, no maps to build.
  if (!nonEmpty(doc.propertyValueTransformations)) return;
  const seen = new Map<string, string>();
  const renamed = renamedPaths(doc);
  records(doc.propertyValueTransformations).forEach((t, i) => {
    strings(t.propertyPaths).forEach((path, j) => {
      if (path === undefined) return;
      const at = ["propertyValueTransformations", i, "propertyPaths", j];
      const field = dotted(at);
      if (!VALUE_ROOTS.test(path)) {
        const api = path === "" ? {} : { api: `"${field}" must be rooted at "properties." or "context.", got "${path}"` };
        found.report("error", "path-root", at, `path must start with "properties." or "context." (got ${JSON.stringify(path)})`, api);
        return;
      }
      const first = seen.get(path);
      if (first)
        found.report("error", "duplicate-path", at, `path "${path}" is set twice (also at ${first})`, {
          api: `"${field}": the path "${path}" appears twice in propertyValueTransformations`,
        });
      else seen.set(path, field);
      const rename = renamed.get(path);
      if (rename === undefined) return;
      const what = rename.as === "oldName" ? "also renamed by" : "also the new name of";
      found.report(
        "error",
        "path-renamed",
        at,
        `path "${path}" is ${what} propertyRenames.${rename.index}; Segment rejects a value change of a renamed property`,
        { api: `"${field}": the path "${path}" is also renamed in propertyRenames` },
      );
    });
  });
};

/** FQL-defined property names and hashed paths are full paths (`properties.email`). */
export const fullPaths: TransformationRule = (doc, found) => {
  records(doc.fqlDefinedProperties).forEach((p, i) =>
    checkFullPath(typeof p.propertyName === "string" ? p.propertyName : undefined, ["fqlDefinedProperties", i, "propertyName"], found),
  );
  strings(record(doc.hashPropertiesConfiguration).paths).forEach((p, i) =>
    checkFullPath(p, ["hashPropertiesConfiguration", "paths", i], found),
  );
};

function checkFullPath(path: string | undefined, at: FieldPath, found: Findings): void {
  if (path !== undefined && !FULL_PATH_ROOTS.test(path)) {
    found.report(
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
export const renameScope: TransformationRule = (doc, found) => {
  const seen = new Map<string, number>();
  records(doc.propertyRenames).forEach((rename, i) => {
    for (const field of ["oldName", "newName"] as const) {
      const name = rename[field];
      if (typeof name === "string") checkRenameName(name, ["propertyRenames", i, field], found);
    }
    const old = rename.oldName;
    if (typeof old !== "string") return;
    const first = seen.get(old);
    if (first !== undefined)
      found.report(
        "error",
        "duplicate-rename",
        ["propertyRenames", i, "oldName"],
        `"${old}" is renamed twice (also at propertyRenames.${first})`,
      );
    else seen.set(old, i);
  });
};

function checkRenameName(name: string, at: FieldPath, found: Findings): void {
  const root = /^(properties|traits|context|integrations)\./.exec(name)?.[1];
  if (root === "properties" || root === "traits") {
    found.report(
      "error",
      "rename-scope",
      at,
      `names are relative to properties/traits: write ${JSON.stringify(name.slice(root.length + 1))}, not ${JSON.stringify(name)}`,
    );
  } else if (root) {
    found.report(
      "error",
      "rename-scope",
      at,
      `${JSON.stringify(name)} is outside properties/traits, which propertyRenames cannot rename; use propertyValueTransformations to change fields outside them`,
    );
  } else if (parsePath(name).length > MAX_RENAME_DEPTH) {
    // `\.` is a dot inside one name (Segment's escape), not a level.
    found.report(
      "error",
      "rename-depth",
      at,
      `at most ${MAX_RENAME_DEPTH} levels deep (got ${parsePath(name).length}); write \\. for a dot inside a name`,
    );
  }
}

/** Segment hashes with MD5, SHA1, SHA256, SHA384 or SHA512 (any case); another name would fail at Segment. */
export const hashAlgorithm: TransformationRule = (doc, found) => {
  const algorithm = record(doc.hashPropertiesConfiguration).algorithm;
  if (typeof algorithm !== "string" || algorithm === "" || isHashAlgorithm(algorithm)) return;
  found.report(
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
export const hashPaths: TransformationRule = (doc, found) => {
  if (!nonEmpty(record(doc.hashPropertiesConfiguration).paths)) return;
  const seen = new Map<string, number>();
  strings(record(doc.hashPropertiesConfiguration).paths).forEach((path, i) => {
    if (path === undefined) return;
    const canonical = formatPath(parsePath(path));
    const first = seen.get(canonical);
    if (first === undefined) seen.set(canonical, i);
    else
      found.report(
        "warning",
        "duplicate-hash-path",
        ["hashPropertiesConfiguration", "paths", i],
        `path ${JSON.stringify(canonical)} is listed twice (also at hashPropertiesConfiguration.paths.${first}); transync hashes it once`,
      );
  });
};

/**
 * Segment rejects an FQL-defined property combined with renames, value changes or a new event name.
 * (A non-list `fqlDefinedProperties` is refused by the API's schema: no `api` for it.)
 */
export const fqlExclusive: TransformationRule = (doc, found) => {
  if (!nonEmpty(doc.fqlDefinedProperties)) return;
  const others = (["newEventName", "propertyRenames", "propertyValueTransformations"] as const).filter((f) => nonEmpty(doc[f]));
  if (others.length === 0) return;
  // The API names them in its own order.
  const inApiOrder = [...others.filter((f) => f !== "newEventName"), ...others.filter((f) => f === "newEventName")];
  const api = Array.isArray(doc.fqlDefinedProperties)
    ? { api: `"fqlDefinedProperties" cannot be combined with ${inApiOrder.join(", ")}` }
    : {};
  found.report(
    "error",
    "fql-exclusive",
    ["fqlDefinedProperties"],
    `fqlDefinedProperties cannot be combined with ${others.join(", ")} (Segment rejects it); move them to another transformation`,
    api,
  );
};

/**
 * `drop: true` makes Segment ignore every other transform. (A document without any transform is
 * not warned about: it is what remains after removing `drop: true`, and applying it is a change.)
 */
export const transformsUsed: TransformationRule = (doc, found) => {
  const used = TRANSFORM_FIELDS.filter((f) => nonEmpty(doc[f]));
  if (doc.drop === true && used.length > 0) {
    found.report("warning", "drop-ignores", ["drop"], `drop is true, so the other transforms are ignored: ${used.join(", ")}`);
  }
};
