import { readRegularFile } from "../desired/fs-source.js";
import { FileRuleError } from "../desired/file-tree.js";
import { parse } from "yaml";
import { UsageError, ValidationError, type ErrorIssue } from "../errors.js";
import { requestValidators } from "./validate.js";
import { routeFacts } from "./kind-checks.js";
import { TRANSFORMATION } from "../kinds/transformation/index.js";
import { volumeIssues } from "./volumes-config.js";
import { filterSeedIssues } from "./filter-seeds.js";
import { kindSeedIssues } from "./kind-rules.js";
import { EVENT_GOVERNANCE, tokenValue, type CatalogDestinationConfig, type EmulatorConfig, type WorkspaceConfig } from "./types.js";

/** A seed of 10,000 transformations is about 3 MiB; a config far over that is a mistake (or /dev/zero). */
const CONFIG_MAX_BYTES = 64 * 1024 * 1024;

/** Reads and checks a `--config` YAML file; every mistake is reported with the file and field. */
export async function loadEmulatorConfig(path: string): Promise<EmulatorConfig> {
  let text: string;
  try {
    // A regular file only, read with a cap: a FIFO never blocks, a device is refused.
    text = (await readRegularFile(path, CONFIG_MAX_BYTES)).toString("utf8");
  } catch (error) {
    const reason = error instanceof FileRuleError ? error.reason : ((error as NodeJS.ErrnoException).code ?? String(error));
    throw new UsageError(`cannot read the emulator config ${path}: ${reason}`);
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new ValidationError(`the emulator config ${path} is not valid YAML`, [{ where: path, message: (error as Error).message }]);
  }
  return checkEmulatorConfig(value, path);
}

/** Validates a config object (from YAML or from code); throws ValidationError listing every issue. */
export function checkEmulatorConfig(value: unknown, where = "emulator config"): EmulatorConfig {
  const validators = requestValidators();
  const issues: ErrorIssue[] = validators
    .check("emulator-config", value)
    .map((e) => ({ where: `${where}: ${e.field ?? "(top level)"}`, message: withoutField(e.message, e.field) }));
  if (issues.length === 0) issues.push(...crossChecks(value as EmulatorConfig, where));
  if (issues.length > 0) throw new ValidationError(`the emulator config ${where} is invalid`, issues);
  return value as EmulatorConfig;
}

function crossChecks(config: EmulatorConfig, where: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const workspaceIds = new Set<string>();
  const tokens = new Set<string>();
  config.workspaces.forEach((ws, w) => {
    if (workspaceIds.has(ws.id)) issues.push({ where: `${where}: workspaces.${w}.id`, message: `workspace id "${ws.id}" appears twice` });
    workspaceIds.add(ws.id);
    const given = [
      ...ws.tokens.map((token, k) => ({ token, at: `tokens.${k}` })),
      ...(ws.readOnlyTokens ?? []).map((token, k) => ({ token, at: `readOnlyTokens.${k}` })),
    ];
    for (const { token, at } of given) {
      // The token itself is never echoed.
      const value = tokenValue(token);
      if (tokens.has(value)) issues.push({ where: `${where}: workspaces.${w}.${at}`, message: "this token is already given elsewhere" });
      tokens.add(value);
    }
    issues.push(...seedIssues(ws.transformations ?? [], `workspaces.${w}.transformations`, where));
    issues.push(...sourceIssues(ws, `workspaces.${w}.sources`, config.catalog?.destinations ?? [], where));
    issues.push(...volumeIssues(ws, `workspaces.${w}.volumes`, where));
    issues.push(...filterSeedIssues(ws, `workspaces.${w}`, where, withoutField));
    issues.push(...kindSeedIssues(ws, `workspaces.${w}`, where));
  });
  issues.push(
    ...duplicateIssues(
      (config.catalog?.destinations ?? []).map(({ id, slug }) => ({ id, slug })),
      ["id", "slug"],
      "catalog.destinations",
      where,
    ),
  );
  return issues;
}

