import type { CliContext } from "../pipeline/context.js";
import { HttpLiveApi, resolveApiSettings } from "./index.js";
import type { ApiFlagValues } from "./settings.js";
import type { ApiTarget } from "../git/safe-settings.js";

/** The API flags as commander parses them (declared as API_FLAGS in `src/cli/shared-flags.ts`). */
export type ApiFlags = ApiFlagValues;

/**
 * Builds the HTTP client; precedence flags > SEGMENT_API_URL > project file > default. `signal`
 * aborts every request of the client (plan's early live read, when the desired state fails).
 */
export function createApi(ctx: CliContext, flags: ApiFlags, target: ApiTarget, signal?: AbortSignal): HttpLiveApi {
  const settings = resolveApiSettings({ flags, env: ctx.env, projectApiUrl: target.apiUrl, ...(target.binding !== undefined ? { binding: target.binding } : {}) });
  const clock = ctx.clock ? { now: ctx.clock.now, sleep: ctx.clock.sleep, random: ctx.clock.random } : {};
  const api = new HttpLiveApi(settings, { logger: ctx.logger.child({ component: "live" }), ...(signal ? { signal } : {}), ...clock });
  ctx.onApiClient?.(api);
  return api;
}
