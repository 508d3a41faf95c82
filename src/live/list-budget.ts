import { ListBudgetError } from "../errors.js";
import { TransportFailure } from "./http-send.js";

/**
 * The one bound of every list walk (issue 33): the Public API's lists (sources, the destination
 * catalog, a source's connected destinations), the event volumes, and the code hosts' comment
 * pages. A walk reads page after page until the server says it ended; a broken or hostile server
 * never says so, or sends huge pages, and a walk that keeps what it read would grow memory until
 * something outside stops it. Each walk has a budget of bytes (all replies together, and one
 * reply), objects and pages, and stops at the first it passes with a ListBudgetError naming the
 * endpoint. Each reply is read with the cap `replyCap()` gives, counted while it streams
 * (readCapped, http-send.ts), so the total holds before a reply is buffered, not after.
 * The transformations list (src/live/complete-list.ts) goes through it too, beside its own checks
 * of totalEntries.
 */
export interface ListBudget {
  /** Bytes of all the walk's replies together. */
  maxBytes: number;
  /** Bytes of one reply (its page). */
  maxPageBytes: number;
  /** Objects of all pages together. */
  maxObjects: number;
  /** Pages. */
  maxPages: number;
}

const MIB = 1024 * 1024;

/**
 * A list of objects of one workspace or thread: `GET /sources`, `/catalog/destinations`,
 * `/sources/{id}/connected-destinations`, a pull request's comments (GitHub) or a merge request's
 * notes (GitLab), and the transformations list (complete-list.ts, which adds its own page bound). A
 * workspace has hundreds of sources (100,000 is far beyond any), the catalog a few hundred destinations
 * of a few KB each, a thread far fewer than 100,000 comments: 64 MiB in all, 32 MiB a reply.
 */
export const LIST_BUDGET: ListBudget = { maxBytes: 64 * MIB, maxPageBytes: 32 * MIB, maxObjects: 100_000, maxPages: 1_000 };

/**
 * `GET /events/volume` of one source: at most 5,000 rows (the API's own limit) of 200 a page; a row
 * of 7 days is well under 1 KB, of 366 days about 25 KB. 8 MiB a page, 64 MiB in all.
 */
export const EVENT_VOLUME_BUDGET: ListBudget = { maxBytes: 64 * MIB, maxPageBytes: 8 * MIB, maxObjects: 5_000, maxPages: 30 };

export function formatBudgetBytes(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}

/** What one walk has read so far, against its budget. */
export class ListWalk {
  private pages = 0;
  private bytes = 0;
  private objects = 0;

  constructor(
    /** The endpoint as messages name it: `GET /sources`. */
    readonly endpoint: string,
    private readonly budget: ListBudget,
  ) {}

  /** Before each page is asked for: the bytes its reply may hold; throws once no page is left. */
  replyCap(): number {
    if (this.pages >= this.budget.maxPages) throw this.exceeded(`it goes on past ${this.budget.maxPages} pages`);
    return this.bytesLeft();
  }

  /** Each page as it arrives, before its objects are kept: its reply's size and its objects. */
  take(bytes: number, objects: number): void {
    this.pages += 1;
    this.bytes += bytes;
    this.objects += objects;
    if (this.bytes > this.budget.maxBytes)
      throw this.exceeded(`its first ${this.pages} page(s) hold more than ${formatBudgetBytes(this.budget.maxBytes)}`);
    if (this.objects > this.budget.maxObjects)
      throw this.exceeded(`its first ${this.pages} page(s) hold more than ${this.budget.maxObjects} objects`);
  }

  /**
   * Runs one page's request; a reply cut at `replyCap()` while it streamed (TransportFailure
   * REPLY_TOO_LARGE, as the cause of the client's NetworkError) becomes this walk's ListBudgetError.
   */
  async page<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!isReplyTooLarge(error)) throw error;
      const page = this.pages + 1;
      const { maxBytes, maxPageBytes } = this.budget;
      throw this.exceeded(
        maxBytes - this.bytes < maxPageBytes
          ? `its first ${page} page(s) hold more than ${formatBudgetBytes(maxBytes)} (page ${page} was cut as it came)`
          : `page ${page}'s reply is over ${formatBudgetBytes(maxPageBytes)}, the bound of one page`,
      );
    }
  }

  /** What the next reply may hold: a page's bound, or less when the whole list's is nearer. */
  private bytesLeft(): number {
    return Math.max(1, Math.min(this.budget.maxPageBytes, this.budget.maxBytes - this.bytes));
  }

  private exceeded(what: string): ListBudgetError {
    const { maxBytes, maxPageBytes, maxObjects, maxPages } = this.budget;
    return new ListBudgetError(
      `${this.endpoint}: the list is larger than one read may be: ${what}; transync stopped reading (bounds of one list: ` +
        `${formatBudgetBytes(maxBytes)} in all, ${formatBudgetBytes(maxPageBytes)} a page, ${maxObjects} objects, ${maxPages} pages; docs/security.md). ` +
        "A list this large is not expected: check the URL; if it persists, the server is misbehaving.",
      this.endpoint,
    );
  }
}

/** A reply cut at its cap: the TransportFailure itself, or an error caused by it (the client's NetworkError, Octokit's RequestError). */
function isReplyTooLarge(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof TransportFailure && current.code === "REPLY_TOO_LARGE") return true;
    current = current.cause;
  }
  return false;
}
