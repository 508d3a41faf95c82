import { join, resolve } from "node:path";
import type { Logger } from "../log.js";
import type { LiveApi } from "../live/live-api.js";
import type { Plan } from "../plan/types.js";
import { checkPlanFresh } from "../apply/index.js";
import { fingerprint } from "../plan/index.js";
import { readLiveState } from "../live/index.js";
import type { LiveState } from "../live/live-state.js";
import { transyncCacheDir } from "../git/repo-cache.js";
import { transyncVersion } from "../version.js";

/** The folder of workspace lock files that apply and reconcile share: `locks/` in the cache folder. */
export function defaultLockDir(env: NodeJS.ProcessEnv): string {
  return join(transyncCacheDir(env), "locks");
}

/** `--lock-dir` (relative to the command's working folder), else the default. */
export function lockDirOf(ctx: { cwd: string; env: NodeJS.ProcessEnv }, flag: string | undefined): string {
  return flag !== undefined ? resolve(ctx.cwd, flag) : defaultLockDir(ctx.env);
}

/**
 * Run once the workspace lock is held: live state read again the way the plan read it, and the plan
 * refused (ConflictError) when it is stale. Another writer may have finished just before the lock
 * was ours, so the writes must depend on a read made under it. Returns that read: the objects as
 * they were before the writes, which verification compares unsent fields with.
 */
export async function recheckUnderLock(ctx: { signal: AbortSignal; logger: Logger }, plan: Plan, api: LiveApi): Promise<LiveState> {
  const detailed = new Set(plan.detailedIds ?? []);
  const live = await readLiveState(api, { needsDetails: (t) => detailed.has(t.id), signal: ctx.signal, logger: ctx.logger });
  checkPlanFresh(plan, live, { fingerprint, transyncVersion: transyncVersion() });
  return live;
}
