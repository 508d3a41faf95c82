import type { ResourceKind } from "../kinds/kind.js";
import type { RuleReporter } from "./rules.js";
import { checkDocumentRules, passOn } from "./rules.js";
import { effectiveDocument, existsIn, hasPerEnvironmentKeys, overriddenEnvironments, overrideReporter } from "./per-environment.js";
import { resolveDestination, resolveSource, type DocumentContext } from "./document-refs.js";

/*
 * The checks of a document that differs per environment (per-environment.ts): its rules on each
 * environment's effective document, each finding reported once.
 */

/** A reporter that passes each finding on once: the same finding of two environments' documents is one. */
export function reportingOnce(reporter: RuleReporter): RuleReporter {
  const seen = new Set<string>();
  return {
    report(severity, rule, path, message, options) {
      const key = [severity, rule, path.join("\u0000"), message].join("\u0001");
      if (seen.has(key)) return;
      seen.add(key);
      passOn(reporter)(severity, rule, path, message, options);
    },
  };
}

/**
 * The kind's rules (its descriptor's `validation`, rules.ts's checkDocumentRules) on the document's
 * own fields, then on each environment's effective document that an override changes (a finding in
 * an override is at the override; one that only the combination makes names the environment). Every
 * environment, whichever is chosen: an override is written for one environment, and
 * `validate --env staging` must not let a broken prod value pass.
 */
export function checkEveryEffectiveDocument(
  kind: ResourceKind,
  doc: Record<string, unknown>,
  context: DocumentContext,
  reporter: RuleReporter,
): void {
  const base = effectiveDocument(doc, undefined).doc;
  checkDocumentRules(kind, base, reporter);
  const defined = Object.keys(context.config.environments);
  for (const env of overriddenEnvironments(doc)) {
    if (!defined.includes(env)) continue;
    const effective = effectiveDocument(doc, env);
    const inEnv = overrideReporter(namingEnvironment(reporter, env), env, effective.overridden);
    checkDocumentRules(kind, effective.doc, inEnv);
    // References resolve only where the document exists.
    if (!existsIn(doc, env)) continue;
    if (effective.overridden.includes("sourceId")) resolveSource(effective.doc, context, env, inEnv);
    if (effective.overridden.includes("destinationMetadataId")) resolveDestination(effective.doc, context, inEnv);
  }
}

/** A finding outside `overrides.env` (the combination with an override made it) says which environment. */
export function namingEnvironment(reporter: RuleReporter, env: string): RuleReporter {
  return {
    report(severity, rule, path, message, options) {
      const inOverride = path[0] === "overrides" && path[1] === env;
      passOn(reporter)(severity, rule, path, inOverride ? message : `${message} (in environment "${env}", with its overrides)`, options);
    },
  };
}

/** Outside `validate` without `--env`, a document that differs per environment needs one. */
export function checkEnvironmentChosen(doc: Record<string, unknown>, context: DocumentContext, reporter: RuleReporter): void {
  if (context.env !== undefined || context.everyEnvironment || context.envFailed || !hasPerEnvironmentKeys(doc)) return;
  const key = doc.overrides !== undefined ? "overrides" : doc.only !== undefined ? "only" : "except";
  reporter.report(
    "error",
    "per-environment-needs-environment",
    [key],
    "the document differs per environment: pass --env or set defaultEnvironment in transync.yaml",
    {
      atKey: true,
    },
  );
}
