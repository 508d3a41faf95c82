import type { ApiErrorObject } from "../model/transformation.js";
import { shorten } from "./envelope.js";
import { inputError, validationFailure } from "./http-error.js";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A window of more days than this is refused: a year of daily buckets is what a client needs. */
export const MAX_WINDOW_DAYS = 366;
export const GROUP_BY = ["eventName", "eventType", "source"] as const;
export type Dimension = (typeof GROUP_BY)[number];
const FILTERS = ["sourceId", "eventName", "eventType", "appVersion"] as const;
type Filter = (typeof FILTERS)[number];

/** The query of `GET /events/volume`, checked. */
export interface VolumeQuery {
  granularity: "DAY";
  startTime: string;
  endTime: string;
  startMs: number;
  endMs: number;
  groupBy: Dimension[];
  filters: Partial<Record<Filter, string[]>>;
}

/**
 * The values of a list parameter, in every form clients send: comma-delimited (`groupBy=eventName,eventType`,
 * the docs' form), repeated (`sourceId=a&sourceId=b`), and indexed (`groupBy[0]=…`, `groupBy[]=…`,
 * `groupBy.0=…`: what SDKs' query encoders write). Undefined when the parameter is absent.
 */
export function listParam(query: Record<string, unknown>, name: string): string[] | undefined {
  const pattern = new RegExp(`^${name}(\\[\\d*\\]|\\.\\d+)?$`);
  const keys = Object.keys(query).filter((key) => pattern.test(key));
  if (keys.length === 0) return undefined;
  const raw = keys.flatMap((key) => {
    const value = query[key];
    return Array.isArray(value) ? value : [value];
  });
  return raw
    .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" && one.trim() !== "" ? one.trim() : undefined;
}

/** Reads and checks the query; every mistake is one `input-validation` error of a 422 (Segment's "Validation failure"). */
export function readVolumeQuery(query: Record<string, unknown>): VolumeQuery {
  const errors: ApiErrorObject[] = [];
  const granularity = readGranularity(single(query, "granularity"), errors);
  const startTime = single(query, "startTime");
  const endTime = single(query, "endTime");
  const startMs = readTime(startTime, "startTime", errors);
  const endMs = readTime(endTime, "endTime", errors);
  if (startMs !== undefined && endMs !== undefined) checkWindow(startMs, endMs, errors);
  const groupBy = listParam(query, "groupBy") ?? [];
  for (const dimension of groupBy) {
    if (!(GROUP_BY as readonly string[]).includes(dimension))
      errors.push(inputError("groupBy", `"groupBy" may name ${GROUP_BY.join(", ")}; got "${shorten(dimension)}"`));
  }
  if (errors.length > 0) throw validationFailure(errors);
  const filters: VolumeQuery["filters"] = {};
  for (const filter of FILTERS) {
    const values = listParam(query, filter);
    if (values !== undefined) filters[filter] = values;
  }
  return {
    granularity: granularity!,
    startTime: startTime!,
    endTime: endTime!,
    startMs: startMs!,
    endMs: endMs!,
    groupBy: [...new Set(groupBy)] as Dimension[],
    filters,
  };
}

function readGranularity(value: string | undefined, errors: ApiErrorObject[]): "DAY" | undefined {
  if (value === "DAY") return "DAY";
  if (value === undefined) errors.push(inputError("granularity", `"granularity" is required: DAY (HOUR and MINUTE are Segment's too)`));
  else if (value === "HOUR" || value === "MINUTE")
    errors.push(inputError("granularity", `granularity ${value} is not served by the emulator, whose volumes are per day; ask for DAY`));
  else errors.push(inputError("granularity", `"granularity" must be DAY, HOUR or MINUTE; got "${shorten(value)}"`));
  return undefined;
}

/** An ISO 8601 date-time with a time zone (`2026-11-19T00:00:00Z`): a bare date would be read in no defined zone. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function readTime(value: string | undefined, field: string, errors: ApiErrorObject[]): number | undefined {
  if (value === undefined) {
    errors.push(inputError(field, `"${field}" is required (an ISO 8601 date-time such as 2026-11-19T00:00:00Z)`));
    return undefined;
  }
  const at = ISO_DATE_TIME.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at))
    errors.push(
      inputError(field, `"${field}" must be an ISO 8601 date-time with a time zone (2026-11-19T00:00:00Z); got "${shorten(value)}"`),
    );
  return Number.isNaN(at) ? undefined : at;
}

function checkWindow(startMs: number, endMs: number, errors: ApiErrorObject[]): void {
  if (endMs <= startMs) errors.push(inputError("endTime", `"endTime" (exclusive) must be after "startTime" (inclusive)`));
  else if (endMs - startMs > MAX_WINDOW_DAYS * DAY_MS)
    errors.push(inputError("endTime", `the window is over ${MAX_WINDOW_DAYS} days; ask for a shorter one`));
}
