import type { CliContext } from "../../cli/context.js";
import type { ProjectConfig } from "../../desired/types.js";
import { HttpLiveApi, resolveApiSettings } from "../../live/index.js";

export interface ApiFlags {
  apiUrl?: string;
  rate?: number;
  maxRetries?: number;
  retryBudget?: number;
  timeout?: number;
  allowApiHost?: string[];
}

/** The API URL a project file asks for: the environment's own, else the project's. */
export function projectApiUrl(project: ProjectConfig | undefined, env: string | undefined): string | undefined {
  if (!project) return undefined;
  const fromEnv = env !== undefined ? project.environments[env]?.apiUrl : undefined;
  return fromEnv ?? project.apiUrl;
}

/**
 * Builds the HTTP client; precedence flags > SEGMENT_API_URL > project file > default. `signal`
 * aborts every request of the client (plan's early live read, when the desired state fails).
 */
export function createApi(ctx: CliContext, flags: ApiFlags, apiUrlFromProject: string | undefined, signal?: AbortSignal): HttpLiveApi {
  const settings = resolveApiSettings({ flags, env: ctx.env, projectApiUrl: apiUrlFromProject });
  return new HttpLiveApi(settings, { logger: ctx.logger.child({ component: "live" }), ...(signal ? { signal } : {}) });
}
