/**
 * Room src/init/: `transync init`: the files of a new project and the CI examples it copies.
 * May import: src/import/ (the `$schema` line), the ground floor.
 */
import { UsageError } from "../errors.js";
import { join, posix } from "node:path";
import { readPackageFile } from "../version.js";
import { schemaLine, type SchemaFile } from "../import/schema-ref.js";
import type { CiEnvironment, CiProvider, CiStyle } from "./ci-environments.js";
import { pipelineFor, type CiExample } from "./ci-pipelines.js";

export type { CiProvider, CiStyle } from "./ci-environments.js";
export const CI_PROVIDERS: readonly CiProvider[] = ["github", "gitlab"];

export const CI_STYLES: readonly CiStyle[] = ["script", "action"];
/** Scripts work as written; the Action's `uses: OWNER/transync@v1` needs its owner filled in first. */
export const DEFAULT_CI_STYLE: CiStyle = "script";

/**
 * The environment `init` writes, and the one its CI plans and applies: the examples name exactly this
 * environment and these variables, the read token in pull-request and drift jobs and the write token in
 * the protected apply job only (held by test/ci/init-ci.test.ts, which runs them).
 */
export const INIT_ENVIRONMENT = environmentWithToken("production");

/** An environment and the variables of its tokens, by the naming rule of init and the examples. */
export interface EnvironmentTokens {
  name: string;
  /** The write token, for apply and reconcile: SEGMENT_API_TOKEN_<ENV>. */
  tokenEnv: string;
  /** The read-only token, for plan, drift and pull-request jobs: SEGMENT_API_TOKEN_<ENV>_READ. */
  planTokenEnv: string;
}

export function environmentWithToken(name: string): EnvironmentTokens {
  const tokenEnv = `SEGMENT_API_TOKEN_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
  return { name, tokenEnv, planTokenEnv: `${tokenEnv}_READ` };
}

/** One file `init` writes: its path from the project root and its text. */
export interface InitFile {
  path: string;
  content: string;
}

const PROJECT = `# The transync project file (every key: the README of the transync package, "transync.yaml").
apiVersion: transync/v1
# The folder of the Transformation documents; the TransformationTest files are in tests/ beside it.
dir: transformations
# The environment when no --env is given.
defaultEnvironment: ${INIT_ENVIRONMENT.name}
environments:
  ${INIT_ENVIRONMENT.name}:
    # The variables holding this environment's API tokens where transync runs (never in git); the CI
    # that \`init --ci\` writes gives them under these names. One environment per workspace, each with its own.
    # The write token: apply (CI gives it to the protected apply job only).
    tokenEnv: ${INIT_ENVIRONMENT.tokenEnv}
    # A read-only token: plan, drift and pull-request jobs, which run files a pull request wrote.
    planTokenEnv: ${INIT_ENVIRONMENT.planTokenEnv}
    # Bind the environment to its workspace (slug or id): a token for another workspace then stops the run.
    # workspace: my-workspace
    # Aliases of source ids, written instead of the ids in documents and tests (Segment app:
    # Connections > Sources > the source > Settings). Replace the id before your first apply.
    sources:
      web: REPLACE_WITH_THE_SOURCE_ID
# Delete live transformations that no document describes: false (never), removed, or all.
prune: false
`;

const TRANSFORMATION = `# An example Transformation: edit or replace it; \`transync plan\` shows what applying would change.
apiVersion: transync/v1
kind: Transformation
name: Rename Order Completed   # the key that matches live state; unique in the folder
sourceId: web                  # a source id, or an alias of transync.yaml
enabled: true
if: event = 'Order Completed'
newEventName: Order Placed
propertyRenames:
  - { oldName: total, newName: revenue }
`;

const TEST = `# Sample events and what must come out of the Transformations: \`transync test\`, offline.
apiVersion: transync/v1
kind: TransformationTest
cases:
  - name: Order Completed becomes Order Placed, with revenue
    source: web
    event: { type: track, event: Order Completed, properties: { total: 12 } }
    expect:
      event: { type: track, event: Order Placed, properties: { revenue: 12 } }
      matched: [Rename Order Completed]

  - name: Other events are left as they are
    source: web
    event: { type: track, event: Page Viewed, properties: { total: 12 } }
    expect:
      event: { type: track, event: Page Viewed, properties: { total: 12 } }
      matched: []
`;

const withSchema = (root: string, folder: string, schema: SchemaFile, text: string): string =>
  `${schemaLine(join(root, folder), root, schema)}\n${text}`;

/** The project files, each naming its schema's copy in `.transync/schemas/` (schema-ref.ts). */
export function projectFiles(root: string): InitFile[] {
  return [
    { path: "transync.yaml", content: withSchema(root, ".", "transync.schema.json", PROJECT) },
    {
      path: "transformations/example.yaml",
      content: withSchema(root, "transformations", "transformation.schema.json", TRANSFORMATION),
    },
    { path: "tests/example.yaml", content: withSchema(root, "tests", "transformation-test.schema.json", TEST) },
  ];
}

/** Where a provider's example files go in a repository: GitHub's workflows folder, GitLab's root. */
const CI_FOLDER: Record<CiProvider, string> = { github: ".github/workflows", gitlab: "." };

/**
 * The files of each provider's one pipeline, per style: never the scripted and the Action-based
 * workflows together, which would plan every pull request twice and apply every merge twice. The
 * scheduled drift check runs in neither, so both styles carry it. GitLab has no Action.
 */
export const CI_PIPELINES: Record<CiProvider, Partial<Record<CiStyle, readonly string[]>>> = {
  github: {
    script: ["transync-apply.yml", "transync-drift.yml", "transync-pr.yml"],
    action: ["transync-action.yml", "transync-drift.yml"],
  },
  gitlab: { script: [".gitlab-ci.yml"] },
};

/** The files of `examples/ci/<provider>/` in the style's pipeline; a style the provider lacks is a usage error. */
export function ciPipeline(provider: CiProvider, style: CiStyle): readonly string[] {
  const names = CI_PIPELINES[provider][style];
  if (names) return names;
  const styles = Object.keys(CI_PIPELINES[provider]).join(", ");
  throw new UsageError(`--ci-style ${style} is not available for --ci ${provider}; its styles: ${styles}.`);
}

/**
 * The CI examples as the package ships them: the files of `examples/ci/<provider>/` in the style's
 * pipeline, the same files the docs show and the tests check (test/git/ci-examples.test.ts).
 */
export async function ciFiles(provider: CiProvider, style: CiStyle): Promise<InitFile[]> {
  const examples = ciExamples(provider, style);
  return examples.map(({ name, text }) => ({ path: posix.join(CI_FOLDER[provider], name), content: text }));
}

function ciExamples(provider: CiProvider, style: CiStyle): CiExample[] {
  return ciPipeline(provider, style).map((name) => ({ name, text: readPackageFile(`examples/ci/${provider}/${name}`) }));
}

/**
 * The pipeline for the environments of a transync.yaml, in their order (ci-pipelines.ts): the same
 * examples, every environment-specific job once per environment; without `withTests`, no step runs
 * `transync test` (it fails where there are no test files). For `production` and its default variables
 * alone, with tests, it is ciFiles' text, byte for byte.
 */
export async function ciFilesFor(
  provider: CiProvider,
  style: CiStyle,
  envs: readonly CiEnvironment[],
  withTests = true,
): Promise<InitFile[]> {
  const examples = pipelineFor(provider, style, ciExamples(provider, style), envs, withTests);
  return examples.map(({ name, text }) => ({ path: posix.join(CI_FOLDER[provider], name), content: text }));
}
