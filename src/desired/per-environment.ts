import { INPUT_FIELDS } from "../model/transformation.js";
import { passOn, type RuleReporter } from "./rules.js";
import type { FieldPath } from "./positions.js";
import type { SchemaIssue } from "./schema-check.js";

/*
 * Per-environment values of a document (issue 34): `overrides: { <env>: { <field>: value } }`,
 * `only: [envs]` / `except: [envs]`. The effective document of environment E is the document's own
 * fields with `overrides.E`'s replacing them, whole (a list or mapping is replaced, never merged); a
 * document that `only`/`except` leaves out of E does not exist in E.
 */

/** The keys that say how a document differs per environment: never part of any effective document. */
export const PER_ENVIRONMENT_KEYS = ["overrides", "only", "except"] as const;

/** What an override may not set: the keys that identify the document, and the per-environment keys themselves. */
const NOT_OVERRIDABLE: Readonly<Record<string, string>> = {
  name: "the name is what matches the document to its object in every environment; give each environment its own document (with only:) to differ in name",
  id: "pins per environment are written in the id itself: id: { staging: …, prod: … }",
  apiVersion: "the document's header is the same in every environment",
  kind: "the document's header is the same in every environment",
  lint: "a document's lint.ignore holds in every environment (a warning an environment does not give leaves an unused ignore, which says so)",
  overrides: "overrides do not nest",
  only: "only and except are set on the document, not per environment",
  except: "only and except are set on the document, not per environment",
};

type Doc = Record<string, unknown>;

const mapping = (value: unknown): Doc | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Doc) : undefined;
const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** Whether the document sets any per-environment key. */
export function hasPerEnvironmentKeys(doc: Doc): boolean {
  return PER_ENVIRONMENT_KEYS.some((key) => doc[key] !== undefined);
}

/** The environment's entry of `overrides`, when it has one that is a mapping. */
export function overridesOf(doc: Doc, env: string): Doc | undefined {
  const all = mapping(doc.overrides);
  return all !== undefined && Object.hasOwn(all, env) ? mapping(all[env]) : undefined;
}

/** Whether the document exists in `env` by its `only` / `except`. */
export function existsIn(doc: Doc, env: string): boolean {
  if (Array.isArray(doc.only)) return names(doc.only).includes(env);
  if (Array.isArray(doc.except)) return !names(doc.except).includes(env);
  return true;
}

/** The environments of `defined` the document exists in, or undefined when it exists in every one. */
export function presentIn(doc: Doc, defined: readonly string[]): string[] | undefined {
  if (doc.only === undefined && doc.except === undefined) return undefined;
  return defined.filter((env) => existsIn(doc, env));
}

/** The document as environment `env` reads it, and which of its keys came from `overrides.env`. */
export interface EffectiveDocument {
  doc: Doc;
  /** The keys `overrides.env` replaced (in the order the override writes them); [] for none. */
  overridden: string[];
}

/** The document without its per-environment keys, with `overrides.env`'s fields replacing its own (env undefined: none). */
export function effectiveDocument(doc: Doc, env: string | undefined): EffectiveDocument {
  const base: Doc = {};
  for (const [key, value] of Object.entries(doc)) if (!(PER_ENVIRONMENT_KEYS as readonly string[]).includes(key)) base[key] = value;
  const entry = env === undefined ? undefined : overridesOf(doc, env);
  if (entry === undefined) return { doc: base, overridden: [] };
  const overridden = Object.keys(entry).filter((key) => !Object.hasOwn(NOT_OVERRIDABLE, key));
  // `null` unsets an optional field in this environment (the schema admits it only there).
  for (const key of overridden) {
    if (entry[key] === null) delete base[key];
    else base[key] = entry[key];
  }
  return { doc: base, overridden };
}

/** The input fields (sent to the API) among the overridden keys: what a plan labels `(env override)`. */
export function overriddenInputFields(overridden: readonly string[]): string[] {
  return overridden.filter((key) => (INPUT_FIELDS as readonly string[]).includes(key));
}

/**
 * A reporter for the effective document of `env`: a finding about an overridden field is moved to
 * where the override writes it (`overrides.prod.if`), so file:line:col and the path name the environment.
 */
export function overrideReporter(reporter: RuleReporter, env: string | undefined, overridden: readonly string[]): RuleReporter {
  if (env === undefined || overridden.length === 0) return reporter;
  return {
    report(severity, rule, path, message, options) {
      const head = path[0];
      const moved: FieldPath = typeof head === "string" && overridden.includes(head) ? ["overrides", env, ...path] : path;
      passOn(reporter)(severity, rule, moved, message, options);
    },
  };
}

/** Schema issues of the per-environment keys this module words itself (a key no override may set). */
export function isNotOverridableIssue(issue: SchemaIssue): boolean {
  const [first, , key] = issue.path;
  return first === "overrides" && issue.path.length === 3 && typeof key === "string" && Object.hasOwn(NOT_OVERRIDABLE, key);
}

/**
 * The per-environment keys' own rules: `only` and `except` not both, every environment they and
 * `overrides` name defined in transync.yaml (a typo would silently make a document vanish or an
 * override never apply), and no override of a key that identifies the document.
 */
export function checkPerEnvironmentKeys(doc: Doc, defined: readonly string[], reporter: RuleReporter): void {
  if (doc.only !== undefined && doc.except !== undefined)
    reporter.report(
      "error",
      "only-and-except",
      ["except"],
      "give only or except, not both: only lists where the document exists, except where it does not",
      {
        atKey: true,
      },
    );
  const known = defined.length > 0 ? `defined: ${defined.join(", ")}` : "it defines none";
  const unknown = (env: string): string => `"${env}" is not an environment of transync.yaml (${known})`;
  for (const key of ["only", "except"] as const) {
    if (!Array.isArray(doc[key])) continue;
    (doc[key] as unknown[]).forEach((env, i) => {
      if (typeof env === "string" && !defined.includes(env)) reporter.report("error", "unknown-environment", [key, i], unknown(env));
    });
  }
  const all = mapping(doc.overrides);
  for (const env of Object.keys(all ?? {})) {
    if (!defined.includes(env)) reporter.report("error", "unknown-environment", ["overrides", env], unknown(env), { atKey: true });
    for (const key of Object.keys(mapping(all![env]) ?? {})) {
      if (Object.hasOwn(NOT_OVERRIDABLE, key))
        reporter.report(
          "error",
          "not-overridable",
          ["overrides", env, key],
          `${key} cannot be set per environment: ${NOT_OVERRIDABLE[key]}`,
          {
            atKey: true,
          },
        );
    }
  }
}

/** The environments whose `overrides` entry holds any field: each such effective document is checked too. */
export function overriddenEnvironments(doc: Doc): string[] {
  const all = mapping(doc.overrides);
  return Object.keys(all ?? {}).filter((env) => Object.keys(mapping(all![env]) ?? {}).length > 0);
}
