import { ApiError } from "../../src/errors.js";
import type { ApiStats, LiveApi, Page, WaitListener } from "../../src/live/live-api.js";
import { WaitListeners } from "../../src/live/wait-listeners.js";
import type { Transformation, TransformationInput, TransformationUpdate, Workspace } from "../../src/model/transformation.js";

/**
 * An in-memory LiveApi for tests of code above the HTTP client: sorted by id, cursor = offset,
 * list elements without `fqlDefinedProperties` (as the real list), and a log of the calls made.
 */
export class FakeLiveApi implements LiveApi {
  readonly store = new Map<string, Transformation>();
  readonly calls: Array<{ method: string; id?: string }> = [];
  private nextId = 1;
  readonly waits = new WaitListeners();

  constructor(
    seed: Transformation[] = [],
    readonly workspace: Workspace = { id: "ws_fake", slug: "fake", name: "Fake" },
  ) {
    for (const t of seed) this.store.set(t.id, structuredClone(t));
  }

  async getWorkspace(): Promise<Workspace> {
    this.calls.push({ method: "getWorkspace" });
    return { ...this.workspace };
  }

  async listPage(cursor?: string, count = 200): Promise<Page<Transformation>> {
    this.calls.push({ method: "listPage" });
    const all = [...this.store.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const offset = cursor === undefined ? 0 : Number(cursor);
    const items = all.slice(offset, offset + count).map(({ fqlDefinedProperties: _omit, ...rest }) => structuredClone(rest));
    const next = offset + count < all.length ? String(offset + count) : undefined;
    return { items, next, totalEntries: all.length };
  }

  async get(id: string): Promise<Transformation> {
    this.calls.push({ method: "get", id });
    return structuredClone(this.existing(id));
  }

  async create(input: TransformationInput): Promise<Transformation> {
    this.calls.push({ method: "create" });
    const created: Transformation = { ...structuredClone(input), id: `fake_${String(this.nextId++).padStart(4, "0")}` };
    this.store.set(created.id, created);
    return structuredClone(created);
  }

  async update(id: string, patch: TransformationUpdate): Promise<Transformation> {
    this.calls.push({ method: "update", id });
    const merged = { ...this.existing(id) } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else if (value !== undefined) merged[key] = structuredClone(value);
    }
    this.store.set(id, merged as unknown as Transformation);
    return structuredClone(merged) as unknown as Transformation;
  }

  async remove(id: string): Promise<void> {
    this.calls.push({ method: "remove", id });
    this.existing(id);
    this.store.delete(id);
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  private existing(id: string): Transformation {
    const found = this.store.get(id);
    if (!found)
      throw new ApiError(`GET /transformations/${id}: HTTP 404: NotFound`, 404, [{ type: "NotFound", message: "Resource not found" }]);
    return found;
  }

  stats(): ApiStats {
    return {
      calls: this.calls.length,
      requests: this.calls.length,
      retries: 0,
      waitedMs: 0,
      byStatus: {},
      throttledMs: 0,
      peakInFlight: 0,
    };
  }

  onWait(listener: WaitListener): () => void {
    return this.waits.add(listener);
  }
}