/** Source ids and slugs are unique in a workspace, and a connected destination's metadata is in the catalog. */
function sourceIssues(ws: WorkspaceConfig, path: string, catalog: readonly CatalogDestinationConfig[], where: string): ErrorIssue[] {
  const sources = ws.sources ?? [];
  const issues = duplicateIssues(
    sources.map((s) => ({ id: s.id, slug: s.slug ?? s.id })),
    ["id", "slug"],
    path,
    where,
  );
  const catalogIds = new Set(catalog.map((c) => c.id));
  sources.forEach((source, i) => {
    (source.destinations ?? []).forEach((d, k) => {
      if (!catalogIds.has(d.metadataId))
        issues.push({
          where: `${where}: ${path}.${i}.destinations.${k}.metadataId`,
          message: `"${d.metadataId}" is not the id of a destination in catalog.destinations`,
        });
    });
  });
  const destinations = sources.flatMap((s, i) => (s.destinations ?? []).map((d, k) => ({ id: d.id, at: `${i}.destinations.${k}` })));
  const seen = new Set<string>();
  for (const d of destinations) {
    if (seen.has(d.id))
      issues.push({ where: `${where}: ${path}.${d.at}.id`, message: `destination id "${d.id}" appears twice in the workspace` });
    seen.add(d.id);
  }
  return issues;
}

function duplicateIssues(items: ReadonlyArray<Record<string, string>>, keys: readonly string[], path: string, where: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  for (const key of keys) {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const value = item[key]!;
      if (seen.has(value)) issues.push({ where: `${where}: ${path}.${i}.${key}`, message: `${key} "${value}" appears twice` });
      seen.add(value);
    });
  }
  return issues;
}

function seedIssues(seeds: ReadonlyArray<Record<string, unknown>>, path: string, where: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const ids = new Set<string>();
  seeds.forEach((seed, i) => {
    const { id, ...input } = seed;
    const prefix = `${path}.${i}.`;
    if (id !== undefined && (typeof id !== "string" || id === ""))
      issues.push({ where: `${where}: ${prefix}id`, message: `"id" must be a non-empty string` });
    if (typeof id === "string" && ids.has(id)) issues.push({ where: `${where}: ${prefix}id`, message: `id "${id}" appears twice` });
    if (typeof id === "string") ids.add(id);
    const errors = [
      ...requestValidators().check("create-transformation", input, prefix),
      // The rules its create route runs (the descriptor's emulator.routes.rules).
      ...(routeFacts(TRANSFORMATION).rules?.(input) ?? []).map((e) => ({ message: e.message, field: prefix + (e.field ?? "") })),
    ];
    for (const e of errors) issues.push({ where: `${where}: ${e.field ?? path}`, message: withoutField(e.message, e.field) });
  });
  return issues;
}

/**
 * An API error's message names its field (`"workspaces.0.name" is required`), and the issue's
 * `where` already does: said once, `config.yaml: workspaces.0.name is required`.
 */
function withoutField(message: string | undefined, field: string | undefined): string {
  if (message === undefined) return "invalid";
  const named = `"${field}" `;
  return field !== undefined && message.startsWith(named) ? message.slice(named.length) : message;
}

/** Without `--config`: one workspace `ws_local` with EVENT_GOVERNANCE and the token from TRANSYNC_EMULATOR_TOKEN (default `local-token`). */
export function defaultEmulatorConfig(env: NodeJS.ProcessEnv = {}): EmulatorConfig {
  const token = env.TRANSYNC_EMULATOR_TOKEN && env.TRANSYNC_EMULATOR_TOKEN !== "" ? env.TRANSYNC_EMULATOR_TOKEN : "local-token";
  return { workspaces: [{ id: "ws_local", slug: "local", name: "Local Workspace", features: [EVENT_GOVERNANCE], tokens: [token] }] };
}
