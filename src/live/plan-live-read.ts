import type { HttpLiveApi } from "./http-live-api.js";
import type { LiveApi } from "./live-api.js";
import { InterruptedError } from "../errors.js";
import { LiveRead } from "./live-read.js";
import { createApi, type ApiClientContext, type ApiFlags } from "./api-client.js";
import type { ApiTarget } from "./settings.js";

/** The command's context as the read uses it: the client's, and the interrupt. */
export interface PlanReadContext extends ApiClientContext {
  signal: AbortSignal;
}

export interface PlanReadFlags extends ApiFlags {
  /** A pull-request plan (`--base`): its API URL comes from the base's project file, so the list never starts early. */
  pullRequest?: boolean;
  /** Most gets in flight while reading (apply's and reconcile's `--concurrency`); plan: as many as the server allows (src/live/read-window.ts). */
  concurrency?: number;
  /**
   * The client only reads (plan): an interrupt ends its requests and its waits for the API at once.
   * apply and reconcile write with the same client afterwards, and a write in flight must finish.
   */
  interruptReads?: boolean;
  /**
   * Run with the client before the list starts; the read waits for it and fails with it (apply
   * --auto-approve and reconcile take the workspace lock there: src/lock/workspace-lock.ts).
   */
  beforeRead?: (api: LiveApi) => Promise<void>;
}

interface Started {
  target: ApiTarget;
  api: HttpLiveApi;
  /** The read, once `beforeRead` has succeeded. */
  read: Promise<LiveRead>;
}

/**
 * The live read of one plan, started as soon as the API URL is known: when the project file is
 * read, before the documents are read and validated (they take most of a large project's CPU time),
 * so the list pages while they are checked. Not with --base: a pull request's API URL comes from
 * the base's project file, known only after git is read. When anything before the plan fails (the
 * desired state is invalid), `abandon` aborts the requests in flight and waits for them to end.
 */
export class PlanLiveRead {
  private readonly controller = new AbortController();
  private started: Started | undefined;

  constructor(
    private readonly ctx: PlanReadContext,
    private readonly flags: PlanReadFlags,
  ) {}

  /** Starts the list now, when the project file alone decides where it goes (`target`: from that file). */
  start(target: ApiTarget): void {
    if (this.flags.pullRequest === true || this.started !== undefined) return;
    let api: HttpLiveApi;
    try {
      api = createApi(
        this.ctx,
        this.flags,
        target,
        this.flags.interruptReads ? AbortSignal.any([this.ctx.signal, this.controller.signal]) : this.controller.signal,
      );
    } catch {
      return; // a missing token or an API host not allowed: reported by take(), after the documents are validated
    }
    this.started = { target, api, read: this.readAfterGate(api, AbortSignal.any([this.ctx.signal, this.controller.signal])) };
  }

  /** The client and read for `target`: the early one when it goes there with the same binding, else one started now. */
  async take(target: ApiTarget): Promise<{ api: HttpLiveApi; read: LiveRead }> {
    const early = this.started;
    if (early !== undefined && JSON.stringify(early.target) === JSON.stringify(target)) {
      this.started = undefined; // the caller owns it now (and closes it)
      return { api: early.api, read: await early.read };
    }
    await this.abandon();
    const api = createApi(this.ctx, this.flags, target, this.flags.interruptReads ? this.ctx.signal : undefined);
    return { api, read: await this.readAfterGate(api, this.ctx.signal) };
  }

  /** Aborts an early read's requests in flight and waits until they ended (no stray request, no unhandled rejection). */
  async abandon(): Promise<void> {
    const started = this.started;
    if (started === undefined) return;
    this.started = undefined;
    this.controller.abort();
    const read = await started.read.catch(() => undefined);
    await read?.close();
  }

  /** The read, started once `beforeRead` (if any) has succeeded; none starts after an abort. */
  private readAfterGate(api: HttpLiveApi, signal: AbortSignal): Promise<LiveRead> {
    const gated = (async () => {
      await this.flags.beforeRead?.(api);
      if (signal.aborted) throw new InterruptedError("Interrupted before reading live state.");
      return this.newRead(api, signal);
    })();
    gated.catch(() => undefined); // observed by take() or abandon(); an early read nobody takes must not be an unhandled rejection
    return gated;
  }

  private newRead(api: HttpLiveApi, signal: AbortSignal): LiveRead {
    return new LiveRead(api, { concurrency: this.flags.concurrency, signal, logger: this.ctx.logger });
  }
}
