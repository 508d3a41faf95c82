import { ApiError, IncompleteReadError, InternalError } from "../errors.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import type { PublicReply } from "./http-live-api.js";
import type { ApiRequest } from "./http-send.js";
import type { Page } from "./live-api.js";

/** What a kind's client needs of the API client: the generic list page and call of `HttpLiveApi`, with its retries, pacing and workspace check. */
export interface KindTransport {
  publicListPage(path: string, key: string, cursor?: string, maxReplyBytes?: number): Promise<Page<unknown>>;
  publicCall(request: ApiRequest): Promise<PublicReply>;
}

/** Most pages one read follows: a server whose cursors never end is refused, not followed forever. */
const MAX_PAGES = 10_000;

/**
 * The live read and writes of any kind, from its descriptor: its `api` paths and keys, and its
 * decode rule, which every object replied goes through (a misfit is a malformed reply, never a
 * value the plan reads). Transformation's own client is `HttpLiveApi` (list budget, gets of what the
 * list omits); a new kind starts here.
 */
export class KindClient {
  constructor(
    private readonly transport: KindTransport,
    readonly kind: ResourceKind,
  ) {}

  /**
   * Every object of the kind, page after page, sorted by id. A kind nested in another object's
   * collection (`api.parent`) is listed per parent: those given (none: nothing to list).
   */
  async listAll(parents: readonly string[] = []): Promise<KindObject[]> {
    const objects: KindObject[] = [];
    const collections =
      this.kind.api.parent === undefined ? [this.kind.api.collection] : [...new Set(parents)].map((p) => this.collection(p));
    for (const collection of collections) objects.push(...(await this.listOne(collection)));
    return objects.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private async listOne(collection: string): Promise<KindObject[]> {
    const objects: KindObject[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages === 0 || cursor !== undefined; pages++) {
      if (pages === MAX_PAGES) throw new IncompleteReadError(`the list of ${this.kind.labels.plural} did not end after ${MAX_PAGES} pages`);
      const page = await this.transport.publicListPage(collection, this.kind.api.listKey, cursor);
      page.items.forEach((item, i) => objects.push(this.decoded(item, `data.${this.kind.api.listKey}[${i}]`)));
      cursor = page.next;
    }
    return objects;
  }

  async get(id: string, parent?: string): Promise<KindObject> {
    return this.one({ method: "GET", path: this.itemPath(id, parent) });
  }

  /** A nested kind's parent is the body's parent field: in the path, never sent. */
  async create(body: Readonly<Record<string, unknown>>): Promise<KindObject> {
    const field = this.kind.api.parent;
    if (field === undefined) return this.one({ method: "POST", path: this.kind.api.collection, body });
    const { [field]: parent, ...rest } = body;
    return this.one({ method: "POST", path: this.collection(parent), body: rest });
  }

  async update(id: string, body: Readonly<Record<string, unknown>>, parent?: string): Promise<KindObject> {
    return this.one({ method: "PATCH", path: this.itemPath(id, parent), body });
  }

  async remove(id: string, parent?: string): Promise<void> {
    await this.transport.publicCall({ method: "DELETE", path: this.itemPath(id, parent) });
  }

  private async one(request: ApiRequest): Promise<KindObject> {
    const reply = await this.transport.publicCall(request);
    const item = reply.data[this.kind.api.itemKey];
    const misfit = this.kind.decode(item);
    if (misfit || !hasId(item))
      throw reply.malformed(`data.${this.kind.api.itemKey}${misfit?.path ?? ".id"}: expected ${misfit?.expected ?? "an id"}`);
    return item;
  }

  private decoded(item: unknown, where: string): KindObject {
    const misfit = this.kind.decode(item);
    if (misfit || !hasId(item))
      throw new ApiError(`malformed reply from the API: ${where}${misfit?.path ?? ".id"}: expected ${misfit?.expected ?? "an id"}`, 200);
    return item;
  }

  private itemPath(id: string, parent?: string): string {
    return `${this.kind.api.parent === undefined ? this.kind.api.collection : this.collection(parent)}/${encodeURIComponent(id)}`;
  }

  /** The collection of one parent: `{field}` in the path filled with its value. */
  private collection(parent: unknown): string {
    const field = this.kind.api.parent!;
    if (typeof parent !== "string" || parent === "") throw new InternalError(`a ${this.kind.labels.singular} needs its ${field}`);
    return this.kind.api.collection.replace(`{${field}}`, encodeURIComponent(parent));
  }
}

function hasId(value: unknown): value is KindObject {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}
