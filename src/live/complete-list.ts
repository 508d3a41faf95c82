import { IncompleteReadError, InterruptedError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi, Page } from "./live-api.js";
import { shorten } from "../secrets/redact-cuts.js";
import { LIST_BUDGET, ListWalk, type ListBudget } from "./list-budget.js";

/** Page size asked of the list call: the API's maximum per call. */
export const PAGE_SIZE = 200;
/**
 * Pages of one read when the server gives a `totalEntries`; the read is also held to
 * ceil(totalEntries / page size) + PAGE_SLACK pages.
 */
export const MAX_PAGES = 5_000;
/**
 * Pages of one read when the server gives no `totalEntries`, so nothing says where the list ends:
 * 1,000 pages of 200 is twice MAX_LIST_OBJECTS, and a server of one-object pages stops early.
 */
export const MAX_PAGES_UNCOUNTED = 1_000;
/**
 * Objects one read may hold: a workspace holds a few thousand Transformations; beyond this, the
 * server is broken or hostile, and reading on would only grow memory.
 */
export const MAX_LIST_OBJECTS = LIST_BUDGET.maxObjects;
/**
 * Bytes of list replies one read may hold (each reply is capped apart, MAX_REPLY_BYTES in
 * src/live/settings.ts): 100,000 ordinary objects are about 50 MB.
 */
export const MAX_LIST_BYTES = LIST_BUDGET.maxBytes;
/** Pages allowed beyond ceil(totalEntries / page size): a server's off-by-one, not a loop. */
const PAGE_SLACK = 2;
/** The bytes and objects of one read: every list's (list-budget.ts), with this list's own page bound. */
export const TRANSFORMATIONS_LIST_BUDGET: ListBudget = { ...LIST_BUDGET, maxPages: MAX_PAGES };

/** One way a list read proved itself incomplete; `IncompleteReadError` carries the text. */
class ReadProblem extends Error {}
/** A read past a bound of its size: reading again from the start would meet it again. */
class ReadTooLarge extends IncompleteReadError {}

export interface ListResult {
  items: Transformation[];
  /** List calls made, over every attempt. */
  calls: number;
}

export interface CompleteListOptions {
  signal?: AbortSignal;
  logger?: Logger;
  pageSize?: number;
  /**
   * Told of each page's objects once the page passed its checks, with the attempt (1, or 2 for the
   * read made again from the start): a caller can start work on them before the list ends, and
   * must drop what it started for an earlier attempt.
   */
  onPage?: (items: readonly Transformation[], attempt: number) => void;
}

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError("Interrupted while reading live state.");
}

/** The state of one read from the first page: what was seen, to cross-check each new page against. */
class ReadCheck {
  readonly items: Transformation[] = [];
  private readonly ids = new Set<string>();
  private readonly cursors = new Set<string>();
  private total: number | undefined;
  private maxPages = MAX_PAGES_UNCOUNTED;
  private firstPageSize = 1;
  private readonly walk = new ListWalk("GET /transformations", TRANSFORMATIONS_LIST_BUDGET);
  pages = 0;

  constructor(private readonly pageSize: number) {}

  /** Takes one page; returns the cursor to ask for next, or undefined at the end. */
  take(page: Page<Transformation>): string | undefined {
    this.pages += 1;
    if (this.pages === 1)
      this.firstPageSize = page.next === undefined ? this.pageSize : Math.max(1, Math.min(this.pageSize, page.items.length));
    this.checkTotal(page.totalEntries);
    this.checkSize(page);
    for (const item of page.items) {
      if (this.ids.has(item.id)) throw new ReadProblem(`the id ${JSON.stringify(item.id)} came twice (page ${this.pages})`);
      this.ids.add(item.id);
      this.items.push(item);
    }
    if (page.next === undefined) return undefined;
    if (page.items.length === 0) throw new ReadProblem(`page ${this.pages} is empty but names a next page`);
    if (this.cursors.has(page.next))
      throw new ReadProblem(`the cursor ${JSON.stringify(shorten(page.next, 40))} came back on page ${this.pages}: the pages form a cycle`);
    if (this.pages >= this.maxPages) {
      if (this.total === undefined) throw tooLarge(`it goes on past ${this.maxPages} pages and gives no totalEntries`);
      throw new ReadProblem(`the list goes on past ${this.maxPages} pages, more than totalEntries ${this.total} allows`);
    }
    this.cursors.add(page.next);
    return page.next;
  }

