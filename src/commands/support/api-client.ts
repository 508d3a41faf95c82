import type { CliContext } from "../../cli/context.js";
import { HttpLiveApi, resolveApiSettings } from "../../live/index.js";

export interface ApiFlags {
  apiUrl?: string;
  rate?: number;
  maxRetries?: number;
  retryBudget?: number;
  timeout?: number;
  allowApiHost?: string[];
}

/** Builds the HTTP client; precedence flags > SEGMENT_API_URL > project file > default. */
export function createApi(ctx: CliContext, flags: ApiFlags, apiUrlFromProject: string | undefined): HttpLiveApi {
  const settings = resolveApiSettings({ flags, env: ctx.env, projectApiUrl: apiUrlFromProject });
  return new HttpLiveApi(settings, { logger: ctx.logger.child({ component: "live" }) });
}
