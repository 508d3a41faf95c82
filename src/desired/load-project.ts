import type { Diagnostic, FileSource, ProjectConfig } from "./types.js";
import { readYamlFile, type YamlDocument } from "./read-yaml.js";
import { checkApiVersion, documentReporter, reportSchemaIssues } from "./reporter.js";
import { checkSchema } from "./schema-check.js";
import { resolveSourceRef } from "./source-refs.js";
import { refText, refTexts } from "./live-refs.js";
import type { RuleReporter } from "./rules.js";
import { readFreezeWindows } from "./freeze.js";
import { readNotifyTargets } from "./notify-config.js";
import { readAcknowledgements } from "./acknowledgements.js";
import { readEnvironmentOrder } from "./environment-order.js";
import { guardsOf } from "./guards.js";
import { connectionIssues } from "./connections.js";
import { compareDiagnostics } from "./format-diagnostics.js";
import { linePos, lookupNode, offsetOf, type FieldPath } from "./positions.js";
import type { Protection, SourceLocation } from "../model/desired-resource.js";

export const PROJECT_FILE = "transync.yaml";
export const DEFAULT_DIR = "transformations";

export interface LoadedProject {
  config: ProjectConfig;
  diagnostics: Diagnostic[];
  /** The environment whose aliases apply: `--env`, else `defaultEnvironment`, else none. */
  env?: string;
  /** The environment asked for (`--env`, else `defaultEnvironment`) is not defined: already reported once. */
  envFailed: boolean;
  /** Where a field of the project file is (its key's line), for findings made after loading; the file's start without one. */
  at(path: FieldPath): SourceLocation;
}

/**
 * The environment decided outside the project file (a pull-request plan's: `--env`, else the base's
 * defaultEnvironment, src/pipeline/trusted-base.ts): it replaces `--env` and this file's
 * `defaultEnvironment`. `from` says where it came from, for messages.
 */
export interface EnvironmentChoice {
  name: string | undefined;
  from: string;
}

function defaults(): ProjectConfig {
  return { dir: DEFAULT_DIR, environments: {}, destinations: {}, prune: false };
}

/**
 * Where the project file is: `transync.yaml` at the root of `source`; failing that, when a
 * documents folder is given (`--dir examples/transformations`), the nearest one above that folder.
 */
export async function locateProjectFile(source: FileSource, dir?: string): Promise<string> {
  if (dir === undefined || (await source.exists(PROJECT_FILE))) return PROJECT_FILE;
  const parts = normalizeDir(dir)
    .split("/")
    .filter((p) => p !== "." && p !== "");
  if (parts.includes("..")) return PROJECT_FILE;
  for (let n = parts.length - 1; n > 0; n--) {
    const candidate = `${parts.slice(0, n).join("/")}/${PROJECT_FILE}`;
    if (await source.exists(candidate)) return candidate;
  }
  return PROJECT_FILE;
}

/**
 * Reads the optional project file (`transync.yaml` at the root of `source`, or `opts.file`),
 * validates it and fills defaults.
 */
export async function loadProjectConfig(
  source: FileSource,
  opts: { env?: string; file?: string; environment?: EnvironmentChoice } = {},
): Promise<LoadedProject> {
  const diagnostics: Diagnostic[] = [];
  const config = defaults();
  const file = opts.file ?? PROJECT_FILE;
  let ydoc: YamlDocument | undefined;
  if (await source.exists(file)) {
    const read = await readYamlFile(source, file);
    diagnostics.push(...read.diagnostics.filter((d) => d.rule !== "empty-file"));
    ydoc = read.documents[0];
    if (read.documents.length > 1) {
      const extra = read.documents[1]!;
      documentReporter(extra, diagnostics).report(
        "error",
        "project-file",
        [],
        `${file} must hold one document, found ${read.documents.length}`,
      );
    }
  }
  if (ydoc) applyProjectDocument(ydoc, config, diagnostics);
  const asked = opts.environment ?? requestedEnvironment(config, opts.env);
  const env = selectEnvironment(config, asked, ydoc, diagnostics, file);
  const envFailed = env === undefined && asked.name !== undefined;
  if (ydoc) resolveScope(ydoc, config, env, envFailed, diagnostics);
  const at = fieldLocator(file, ydoc);
  const protect = ydoc ? protectionsOf(ydoc, env, at) : [];
  if (protect.length > 0) config.protect = protect;
  const guards = ydoc ? guardsOf(ydoc.value, env, diagnostics) : undefined;
  if (guards) config.guards = guards;
  diagnostics.sort(compareDiagnostics);
  return { config, diagnostics, env, envFailed, at };
}

