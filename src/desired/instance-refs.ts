import { locationText, type DesiredResource, type InstanceRef } from "../model/desired-resource.js";
import type { Diagnostic } from "./types.js";
import { connectionsOf } from "./connections.js";
import type { DocumentContext } from "./document-refs.js";
import { nearest } from "./name-match.js";
import type { RuleReporter } from "./rules.js";
import { resolveSourceRef } from "./source-refs.js";
import { ownValue } from "../own-keys.js";

/*
 * The destination instance and source of a document of a kind that lives on an instance
 * (`kind: DestinationFilter`, issue 37), resolved offline for an environment: `destination` is a
 * `connections:` alias of transync.yaml (its source then comes from there, and a `source` given
 * must agree), or `{ slug, name }` / `{ id }` with `source` (an alias or id) beside it.
 */

/** A document's source (an id, or a slug reference's text) and its instance. */
export interface ResolvedInstance {
  sourceId: string;
  instance: InstanceRef;
}

type Outcome = { ok: true; value: ResolvedInstance } | { ok: false; path: string[]; message: string } | { ok: false; silent: true };

/**
 * Resolves `source` and `destination` in the chosen environment; without one, under `validate` with
 * no `--env`, in every environment (each finding once, naming the environment) and the first's result.
 */
export function resolveInstance(
  doc: Readonly<Record<string, unknown>>,
  context: DocumentContext,
  reporter: RuleReporter,
): ResolvedInstance | undefined {
  const defined = Object.keys(context.config.environments);
  const envs = context.env === undefined && context.everyEnvironment && defined.length > 0 ? defined : [context.env];
  let first: ResolvedInstance | undefined;
  const said = new Set<string>();
  for (const env of envs) {
    const outcome = resolveIn(doc, context, env);
    if (outcome.ok) first ??= outcome.value;
    else if (!("silent" in outcome) && !context.envFailed && !said.has(outcome.path.join(".") + outcome.message)) {
      said.add(outcome.path.join(".") + outcome.message);
      const where = envs.length > 1 ? ` (in environment "${env}")` : "";
      const rule = outcome.path[0] === "source" ? "unknown-source-alias" : "unknown-connection";
      reporter.report("error", rule, outcome.path, outcome.message + where);
    }
  }
  return envs.length > 1 ? undefined : first;
}

function resolveIn(doc: Readonly<Record<string, unknown>>, context: DocumentContext, env: string | undefined): Outcome {
  const { config } = context;
  const source = typeof doc.source === "string" ? resolveSourceRef(doc.source, config.environments, env) : undefined;
  if (source !== undefined && !source.ok) return { ok: false, path: ["source"], message: source.message };
  if (typeof doc.destination !== "string") {
    if (source === undefined) return { ok: false, silent: true };
    const instance: InstanceRef = {
      ...(doc.destination as InstanceRef),
      ...(source.alias !== undefined ? { sourceAlias: source.alias } : {}),
    };
    return { ok: true, value: { sourceId: source.id, instance } };
  }
  const alias = doc.destination;
  const connection = ownValue(connectionsOf(config, env), alias);
  if (connection === undefined) {
    // An alias whose entry is written but whose source does not resolve is the project file's error, said there.
    const written =
      Object.hasOwn(config.connections ?? {}, alias) || Object.hasOwn((env && config.environments[env]?.connections) || {}, alias);
    return written ? { ok: false, silent: true } : { ok: false, path: ["destination"], message: unknownAlias(alias, context, env) };
  }
  if (source !== undefined && source.id !== connection.source)
    return {
      ok: false,
      path: ["source"],
      message: `source "${doc.source as string}" is not the source of connection "${alias}" (transync.yaml gives it source "${connection.sourceAlias ?? connection.source}"); leave source out or make them agree`,
    };
  const instance: InstanceRef = {
    alias,
    ...(connection.sourceAlias !== undefined ? { sourceAlias: connection.sourceAlias } : {}),
    ...connection.destination,
  };
  return { ok: true, value: { sourceId: connection.source, instance } };
}

function unknownAlias(alias: string, context: DocumentContext, env: string | undefined): string {
  const known = Object.keys(connectionsOf(context.config, env));
  if (known.length === 0)
    return `"${alias}" is not a connection alias: transync.yaml defines no connections: (or write destination: { slug, name } or { id } with source)`;
  const close = nearest(alias, known);
  const hint = close.length > 0 ? `did you mean "${close[0]}"? ` : "";
  return `unknown connection alias "${alias}"; ${hint}(transync.yaml's connections: ${known.join(", ")})`;
}

/** An instance as one text, for comparison offline: its source and how the document names it (an alias by its connection's). */
export function instanceKey(resource: DesiredResource): string {
  const { slug, name, id } = resource.instance ?? {};
  const sourceId = (resource.spec as unknown as { sourceId?: unknown }).sourceId;
  return JSON.stringify(id !== undefined ? [sourceId, id] : [sourceId, slug, name]);
}

/**
 * Two documents of a kind on instances with one (instance, title) pair (the kind's identity: the API
 * matches a filter by its title on its instance) are refused, at the later document's start.
 */
export function duplicateTitles(resources: readonly DesiredResource[]): Diagnostic[] {
  const seen = new Map<string, DesiredResource>();
  const found: Diagnostic[] = [];
  for (const resource of resources) {
    if (resource.instance === undefined) continue;
    const title = (resource.spec as unknown as { title?: unknown }).title;
    const key = `${resource.kind ?? ""}\u0000${instanceKey(resource)}\u0000${String(title)}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, resource);
      continue;
    }
    found.push({
      ...resource.location,
      severity: "error",
      rule: "unique-name",
      path: "title",
      message: `${resource.kind ?? ""} "${resource.name}" has the title ${JSON.stringify(title)} on the same destination instance as "${first.name}" (${locationText(first.location)}); a title names one filter per instance`,
    });
  }
  return found;
}
