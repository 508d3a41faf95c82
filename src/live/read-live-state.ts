import { InterruptedError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi } from "./live-api.js";
import type { LiveState } from "../model/live-state.js";
import { LiveRead } from "./live-read.js";
import { listComplete } from "./complete-list.js";

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError("Interrupted while reading live state.");
}

/** Every transformation of the workspace, proven complete (see `listComplete`); throws IncompleteReadError otherwise. */
export async function listAll(api: LiveApi, options: { signal?: AbortSignal; logger?: Logger } = {}): Promise<Transformation[]> {
  return (await listComplete(api, options)).items;
}

export interface ReadLiveStateOptions {
  /** Whether the diff needs what the list omits (`fqlDefinedProperties`) for this object. */
  needsDetails: (t: Transformation) => boolean;
  /** Most gets in flight at once; within it the number follows the server (src/live/read-window.ts). The client's rate limit still applies. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Told when an inconsistent list is read again. */
  logger?: Logger;
  /** The time reads are measured by (LiveReadOptions.now). */
  now?: () => number;
}

/**
 * Reads the workspace: the list once, a `get` for each object that needs details (started as soon
 * as the page holding it arrives), and `GET /` only when the list is empty, so a read costs exactly
 * ceil(N/200) lists plus the gets.
 */
export async function readLiveState(api: LiveApi, options: ReadLiveStateOptions): Promise<LiveState> {
  checkSignal(options.signal);
  const read = new LiveRead(api, { concurrency: options.concurrency, signal: options.signal, logger: options.logger, now: options.now });
  try {
    read.prefetch(options.needsDetails);
    const listed = await read.state();
    return await read.details(
      listed,
      listed.transformations.filter((t) => options.needsDetails(t)).map((t) => t.id),
    );
  } finally {
    await read.close();
  }
}