/** A field's place, found only when asked: the node tree of a file read on the fast path is built then (read-yaml.ts). */
function fieldLocator(file: string, ydoc: YamlDocument | undefined): (path: FieldPath) => SourceLocation {
  return (path) => (ydoc ? { file, ...linePos(ydoc.lineCounter, offsetOf(lookupNode(ydoc.doc, path), true)) } : { file, line: 1, col: 1 });
}

function applyProjectDocument(ydoc: YamlDocument, config: ProjectConfig, out: Diagnostic[]): void {
  const reporter = documentReporter(ydoc, out);
  const value = ydoc.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    reporter.report("error", "schema", [], `${ydoc.file} must be a mapping (apiVersion, dir, environments, ...)`);
    return;
  }
  const doc = value as Record<string, unknown>;
  if (!checkApiVersion(doc, reporter, false)) return;
  const issues = checkSchema("transync.schema.json", doc);
  reportSchemaIssues(reporter, issues);
  const bad = new Set(issues.map((i) => String(i.path[0])));
  const take = <T>(key: string, check: (v: unknown) => boolean): T | undefined =>
    !bad.has(key) && check(doc[key]) ? (doc[key] as T) : undefined;
  config.apiUrl = take<string>("apiUrl", (v) => typeof v === "string");
  config.dir = normalizeDir(take<string>("dir", (v) => typeof v === "string") ?? DEFAULT_DIR);
  const tests = take<string>("tests", (v) => typeof v === "string");
  if (tests !== undefined) config.tests = normalizeDir(tests);
  config.environments = take<ProjectConfig["environments"]>("environments", (v) => typeof v === "object" && v !== null) ?? {};
  // An alias's `{ slug: web }` is kept as its text `slug:web` (live-refs.ts), resolved by plan.
  for (const envConfig of Object.values(config.environments)) envConfig.sources = refTexts(envConfig.sources);
  config.destinations = refTexts(take<unknown>("destinations", (v) => typeof v === "object" && v !== null));
  const connections = take<ProjectConfig["connections"]>("connections", (v) => typeof v === "object" && v !== null);
  if (connections !== undefined) config.connections = connections;
  const filters = take<ProjectConfig["filters"]>("filters", (v) => typeof v === "object" && v !== null);
  if (filters !== undefined) config.filters = filters;
  config.defaultEnvironment = take<string>("defaultEnvironment", (v) => typeof v === "string");
  const prune = take<ProjectConfig["prune"]>("prune", (v) => v !== undefined);
  config.prune = prune === true ? "all" : (prune ?? false);
  // Each window the schema let through is checked on (one with a schema error is reported by it, once).
  const badWindows = new Set(issues.filter((i) => i.path[0] === "freeze").map((i) => Number(i.path[1])));
  const freeze = readFreezeWindows(doc.freeze, Object.keys(config.environments), reporter, badWindows);
  if (freeze.length > 0) config.freeze = freeze;
  const badTargets = new Set(issues.filter((i) => i.path[0] === "notify").map((i) => Number(i.path[1])));
  const notify = readNotifyTargets(doc.notify, Object.keys(config.environments), reporter, badTargets);
  if (notify.length > 0) config.notify = notify;
  // Likewise each acknowledgement the schema let through (positions: file:line:col of each field).
  const badAcks = new Set(issues.filter((i) => i.path[0] === "drift" && i.path[1] === "acknowledge").map((i) => Number(i.path[2])));
  const acknowledge = (doc.drift as { acknowledge?: unknown } | null | undefined)?.acknowledge;
  const acks = readAcknowledgements(acknowledge, Object.keys(config.environments), reporter, fieldLocator(ydoc.file, ydoc), badAcks);
  if (acks.length > 0) config.acknowledgements = acks;
  // `after` stays on each environment as written; a bad one is an error here (the run stops), at its line.
  readEnvironmentOrder(bad.has("environments") ? undefined : doc.environments, reporter);
  // A connection's source must be a source in every environment it is in force (an alias or an id), at its line.
  for (const issue of connectionIssues(config)) reporter.report("error", "unknown-source-alias", issue.path, issue.message);
  if (config.apiUrl === undefined) delete config.apiUrl;
  if (config.defaultEnvironment === undefined) delete config.defaultEnvironment;
}

/** `./transformations/` and `transformations` name the same folder. */
export function normalizeDir(dir: string): string {
  const trimmed = dir
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  return trimmed === "" ? "." : trimmed;
}