  /** At the end: the unique objects read must be the number the server announced. */
  finish(): void {
    if (this.total !== undefined && this.items.length !== this.total) {
      const how = this.items.length < this.total ? "ended after" : "held";
      throw new ReadProblem(`the list ${how} ${this.items.length} objects, but totalEntries says ${this.total}`);
    }
  }

  /** Before a page is asked for: the bytes its reply may hold (MAX_LIST_BYTES less what was read), counted as it streams. */
  replyCap(): number {
    return this.walk.replyCap();
  }

  /** One page's request; a reply cut at its cap is the walk's ListBudgetError. */
  request(ask: () => Promise<Page<Transformation>>): Promise<Page<Transformation>> {
    return this.walk.page(ask);
  }

  /** Bytes and objects held so far, this page included, within MAX_LIST_BYTES and MAX_LIST_OBJECTS. */
  private checkSize(page: Page<Transformation>): void {
    // A fake LiveApi gives no reply size; the objects' JSON is what the reply would have held.
    this.walk.take(page.bytes ?? JSON.stringify(page.items).length, page.items.length);
  }

  /** The first totalEntries seen is the promise; a page saying otherwise means a write during the read. */
  private checkTotal(total: number | undefined): void {
    if (total === undefined) return;
    if (total > MAX_LIST_OBJECTS)
      throw tooLarge(`its totalEntries ${total} is more than the ${MAX_LIST_OBJECTS} objects one read may hold`);
    if (this.total === undefined) {
      this.total = total;
      // ceil(total / page size) + slack, with the page size the server gave (it may give less than asked).
      this.maxPages = Math.min(MAX_PAGES, Math.ceil(total / this.firstPageSize) + PAGE_SLACK);
    } else if (total !== this.total) {
      throw new ReadProblem(
        `totalEntries changed from ${this.total} to ${total} on page ${this.pages} (the workspace was written during the read)`,
      );
    }
  }
}

function tooLarge(what: string): ReadTooLarge {
  return new ReadTooLarge(
    `The list of transformations is larger than one read may be: ${what}; transync stopped reading (bounds: ${MAX_LIST_OBJECTS} objects, ` +
      `${MAX_LIST_BYTES / 1024 / 1024} MiB, ${MAX_PAGES_UNCOUNTED} pages without totalEntries; docs/reliability.md). Nothing was planned from it. ` +
      "A workspace this large is not expected: check the API URL; if it persists, the API is misbehaving.",
  );
}

async function readOnce(
  api: LiveApi,
  pageSize: number,
  options: CompleteListOptions,
  counter: { calls: number; attempts: number },
): Promise<Transformation[]> {
  const check = new ReadCheck(pageSize);
  const attempt = ++counter.attempts;
  let cursor: string | undefined;
  do {
    checkSignal(options.signal);
    counter.calls += 1;
    const cap = check.replyCap();
    const page = await check.request(() => api.listPage(cursor, pageSize, cap));
    cursor = check.take(page);
    options.onPage?.(page.items, attempt);
  } while (cursor !== undefined);
  check.finish();
  return check.items;
}

/**
 * Every transformation of the workspace, proven complete: totalEntries (when given) matches the
 * unique ids read and never changes between pages, ids never repeat, cursors never come back, and
 * pages are bounded. A read that fails a check is made once more from the start (someone may have
 * written during it); a second failure is an IncompleteReadError, never a partial list (which a
 * plan would turn into creates of objects that exist).
 */
export async function listComplete(api: LiveApi, options: CompleteListOptions = {}): Promise<ListResult> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const counter = { calls: 0, attempts: 0 };
  const read = async (): Promise<ListResult> => ({ items: await readOnce(api, pageSize, options, counter), calls: counter.calls });
  let first: ReadProblem;
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ReadProblem)) throw error;
    first = error;
    options.logger?.warn({ problem: error.message }, "the list of transformations is not consistent; reading it again from the start");
  }
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ReadProblem)) throw error;
    throw new IncompleteReadError(
      `The list of transformations is incomplete: ${error.message}; a first read had failed too (${first.message}). ` +
        "Nothing was planned from it. Run again once nobody else writes to the workspace; if it persists, the API is misbehaving.",
    );
  }
}
