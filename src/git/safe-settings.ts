import type { ProjectConfig } from "../desired/types.js";
import type { ApiTarget, EnvironmentBinding, TokenUse } from "../live/settings.js";
import { redactUrl } from "../secrets/git-urls.js";

export interface TrustedApiUrl {
  /** The API URL the project file may contribute (flags and SEGMENT_API_URL still take precedence). */
  apiUrl: string | undefined;
  /** The environment's token variable and workspace, from the same (trusted) file as the URL. */
  binding?: EnvironmentBinding;
  /** Set when the pull request's head changes the API URL: the change is ignored until merged. */
  warning?: string;
}

/**
 * The API URL a pull-request plan may take from transync.yaml: the BASE ref's, never the head's.
 *
 * WARNING: the head of a pull request is written by whoever opened it. If its transync.yaml could
 * choose where requests go, a hostile PR would have CI send the API token to a server of its
 * choosing. Only the base (already reviewed and merged) decides.
 */
export function readBaseProjectApiUrl(
  base: ProjectConfig | undefined,
  head: ProjectConfig | undefined,
  env: string | undefined,
  use: TokenUse,
): TrustedApiUrl {
  const trusted = projectFileApiUrl(base, env);
  const requested = projectFileApiUrl(head, env);
  // The token variables (read and write) and the workspace are the base's too: the head may not pick which token is read.
  const binding = projectFileBinding(base, env, use);
  const bound = binding !== undefined ? { binding } : {};
  if (requested === trusted) return { apiUrl: trusted, ...bound };
  return {
    apiUrl: trusted,
    ...bound,
    warning:
      `this change sets the API URL in transync.yaml to ${requested === undefined ? "(none)" : redactUrl(requested)}; for this plan it is ignored and ` +
      `${trusted === undefined ? "the default" : redactUrl(trusted)} is used (the base's setting). It takes effect once merged.`,
  };
}

/** The API URL a project file asks for: the environment's own, else the project's. */
export function projectFileApiUrl(project: ProjectConfig | undefined, env: string | undefined): string | undefined {
  if (!project) return undefined;
  const fromEnv = env !== undefined ? project.environments[env]?.apiUrl : undefined;
  return fromEnv ?? project.apiUrl;
}

/**
 * The token variable and workspace a project file binds the environment to; undefined when it binds
 * neither. `use` picks the variable: a read takes `planTokenEnv` when set, a write always `tokenEnv`.
 */
export function projectFileBinding(
  project: ProjectConfig | undefined,
  env: string | undefined,
  use: TokenUse,
): EnvironmentBinding | undefined {
  const environment =
    project !== undefined && env !== undefined && Object.hasOwn(project.environments, env) ? project.environments[env] : undefined;
  if (environment === undefined) return undefined;
  const { tokenEnv, planTokenEnv, workspace } = environment;
  if (tokenEnv === undefined && planTokenEnv === undefined && workspace === undefined) return undefined;
  const token =
    use === "read" && planTokenEnv !== undefined
      ? { tokenEnv: planTokenEnv, tokenKey: "planTokenEnv" as const }
      : { ...(tokenEnv !== undefined ? { tokenEnv } : {}), ...(planTokenEnv !== undefined ? { planTokenEnv } : {}) };
  return { env: env!, ...token, ...(workspace !== undefined ? { workspace } : {}) };
}

/** Where the client of one environment goes and with which token (`use`): the URL and binding of one project file. */
export function projectFileTarget(project: ProjectConfig | undefined, env: string | undefined, use: TokenUse): ApiTarget {
  const binding = projectFileBinding(project, env, use);
  return { apiUrl: projectFileApiUrl(project, env), ...(binding !== undefined ? { binding } : {}) };
}