/** `--env`, else the file's `defaultEnvironment`, else none. */
function requestedEnvironment(config: ProjectConfig, flag: string | undefined): EnvironmentChoice {
  if (flag !== undefined) return { name: flag, from: "--env" };
  return { name: config.defaultEnvironment, from: "defaultEnvironment" };
}

function selectEnvironment(
  config: ProjectConfig,
  asked: EnvironmentChoice,
  ydoc: YamlDocument | undefined,
  out: Diagnostic[],
  file: string,
): string | undefined {
  // defaultEnvironment is checked even when another choice overrides it: the file is wrong for every other run.
  const fromFile = asked.from === "defaultEnvironment";
  if (!fromFile && config.defaultEnvironment !== undefined)
    checkEnvironment(config, { name: config.defaultEnvironment, from: "defaultEnvironment" }, ydoc, out, file);
  return checkEnvironment(config, asked, ydoc, out, file);
}

function checkEnvironment(
  config: ProjectConfig,
  asked: EnvironmentChoice,
  ydoc: YamlDocument | undefined,
  out: Diagnostic[],
  file: string,
): string | undefined {
  const env = asked.name;
  if (env === undefined || Object.hasOwn(config.environments, env)) return env;
  // The names the file declares, valid or not: an environment with an error is reported by the schema, not as unknown.
  const raw = (ydoc?.value as { environments?: unknown } | null | undefined)?.environments;
  const declared = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? Object.keys(raw) : [];
  if (declared.includes(env)) return undefined;
  const known = declared.length > 0 ? declared : Object.keys(config.environments);
  const where = asked.from;
  const message =
    known.length > 0
      ? `unknown environment "${env}" (from ${where}); ${file} defines: ${known.join(", ")}`
      : `unknown environment "${env}" (from ${where}): ${ydoc ? `${file} defines no` : `no ${file} found, so there are no`} environments`;
  const reporter: RuleReporter = ydoc
    ? documentReporter(ydoc, out)
    : { report: (severity, rule, _p, msg) => out.push({ file, line: 1, col: 1, severity, rule, path: "", message: msg }) };
  const at = where === "defaultEnvironment" ? ["defaultEnvironment"] : ["environments"];
  reporter.report("error", "unknown-environment", at, message, { atKey: true });
  return undefined;
}

// With an undefined environment every alias would also fail: the one "unknown environment" says it all.
function resolveScope(ydoc: YamlDocument, config: ProjectConfig, env: string | undefined, envFailed: boolean, out: Diagnostic[]): void {
  const scope = (ydoc.value as Record<string, unknown> | null)?.scope as { sources?: unknown } | undefined;
  if (!scope || !Array.isArray(scope.sources)) return;
  const reporter = documentReporter(ydoc, out);
  const ids: string[] = [];
  scope.sources.forEach((ref, i) => {
    const text = refText(ref);
    if (text === undefined) return;
    const resolved = resolveSourceRef(text, config.environments, env);
    if (resolved.ok) ids.push(resolved.id);
    else if (!envFailed) reporter.report("error", "unknown-source-alias", ["scope", "sources", i], resolved.message);
  });
  config.scopeSources = [...new Set(ids)];
}

/**
 * `protect:` at the top and under the chosen environment, each entry with its line (the refusal
 * names it). An entry is an id or a name: either matches (src/plan/protect.ts). Entries the schema
 * refused are left out: the run stops on the schema's error anyway.
 */
function protectionsOf(ydoc: YamlDocument, env: string | undefined, at: (path: FieldPath) => SourceLocation): Protection[] {
  const root = ydoc.value as { protect?: unknown; environments?: Record<string, { protect?: unknown } | null> } | null;
  const lists: Array<[FieldPath, unknown]> = [[["protect"], root?.protect]];
  if (env !== undefined) lists.push([["environments", env, "protect"], root?.environments?.[env]?.protect]);
  return lists.flatMap(([path, list]) =>
    Array.isArray(list)
      ? list.flatMap((ref: unknown, i) => (typeof ref === "string" && ref !== "" ? [{ id: ref, name: ref, where: at([...path, i]) }] : []))
      : [],
  );
}

/** `environments.<env>.selfActors`: the audit-trail actors transync writes as there (none without an environment). */
export function selfActorsOf(config: ProjectConfig, env: string | undefined): readonly string[] {
  return env === undefined ? [] : (config.environments[env]?.selfActors ?? []);
}
