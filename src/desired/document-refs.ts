import type { ProjectConfig } from "./types.js";
import type { RuleReporter } from "./rules.js";
import { resolveDestinationRef, resolveSourceRef } from "./source-refs.js";
import { refText } from "./live-refs.js";

/*
 * The references of a document resolved for an environment: its source and destination aliases
 * (transync.yaml) and its pin (`id`, or its environment's entry of `id: { staging: …, prod: … }`).
 */

/** What checking a document needs from the project. */
export interface DocumentContext {
  config: ProjectConfig;
  env: string | undefined;
  /** The environment itself is unknown (already reported), so alias errors would be noise. */
  envFailed: boolean;
  /** `validate` without `--env`: every environment's effective document is checked, none is needed. */
  everyEnvironment?: boolean;
}

/** A reference as the document gives it: the id (or `slug:…` text), and the alias it was written as, if any. */
export type ResolvedRef = { id: string; alias?: string };

export function resolveSource(
  doc: Record<string, unknown>,
  context: DocumentContext,
  env: string | undefined,
  reporter: RuleReporter,
): ResolvedRef | undefined {
  const text = refText(doc.sourceId);
  if (text === undefined || text === "") return undefined;
  const resolved = resolveSourceRef(text, context.config.environments, env);
  if (resolved.ok) return resolved;
  if (!context.envFailed) reporter.report("error", "unknown-source-alias", ["sourceId"], resolved.message);
  return undefined;
}

/**
 * The id this document is pinned to in the selected environment: a plain `id`, or its environment's
 * entry of `id: { staging: …, prod: … }` (each workspace has its own ids). An environment without an
 * entry matches by name, so importing staging then prod fills the map one environment at a time.
 */
export function resolvePin(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): string | undefined {
  const { id } = doc;
  if (typeof id === "string") return id;
  if (id === null || typeof id !== "object" || Array.isArray(id)) return undefined;
  const pins = id as Record<string, unknown>;
  const defined = Object.keys(context.config.environments);
  if (context.envFailed) return undefined;
  for (const env of Object.keys(pins)) {
    if (!defined.includes(env))
      reporter.report(
        "error",
        "unknown-environment",
        ["id", env],
        `"${env}" is not an environment of transync.yaml (${defined.length > 0 ? `defined: ${defined.join(", ")}` : "it defines none"})`,
        { atKey: true },
      );
  }
  if (context.env === undefined) {
    reporter.report(
      "error",
      "pin-needs-environment",
      ["id"],
      `the id is given per environment (${Object.keys(pins).join(", ")}): pass --env or set defaultEnvironment in transync.yaml`,
    );
    return undefined;
  }
  const pin = Object.hasOwn(pins, context.env) ? pins[context.env] : undefined;
  return typeof pin === "string" ? pin : undefined;
}

/** A destination alias of transync.yaml becomes its metadata id (or `slug:…` text); anything else is taken as the id. */
export function resolveDestination(
  doc: Record<string, unknown>,
  context: DocumentContext,
  reporter: RuleReporter,
): ResolvedRef | undefined {
  const text = refText(doc.destinationMetadataId);
  if (text === undefined || text === "") return undefined;
  const resolved = resolveDestinationRef(text, context.config.destinations);
  if (resolved.ok) return resolved;
  reporter.report("error", "unknown-destination-alias", ["destinationMetadataId"], resolved.message);
  return undefined;
}
