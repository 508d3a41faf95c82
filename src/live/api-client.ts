import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import { HttpLiveApi } from "./http-live-api.js";
import type { LiveApi } from "./live-api.js";
import { resolveApiSettings, type ApiFlagValues, type ApiTarget } from "./settings.js";

/** What building a client reads of the command's context (src/pipeline/context.ts's CliContext has it all). */
export interface ApiClientContext {
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Told of every client made (reconcile adds up their requests in its metrics). */
  onApiClient?: (client: LiveApi) => void;
  /** The real clock unless a test gives one. */
  clock?: Clock;
}

/** The API flags as commander parses them (declared as API_FLAGS in `src/cli/shared-flags.ts`). */
export type ApiFlags = ApiFlagValues;

/**
 * Builds the HTTP client; precedence flags > SEGMENT_API_URL > project file > default. `signal`
 * aborts every request of the client (plan's early live read, when the desired state fails).
 */
export function createApi(ctx: ApiClientContext, flags: ApiFlags, target: ApiTarget, signal?: AbortSignal): HttpLiveApi {
  const settings = resolveApiSettings({
    flags,
    env: ctx.env,
    projectApiUrl: target.apiUrl,
    ...(target.binding !== undefined ? { binding: target.binding } : {}),
  });
  const clock = ctx.clock ? { now: ctx.clock.now, sleep: ctx.clock.sleep, random: ctx.clock.random } : {};
  const api = new HttpLiveApi(settings, { logger: ctx.logger.child({ component: "live" }), ...(signal ? { signal } : {}), ...clock });
  ctx.onApiClient?.(api);
  return api;
}
