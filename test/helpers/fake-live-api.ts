import { ApiError, UnknownOutcomeError } from "../../src/errors.js";
import type { ApiStats, LiveApi, Page, WaitListener } from "../../src/live/live-api.js";
import { WaitListeners } from "../../src/live/wait-listeners.js";
import type { Transformation, TransformationInput, TransformationUpdate, Workspace } from "../../src/model/transformation.js";

type Method = "getWorkspace" | "listPage" | "get" | "create" | "update" | "remove";

/** A scripted fault: matches a call by method and (optionally) name or id, `times` times. */
export interface Fault {
  method: Method;
  name?: string;
  id?: string;
  times?: number;
  /** `api`: answer with an ApiError; `unknown-after-store`: do the write, then lose the reply; `unknown-before-store`: lose the request. */
  kind: "api" | "unknown-after-store" | "unknown-before-store";
  status?: number;
  type?: string;
  field?: string;
  message?: string;
}

export interface CallRecord {
  method: Method;
  id?: string;
  name?: string;
  at: number;
}

/**
 * The one in-process LiveApi of the tests, for code above the HTTP client (over HTTP, see
 * scripted-api.ts). Behaves as the real API where it matters: sorted by id, cursor = offset, list
 * elements without `fqlDefinedProperties`, a `null` in an update clears the field. Logs every
 * call (getWorkspace included), tracks calls in flight, and takes delays and scripted faults.
 */
export class FakeLiveApi implements LiveApi {
  readonly store = new Map<string, Transformation>();
  readonly calls: CallRecord[] = [];
  readonly faults: Fault[] = [];
  readonly workspace: Workspace;
  inFlight = 0;
  maxInFlight = 0;
  delayMs = 0;
  /** The page size when the caller names none. */
  pageSize = 200;
  /** Called when a call starts (after it is logged), e.g. to abort mid-run. */
  onCall?: (call: CallRecord) => void;
  private nextId = 1;
  /** Tell the listeners of a wait, as the HTTP client does before a retry or a rate-limit hold. */
  readonly waits = new WaitListeners();

  constructor(workspace: string | Workspace = "ws_1", seed: Transformation[] = []) {
    this.workspace = typeof workspace === "string" ? { id: workspace, slug: "ws", name: "Workspace" } : workspace;
    for (const t of seed) this.store.set(t.id, structuredClone(t));
  }

  get workspaceId(): string {
    return this.workspace.id;
  }

  get writes(): CallRecord[] {
    return this.calls.filter((c) => c.method === "create" || c.method === "update" || c.method === "remove");
  }

  count(method: Method): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async getWorkspace(): Promise<Workspace> {
    return this.call({ method: "getWorkspace" }, () => ({ ...this.workspace }));
  }

  async listPage(cursor?: string, count?: number): Promise<Page<Transformation>> {
    return this.call({ method: "listPage" }, () => {
      const all = [...this.store.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
      const offset = cursor ? Number(cursor) : 0;
      const size = count ?? this.pageSize;
      const items = all.slice(offset, offset + size).map(({ fqlDefinedProperties: _omit, ...rest }) => structuredClone(rest));
      const next = offset + size < all.length ? String(offset + size) : undefined;
      return { items, next, totalEntries: all.length };
    });
  }

  async get(id: string): Promise<Transformation> {
    return this.call({ method: "get", id }, () => structuredClone(this.existing(id)));
  }

  async create(input: TransformationInput): Promise<Transformation> {
    return this.call({ method: "create", name: input.name }, () => {
      const id = `tf_${String(this.nextId++).padStart(3, "0")}`;
      const created: Transformation = { ...structuredClone(input), id, workspaceId: this.workspaceId };
      this.store.set(id, created);
      return structuredClone(created);
    });
  }

  async update(id: string, patch: TransformationUpdate): Promise<Transformation> {
    return this.call({ method: "update", id, name: patch.name }, () => {
      const merged = { ...this.existing(id) } as Record<string, unknown>;
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete merged[key];
        else if (value !== undefined) merged[key] = structuredClone(value);
      }
      this.store.set(id, merged as unknown as Transformation);
      return structuredClone(merged) as unknown as Transformation;
    });
  }

  async remove(id: string): Promise<void> {
    return this.call({ method: "remove", id }, () => {
      this.existing(id);
      this.store.delete(id);
    });
  }

  stats(): ApiStats {
    return {
      calls: this.calls.length,
      requests: this.calls.length,
      retries: 0,
      waitedMs: 0,
      byStatus: {},
      throttledMs: 0,
      peakInFlight: this.maxInFlight,
    };
  }

  onWait(listener: WaitListener): () => void {
    return this.waits.add(listener);
  }

  byName(name: string): Transformation[] {
    return [...this.store.values()].filter((t) => t.name === name);
  }

  private existing(id: string): Transformation {
    const found = this.store.get(id);
    if (!found)
      throw new ApiError(`GET /transformations/${id}: HTTP 404: NotFound`, 404, [{ type: "NotFound", message: "Resource not found" }]);
    return found;
  }

  private async call<T>(what: Omit<CallRecord, "at">, work: () => T): Promise<T> {
    const record: CallRecord = { ...what, at: this.calls.length };
    this.calls.push(record);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      this.onCall?.(record);
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      const fault = this.takeFault(record);
      if (fault?.kind === "api")
        throw new ApiError(fault.message ?? "fault", fault.status ?? 500, [
          { type: fault.type ?? "Fault", message: fault.message, field: fault.field },
        ]);
      if (fault?.kind === "unknown-before-store") throw new UnknownOutcomeError("connection reset", "POST", "/transformations");
      const result = work();
      if (fault?.kind === "unknown-after-store") throw new UnknownOutcomeError("reply lost", "POST", "/transformations");
      return result;
    } finally {
      this.inFlight--;
    }
  }

  private takeFault(record: CallRecord): Fault | undefined {
    const index = this.faults.findIndex(
      (f) => f.method === record.method && (f.name === undefined || f.name === record.name) && (f.id === undefined || f.id === record.id),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    const times = (fault.times ?? 1) - 1;
    if (times <= 0) this.faults.splice(index, 1);
    else fault.times = times;
    return fault;
  }
}
