import { ApiError } from "../errors.js";
import type { Page } from "./live-api.js";
import { ListWalk, LIST_BUDGET } from "./list-budget.js";

/** A source of the workspace, as `GET /sources` lists it (SourceV1: only what transync reads). */
export interface WorkspaceSource {
  id: string;
  slug: string;
  name: string;
}

/** A destination type of Segment's catalog (`GET /catalog/destinations`, DestinationMetadataV1). */
export interface CatalogDestination {
  id: string;
  slug: string;
  name: string;
  previousNames: string[];
}

/** A destination connected to a source (`GET /sources/{id}/connected-destinations`, DestinationV1). */
export interface ConnectedDestination {
  id: string;
  name: string;
  /** The catalog id of its type: what a Transformation's destinationMetadataId names. */
  metadataId: string;
  /** The catalog slug of its type, when the reply gives it (`metadata.slug`): what a `connections:` entry's `slug` names. */
  metadataSlug?: string;
}

/**
 * The port to the reads of Segment's Public API that resolve slugs and check references. Each list
 * is read once per run (every page) and kept: a run asks for it as often as it likes.
 */
export interface PublicApiReads {
  sources(): Promise<WorkspaceSource[]>;
  catalogDestinations(): Promise<CatalogDestination[]>;
  connectedDestinations(sourceId: string): Promise<ConnectedDestination[]>;
}

/** What the adapter needs of the HTTP client (HttpLiveApi.publicListPage): each reply capped at `maxReplyBytes` while it streams. */
export interface PublicListPages {
  publicListPage(path: string, key: string, cursor?: string, maxReplyBytes?: number): Promise<Page<unknown>>;
}

/** The Public API reads over the HTTP client, each list read once and cached for the run. */
export class HttpPublicApiReads implements PublicApiReads {
  private readonly cache = new Map<string, Promise<unknown[]>>();
  private pagesRequested = 0;

  constructor(private readonly client: PublicListPages) {}

  /** The pages asked for so far (each one HTTP request, retries not counted): the plan's `apiCalls` include them. */
  get calls(): number {
    return this.pagesRequested;
  }

  async sources(): Promise<WorkspaceSource[]> {
    const items = await this.walk("/sources", "sources");
    return items.map((item, i) => ({
      id: text(item, "id", `data.sources[${i}]`),
      slug: text(item, "slug", `data.sources[${i}]`),
      name: optionalText(item, "name"),
    }));
  }

  async catalogDestinations(): Promise<CatalogDestination[]> {
    const items = await this.walk("/catalog/destinations", "destinationsCatalog");
    return items.map((item, i) => {
      const at = `data.destinationsCatalog[${i}]`;
      const previous = (item as { previousNames?: unknown }).previousNames;
      const previousNames = Array.isArray(previous) ? previous.filter((n): n is string => typeof n === "string") : [];
      return { id: text(item, "id", at), slug: text(item, "slug", at), name: optionalText(item, "name"), previousNames };
    });
  }

  async connectedDestinations(sourceId: string): Promise<ConnectedDestination[]> {
    const items = await this.walk(`/sources/${encodeURIComponent(sourceId)}/connected-destinations`, "destinations");
    return items.map((item, i) => {
      const at = `data.destinations[${i}]`;
      const metadata = (item as { metadata?: unknown }).metadata;
      const slug = optionalText(metadata, "slug");
      return {
        id: text(item, "id", at),
        name: optionalText(item, "name"),
        metadataId: text(metadata, "id", `${at}.metadata`),
        ...(slug !== "" ? { metadataSlug: slug } : {}),
      };
    });
  }

  /** Every page of one list, once per run: a second caller gets the same promise. */
  private walk(path: string, key: string): Promise<unknown[]> {
    let pending = this.cache.get(path);
    if (pending === undefined) {
      pending = this.readAll(path, key);
      this.cache.set(path, pending);
    }
    return pending;
  }

  /** Every page, within LIST_BUDGET: each reply capped at what the budget has left while it streams, each page counted before it is kept. */
  private async readAll(path: string, key: string): Promise<unknown[]> {
    const walk = new ListWalk(`GET ${path}`, LIST_BUDGET);
    const items: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const cap = walk.replyCap();
      this.pagesRequested++;
      const page = await walk.page(() => this.client.publicListPage(path, key, cursor, cap));
      walk.take(page.bytes ?? JSON.stringify(page.items).length, page.items.length);
      items.push(...page.items);
      if (page.next === undefined || page.next === "") return items;
      if (seen.has(page.next))
        throw new ApiError(`GET ${path}: the API gave the cursor of an earlier page again; the list cannot be read to its end.`, 200);
      seen.add(page.next);
      cursor = page.next;
    }
  }
}

function text(item: unknown, field: string, at: string): string {
  const value = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[field] : undefined;
  if (typeof value === "string" && value !== "") return value;
  throw new ApiError(`malformed reply from the API: \`${at}.${field}\` is not a non-empty string.`, 200);
}

function optionalText(item: unknown, field: string): string {
  const value = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : "";
}
