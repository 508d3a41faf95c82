import type { KindIssue, KindMisfit } from "../kind.js";
import { actionsIssues, ifIssues } from "./limits.js";

/*
 * A `kind: DestinationFilter` document (issue 37) and a filter as the API replies
 * (DestinationFilterV1): the document's rules past its required and unknown keys, its API fields,
 * and the first misfit of a reply.
 */

const isMapping = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const nonEmpty = (value: unknown, max = 255): boolean => typeof value === "string" && value.trim() !== "" && value.length <= max;
const issue = (path: string[], message: string): KindIssue => ({ path, message });

/** `destination`: a `connections:` alias, `{ slug, name }` or `{ id, slug? }`. */
function destinationIssues(value: unknown): KindIssue[] {
  if (nonEmpty(value)) return [];
  const shape = "must be a connections: alias of transync.yaml, { slug, name } or { id }";
  if (!isMapping(value)) return [issue(["destination"], shape)];
  const keys = Object.keys(value);
  const byName = keys.every((k) => k === "slug" || k === "name") && nonEmpty(value.slug) && nonEmpty(value.name);
  const byId = keys.every((k) => k === "id" || k === "slug") && nonEmpty(value.id) && (value.slug === undefined || nonEmpty(value.slug));
  return byName || byId ? [] : [issue(["destination"], shape)];
}

/** The document's rules past the registry's required and unknown keys: each field's form and the API's limits, each at its field. */
export function filterDocumentIssues(doc: Readonly<Record<string, unknown>>): KindIssue[] {
  const found: KindIssue[] = [];
  if (!nonEmpty(doc.name)) found.push(issue(["name"], "must be a non-empty name of at most 255 characters"));
  if (doc.title !== undefined && !nonEmpty(doc.title)) found.push(issue(["title"], "must be a non-empty title of at most 255 characters"));
  if (doc.source !== undefined && !nonEmpty(doc.source))
    found.push(issue(["source"], "must be a source alias of transync.yaml or a Source id"));
  found.push(...destinationIssues(doc.destination));
  if (doc.destination !== undefined && !nonEmpty(doc.destination) && doc.source === undefined)
    found.push(issue(["destination"], "names an instance by { slug, name } or { id }: give its source too (source: <alias or id>)"));
  found.push(...ifIssues(doc.if), ...actionsIssues(doc.actions));
  if (doc.enabled !== undefined && typeof doc.enabled !== "boolean") found.push(issue(["enabled"], "must be true or false"));
  if (doc.description !== undefined && doc.description !== null && typeof doc.description !== "string")
    found.push(issue(["description"], "must be a text (null or absent: none)"));
  return found;
}

/** The API fields of a checked document: `title` defaults to `name`, `enabled` to true; `description: null` is none. */
export function filterSpec(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return {
    title: doc.title ?? doc.name,
    if: doc.if,
    actions: doc.actions,
    enabled: doc.enabled ?? true,
    ...(typeof doc.description === "string" ? { description: doc.description } : {}),
  };
}

const misfit = (path: string, expected: string, value: unknown): KindMisfit => ({ path, expected, value });

/** DestinationFilterV1's first field of the wrong type, or undefined. */
export function decodeFilter(value: unknown): KindMisfit | undefined {
  if (!isMapping(value)) return misfit("", "an object", value);
  for (const key of ["id", "sourceId", "destinationId", "title"])
    if (typeof value[key] !== "string" || value[key] === "") return misfit(`.${key}`, "a non-empty string", value[key]);
  if (typeof value.if !== "string") return misfit(".if", "a string", value.if);
  if (typeof value.enabled !== "boolean") return misfit(".enabled", "a boolean", value.enabled);
  if (value.description !== undefined && value.description !== null && typeof value.description !== "string")
    return misfit(".description", "a string", value.description);
  if (!Array.isArray(value.actions)) return misfit(".actions", "an array", value.actions);
  const at = value.actions.findIndex((a) => !isMapping(a) || typeof a.type !== "string");
  return at < 0 ? undefined : misfit(`.actions[${at}]`, "an action with a type", value.actions[at]);
}
