import { InterruptedError } from "../errors.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi } from "./live-api.js";
import type { LiveState } from "./live-state.js";
import { mapConcurrent } from "../map-concurrent.js";

/** Page size asked of the list call: the API's maximum per call. */
const PAGE_SIZE = 200;
/** A server that keeps answering with a `next` is a bug; stop rather than loop forever. */
const MAX_PAGES = 100_000;

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError("Interrupted while reading live state.");
}

async function listCounting(api: LiveApi, signal: AbortSignal | undefined): Promise<{ items: Transformation[]; calls: number }> {
  const items: Transformation[] = [];
  let cursor: string | undefined;
  let calls = 0;
  do {
    checkSignal(signal);
    const page = await api.listPage(cursor, PAGE_SIZE);
    calls += 1;
    items.push(...page.items);
    // A repeated cursor would loop forever; an absent or null `next` ends the list.
    cursor = page.next !== undefined && page.next !== cursor && calls < MAX_PAGES ? page.next : undefined;
  } while (cursor !== undefined);
  return { items, calls };
}

/** Every transformation of the workspace, paging with count=200 until `next` is absent. */
export async function listAll(api: LiveApi, options: { signal?: AbortSignal } = {}): Promise<Transformation[]> {
  return (await listCounting(api, options.signal)).items;
}

export interface ReadLiveStateOptions {
  /** Whether the diff needs what the list omits (`fqlDefinedProperties`) for this object. */
  needsDetails: (t: Transformation) => boolean;
  /** Gets in flight at once; default 4. The client's rate limit still applies. */
  concurrency?: number;
  signal?: AbortSignal;
}

/** Reads the workspace: the list once, a `get` for each object that needs details, and `GET /` only when the list is empty. */
export async function readLiveState(api: LiveApi, options: ReadLiveStateOptions): Promise<LiveState> {
  const { signal } = options;
  checkSignal(signal);
  const listed = await listCounting(api, signal);
  // Listed objects carry their workspaceId; `GET /` is needed only for an empty workspace, so a
  // read costs exactly ceil(N/200) lists plus the gets.
  const fromItems = listed.items.find((t) => typeof t.workspaceId === "string" && t.workspaceId !== "")?.workspaceId;
  const workspaceId = fromItems ?? (await api.getWorkspace()).id;
  const wanted = listed.items.filter((t) => options.needsDetails(t));
  const detailed = await mapConcurrent(wanted, options.concurrency ?? 4, (t) => {
    checkSignal(signal);
    return api.get(t.id);
  });
  const byId = new Map(listed.items.map((t) => [t.id, t]));
  for (const t of detailed) byId.set(t.id, t);
  const transformations = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { workspaceId, transformations, apiCalls: (fromItems === undefined ? 1 : 0) + listed.calls + wanted.length };
}
