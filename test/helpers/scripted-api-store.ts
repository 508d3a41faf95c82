import type { Reply, SeenRequest } from "./scripted-api.js";

/**
 * The in-memory answers of a ScriptedApi without an upstream: `GET /` (the workspace) and the five
 * operations on transformations, sorted by id, with base64 offset cursors and list elements without
 * `fqlDefinedProperties` (as the real list).
 */
export class ApiStore {
  readonly objects = new Map<string, Record<string, unknown>>();
  /** Headers added to every answer (e.g. rate-limit headers). */
  extraHeaders: (req: SeenRequest) => Record<string, string> = () => ({});
  private nextId = 1;

  seed(count: number, make: (i: number) => Record<string, unknown> = () => ({})): void {
    for (let i = 0; i < count; i++) {
      const id = `tf_${String(i).padStart(5, "0")}`;
      this.objects.set(id, { id, name: `t${i}`, sourceId: "src_1", enabled: true, if: "event='x'", fqlDefinedProperties: [], ...make(i) });
    }
  }

  answer(req: SeenRequest): Reply {
    const headers = this.extraHeaders(req);
    const id = decodeURIComponent(req.path.slice("/transformations/".length));
    const found = this.objects.get(id);
    if (req.path === "/") return { headers, body: { data: { workspace: { id: "ws_1", slug: "ws", name: "WS" } } } };
    if (req.path === "/transformations" && req.method === "GET") return { headers, body: this.list(req.query) };
    if (req.path === "/transformations" && req.method === "POST") {
      const created = { ...(JSON.parse(req.body) as object), id: `new_${this.nextId++}` };
      this.objects.set(created.id, created);
      return { headers, body: { data: { transformation: created } } };
    }
    if (!found) return { status: 404, headers, body: { errors: [{ type: "NotFound", message: "Resource not found" }] } };
    if (req.method === "GET") return { headers, body: { data: { transformation: found } } };
    if (req.method === "PATCH") {
      Object.assign(found, JSON.parse(req.body) as object);
      return { headers, body: { data: { transformation: found } } };
    }
    this.objects.delete(id);
    return { headers, body: { data: { status: "SUCCESS" } } };
  }

  private list(query: URLSearchParams): unknown {
    const count = Number(query.get("pagination.count") ?? "200");
    const offset = offsetOfCursor(query.get("pagination.cursor"));
    const all = [...this.objects.values()].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    const items = all.slice(offset, offset + count).map(({ fqlDefinedProperties: _omit, ...rest }) => rest);
    const end = offset + count;
    return {
      data: {
        transformations: items,
        pagination: { current: cursorAt(offset), totalEntries: all.length, next: end < all.length ? cursorAt(end) : null },
      },
    };
  }
}

/** The cursor naming an offset, as the emulator's `compat.cursors: offset` (and the real service) write it. */
export function cursorAt(offset: number): string {
  return Buffer.from(String(offset)).toString("base64");
}

/** The offset a cursor names, 0 without one. */
export function offsetOfCursor(cursor: string | null | undefined): number {
  return cursor ? Number(Buffer.from(cursor, "base64").toString() || "0") : 0;
}
