import { InterruptedError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi } from "./live-api.js";
import type { LiveState } from "./live-state.js";
import { readDetails } from "./read-details.js";
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
  /** Gets in flight at once; default 4. The client's rate limit still applies. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Told when an inconsistent list is read again. */
  logger?: Logger;
}

/** Reads the workspace: the list once, a `get` for each object that needs details, and `GET /` only when the list is empty. */
export async function readLiveState(api: LiveApi, options: ReadLiveStateOptions): Promise<LiveState> {
  const { signal } = options;
  checkSignal(signal);
  const listed = await listComplete(api, { signal, logger: options.logger });
  // Listed objects carry their workspaceId; `GET /` is needed only for an empty workspace, so a
  // read costs exactly ceil(N/200) lists plus the gets.
  const fromItems = listed.items.find((t) => typeof t.workspaceId === "string" && t.workspaceId !== "")?.workspaceId;
  const workspaceId = fromItems ?? (await api.getWorkspace()).id;
  const transformations = [...listed.items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const state: LiveState = { workspaceId, transformations, apiCalls: (fromItems === undefined ? 1 : 0) + listed.calls };
  const wanted = transformations.filter((t) => options.needsDetails(t)).map((t) => t.id);
  return readDetails(api, state, wanted, { concurrency: options.concurrency ?? 4, signal });
}
