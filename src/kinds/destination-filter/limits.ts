import { parseFql } from "../../fql/parse-fql.js";
import { FILTER_LIMITS, isFilterFieldName } from "../../model/destination-filter-api.js";
import type { KindIssue } from "../kind.js";

/*
 * The Public API's limits of a Destination Filter (issue 37), each checked where a document is
 * validated so that a plan never meets them as a 422: at most 10 filters per destination instance
 * (checked at plan: FILTERS_PER_INSTANCE), `if` at most 3 KB, at most 4 actions, an allow or drop
 * list at most 8 objects of at most 64 fields, field names without spaces or dots, SAMPLE's percent
 * between 0 and 1.
 */

// One statement of the limits for the emulator and transync (src/model/destination-filter-api.ts).
export const FILTERS_PER_INSTANCE = FILTER_LIMITS.filtersPerDestination;
const MAX_IF_BYTES = FILTER_LIMITS.ifBytes;
const MAX_ACTIONS = FILTER_LIMITS.actionsPerFilter;
const MAX_FIELD_OBJECTS = FILTER_LIMITS.objectsPerAction;
const MAX_FIELDS_PER_OBJECT = FILTER_LIMITS.fieldsPerObject;
const ACTION_TYPES = ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"] as const;

type Path = Array<string | number>;
const issue = (path: Path, message: string): KindIssue => ({ path: path.map(String), message });
const isMapping = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** `if`: a non-empty FQL text of at most 3 KB (UTF-8 bytes). */
export function ifIssues(value: unknown): KindIssue[] {
  if (typeof value !== "string" || value.trim() === "") return [issue(["if"], "must be a non-empty FQL statement")];
  const bytes = new TextEncoder().encode(value).length;
  if (bytes > MAX_IF_BYTES) return [issue(["if"], `is ${bytes} bytes; the API's limit for a filter's if is 3 KB (${MAX_IF_BYTES} bytes)`)];
  // The API refuses an if that does not parse: said here, at the document's line, not as apply's 422.
  const parsed = parseFql(value);
  return parsed.ok ? [] : [issue(["if"], `invalid FQL (the API refuses it) at column ${parsed.error.col}: ${parsed.error.message}`)];
}

/** `actions`: at most 4, each of a known type with the members its type takes. */
export function actionsIssues(value: unknown): KindIssue[] {
  if (!Array.isArray(value))
    return [issue(["actions"], "must be a list of actions ({ type: DROP | SAMPLE | ALLOW_PROPERTIES | DROP_PROPERTIES, ... })")];
  const found: KindIssue[] = [];
  if (value.length > MAX_ACTIONS)
    found.push(issue(["actions"], `has ${value.length} actions; the API's limit is at most ${MAX_ACTIONS} actions per filter`));
  value.forEach((action, i) => found.push(...actionIssues(action, ["actions", i])));
  return found;
}

function actionIssues(action: unknown, at: Path): KindIssue[] {
  if (!isMapping(action)) return [issue(at, "must be a mapping with type")];
  const type = action.type;
  if (typeof type !== "string" || !(ACTION_TYPES as readonly string[]).includes(type))
    return [issue([...at, "type"], `must be one of ${ACTION_TYPES.join(", ")}`)];
  const allowed = type === "SAMPLE" ? ["type", "percent", "path"] : type === "DROP" ? ["type"] : ["type", "fields"];
  const found = Object.keys(action)
    .filter((key) => !allowed.includes(key))
    .map((key) => issue([...at, key], `a ${type} action takes only ${allowed.join(", ")}`));
  if (type === "SAMPLE") found.push(...sampleIssues(action, at));
  if (type === "ALLOW_PROPERTIES" || type === "DROP_PROPERTIES") found.push(...fieldsIssues(action.fields, [...at, "fields"], type));
  return found;
}

function sampleIssues(action: Record<string, unknown>, at: Path): KindIssue[] {
  const { percent, path } = action;
  const found: KindIssue[] = [];
  if (typeof percent !== "number" || !Number.isFinite(percent) || percent < 0 || percent > 1)
    found.push(issue([...at, "percent"], "must be a number from 0 to 1 (the share of events a SAMPLE action keeps)"));
  if (path !== undefined && (typeof path !== "string" || path === "")) found.push(issue([...at, "path"], "must be a non-empty path"));
  return found;
}

/** `fields: { <path>: [names] }` of ALLOW_PROPERTIES / DROP_PROPERTIES: at most 8 objects of at most 64 field names, none with a space or a dot. */
function fieldsIssues(fields: unknown, at: Path, type: string): KindIssue[] {
  if (!isMapping(fields)) return [issue(at, `a ${type} action needs fields: { <path>: [names] } ("" is the top level)`)];
  const paths = Object.keys(fields);
  const found: KindIssue[] = [];
  if (paths.length > MAX_FIELD_OBJECTS)
    found.push(issue(at, `has ${paths.length} objects; the API's limit is at most ${MAX_FIELD_OBJECTS} objects per ${type} action`));
  for (const path of paths) {
    const names = fields[path];
    if (!Array.isArray(names)) {
      found.push(issue([...at, path], "must be a list of field names"));
      continue;
    }
    if (names.length > MAX_FIELDS_PER_OBJECT)
      found.push(issue([...at, path], `has ${names.length} fields; the API's limit is at most ${MAX_FIELDS_PER_OBJECT} fields per object`));
    names.forEach((name, i) => {
      if (typeof name !== "string" || name === "") found.push(issue([...at, path, i], "must be a non-empty field name"));
      else if (!isFilterFieldName(name))
        found.push(issue([...at, path, i], `field name ${JSON.stringify(name)}: the API refuses field names with spaces or dots`));
    });
  }
  return found;
}
