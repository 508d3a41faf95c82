import { UsageError } from "../errors.js";
import { stringify } from "yaml";
import { schemaLine } from "../import/schema-ref.js";
import { environmentWithToken } from "./templates.js";

/*
 * `init --from-workspace`: the transync.yaml of workspaces that already exist, written from what each
 * workspace says about itself (its slug, the slugs of its sources). Pure: the reads are the command's.
 */

/** The names transync.yaml allows for environments and aliases (schemas/transync.schema.json). */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** The token variables transync.yaml allows (tokenEnv and planTokenEnv). */
const TOKEN_VARIABLE = /^SEGMENT_API_TOKEN(_[A-Za-z0-9_]+)?$/;

/** One `--env NAME[=VARIABLE]`: the environment and the variable whose (read) token reads its workspace. */
export interface EnvironmentSpec {
  name: string;
  /** Written as the environment's planTokenEnv; default SEGMENT_API_TOKEN_<NAME>_READ. */
  readTokenEnv: string;
  /** Written as the environment's tokenEnv (the write token, for apply): SEGMENT_API_TOKEN_<NAME>. */
  writeTokenEnv: string;
}

/** Parses every `--env` of `init --from-workspace`; a bad name, variable or a repeated name is a usage error. */
export function parseEnvironmentSpecs(texts: readonly string[]): EnvironmentSpec[] {
  if (texts.length === 0) throw new UsageError("--from-workspace needs at least one --env NAME[=TOKEN_VARIABLE], one per workspace.");
  const specs = texts.map(parseEnvironmentSpec);
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new UsageError(`--env ${spec.name} is given twice; name each environment once.`);
    seen.add(spec.name);
  }
  return specs;
}

function parseEnvironmentSpec(text: string): EnvironmentSpec {
  const at = text.indexOf("=");
  const name = at === -1 ? text : text.slice(0, at);
  if (!KEY.test(name)) {
    throw new UsageError(
      `--env ${JSON.stringify(text)}: the environment name must start with a letter or digit and hold only letters, digits, "_", "." and "-".`,
    );
  }
  const tokens = environmentWithToken(name);
  const readTokenEnv = at === -1 ? tokens.planTokenEnv : text.slice(at + 1);
  if (!TOKEN_VARIABLE.test(readTokenEnv)) {
    throw new UsageError(
      `--env ${name}=${JSON.stringify(readTokenEnv).slice(1, -1)}: the token variable must be SEGMENT_API_TOKEN or SEGMENT_API_TOKEN_<SUFFIX> (letters, digits, "_").`,
    );
  }
  return { name, readTokenEnv, writeTokenEnv: tokens.tokenEnv };
}

/** What one workspace said about itself, for its environment's entry. */
export interface WorkspaceFacts {
  spec: EnvironmentSpec;
  /** The workspace's slug (or its id when the slug is empty): the environment is bound to it. */
  workspace: string;
  /** Slugs of the workspace's sources that hold transformations, each written as an alias of itself. */
  sourceSlugs: string[];
  /** Destination metadata ids its destination-scoped transformations name (aliased by catalog slug). */
  destinationIds: string[];
}

/** `destinations:`: each catalog slug a transformation's destination has, as an alias of itself (the same in every workspace). */
function destinationAliases(slugs: readonly string[]): { destinations?: Record<string, { slug: string }> } {
  const aliasable = [...new Set(slugs.filter(aliasableSlug))].sort();
  return aliasable.length > 0 ? { destinations: Object.fromEntries(aliasable.map((slug) => [slug, { slug }])) } : {};
}

/** A slug that can be written as an alias key; any other source stays an id in the documents import writes. */
export const aliasableSlug = (slug: string): boolean => KEY.test(slug) && slug.length <= 100;

/** transync.yaml is at the project's root, beside `.transync/` (schema-ref.ts). */
const PROJECT_SCHEMA_LINE = schemaLine(".", ".", "transync.schema.json");

const HEADER = `# The transync project file, written by \`transync init --from-workspace\` from the workspaces themselves
# (every key: the README of the transync package, "transync.yaml"). One environment per workspace, each bound
# to it; sources are named by slug, resolved in each workspace; the documents under dir were imported from
# every environment, with each environment's differences as overrides (docs/environments.md).
`;

/**
 * transync.yaml for the environments, in the order given (the first is the default). `apiUrl` is
 * written when the run used another API than Segment's, so that plan reads the same one.
 */
export function renderWorkspaceProject(
  workspaces: readonly WorkspaceFacts[],
  apiUrl: string | undefined,
  destinationSlugs: readonly string[] = [],
): string {
  const environments: Record<string, unknown> = {};
  for (const facts of workspaces) {
    const slugs = [...new Set(facts.sourceSlugs.filter(aliasableSlug))].sort();
    environments[facts.spec.name] = {
      workspace: facts.workspace,
      tokenEnv: facts.spec.writeTokenEnv,
      planTokenEnv: facts.spec.readTokenEnv,
      ...(slugs.length > 0 ? { sources: Object.fromEntries(slugs.map((slug) => [slug, { slug }])) } : {}),
    };
  }
  const project = {
    apiVersion: "transync/v1",
    ...(apiUrl !== undefined ? { apiUrl } : {}),
    dir: "transformations",
    defaultEnvironment: workspaces[0]!.spec.name,
    environments,
    ...destinationAliases(destinationSlugs),
    prune: false,
  };
  return `${PROJECT_SCHEMA_LINE}\n${HEADER}${stringify(project, { lineWidth: 0 })}`;
}
