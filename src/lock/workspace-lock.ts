import { join, resolve } from "node:path";
import type { Logger } from "../log.js";
import type { LiveApi } from "../live/live-api.js";
import type { Plan } from "../plan/types.js";
import { checkPlanFresh } from "../apply/index.js";
import { fingerprint } from "../plan/index.js";
import { readLiveState } from "../live/index.js";
import type { LiveState } from "../model/live-state.js";
import { transyncCacheDir } from "../git/repo-cache.js";
import { transyncVersion } from "../version.js";
import { ConflictError } from "../errors.js";
import { acquireWorkspaceLock, type HeldLock } from "./lock.js";

/** The folder of workspace lock files that apply and reconcile share: `locks/` in the cache folder. */
export function defaultLockDir(env: NodeJS.ProcessEnv): string {
  return join(transyncCacheDir(env), "locks");
}

/** `--lock-dir` (relative to the command's working folder), else the default. */
export function lockDirOf(ctx: { cwd: string; env: NodeJS.ProcessEnv }, flag: string | undefined): string {
  return flag !== undefined ? resolve(ctx.cwd, flag) : defaultLockDir(ctx.env);
}

/**
 * For a plan read before the lock was taken (an apply that asked for confirmation, a saved plan's
 * apply), run once the workspace lock is held: live state read again the way the plan read it, and the plan
 * refused (ConflictError) when it is stale. Another writer may have finished just before the lock
 * was ours, so the writes must depend on a read made under it. Returns that read: the objects as
 * they were before the writes, which verification compares unsent fields with.
 */
export async function recheckUnderLock(ctx: { signal: AbortSignal; logger: Logger }, plan: Plan, api: LiveApi): Promise<LiveState> {
  const detailed = new Set(plan.detailedIds ?? []);
  const live = await readLiveState(api, { needsDetails: (t) => detailed.has(t.id), signal: ctx.signal, logger: ctx.logger });
  checkPlanFresh(plan, live, {
    fingerprint,
    transyncVersion: transyncVersion(),
    ...(api.tokenEnv !== undefined ? { tokenEnv: api.tokenEnv } : {}),
  });
  return live;
}

export interface LockBeforeReadOptions {
  dir: string;
  command: "apply" | "reconcile";
  ttlMs?: number;
}

/**
 * The workspace lock of apply --auto-approve and reconcile, taken before the plan reads: `take`
 * (the plan read's `beforeRead`) learns the workspace with `GET /`, takes the lock, and only then
 * does the list start. The plan's own read is then made under the lock, so it is the stale check
 * and no re-read is needed; a lock another run holds fails (ConflictError) before any object is
 * read. While held it is renewed (acquireWorkspaceLock), however long the read takes.
 */
export class LockBeforeRead {
  private taking: { api: LiveApi; lock: Promise<{ workspaceId: string; held: HeldLock }> } | undefined;
  /** True when the lock could not be taken because another run holds it. */
  refused = false;

  constructor(private readonly options: LockBeforeReadOptions) {}

  readonly take = async (api: LiveApi): Promise<void> => {
    if (this.taking?.api !== api) {
      const previous = this.taking?.lock;
      const lock = this.acquire(api, previous);
      lock.catch(() => undefined); // observed by the read that waits for it, and by release()
      this.taking = { api, lock };
    }
    await this.taking.lock;
  };

  /** The plan is of the workspace whose lock is held (its objects name it), or ConflictError. */
  async assertHolds(workspaceId: string): Promise<void> {
    const held = await this.taking?.lock.catch(() => undefined);
    if (held?.workspaceId === workspaceId) return;
    throw new ConflictError(
      `the plan is of workspace ${workspaceId}, but the lock taken before reading it is ${held ? `that of workspace ${held.workspaceId}` : "not held"}; nothing was changed.`,
    );
  }

  async release(): Promise<void> {
    const held = await this.taking?.lock.catch(() => undefined);
    await held?.held.release();
  }

  private async acquire(api: LiveApi, previous: Promise<{ held: HeldLock }> | undefined): Promise<{ workspaceId: string; held: HeldLock }> {
    // A read for another client (another API URL) replaces the first: its lock is let go first.
    await previous?.then(
      (p) => p.held.release(),
      () => undefined,
    );
    const workspaceId = (await api.getWorkspace()).id;
    try {
      return { workspaceId, held: await acquireWorkspaceLock({ ...this.options, workspaceId }) };
    } catch (error) {
      if (error instanceof ConflictError) this.refused = true;
      throw error;
    }
  }
}
