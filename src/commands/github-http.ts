import { IncompleteReadError, UsageError } from "../errors.js";
import { readCapped } from "../live/http-send.js";

/** Pages of one pull request's comments read at most: 100,000 comments, far beyond any real thread. */
export const MAX_COMMENT_PAGES = 1000;

export interface GitHubBounds {
  timeoutMs: number;
  maxReplyBytes: number;
  /** Aborts every request (Ctrl-C). */
  signal?: AbortSignal;
}

/**
 * A code host's API base URL (GitHub, GitLab): the --api-url flag, else the CI `variable`, else the
 * public API; trailing slashes dropped. Not http(s): a UsageError naming where the value came from.
 */
export function codeHostApiUrl(
  flagValue: string | undefined,
  variable: string,
  variableValue: string | undefined,
  publicApi: string,
): string {
  const [from, given] = flagValue !== undefined ? ["--api-url", flagValue] : variableValue ? [variable, variableValue] : ["", publicApi];
  const apiUrl = given.replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+/.test(apiUrl)) throw new UsageError(`${from} must be an http(s) URL, got "${given}".`);
  return apiUrl;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The fetch Octokit uses for `transync comment`: the bounds of the Segment client (http-send.ts),
 * so a GitHub (Enterprise) server that hangs, drips or sends an endless body cannot hold a CI job:
 * one timeout per request with the whole reply included, and the body counted while it streams.
 */
export function boundedFetch(bounds: GitHubBounds): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(bounds.timeoutMs);
    const signal = AbortSignal.any([timeout, ...[init?.signal, bounds.signal].filter((s): s is AbortSignal => s instanceof AbortSignal)]);
    try {
      const response = await fetch(input, { ...init, signal });
      const text = await readCapped(response, bounds.maxReplyBytes);
      return new Response(NO_BODY.has(response.status) ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (timeout.aborted) throw new Error(`request timed out after ${bounds.timeoutMs / 1000} s (--timeout)`);
      throw error;
    }
  };
}

/**
 * Follows a list's `Link: rel="next"` pages with an end: a next page already read (a cycle) or more
 * than MAX_COMMENT_PAGES pages is an IncompleteReadError, before that page is fetched.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private pages = 0;

  constructor(private readonly what: string) {}

  /** Called with each page's headers as it arrives. */
  check(headers: { link?: string }): void {
    this.next(/<([^<>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1]);
  }

  /** Called once per page read with the next page it names (a URL, a page number), if any. */
  next(next: string | undefined): void {
    this.pages += 1;
    if (next === undefined) return;
    if (this.seen.has(next))
      throw new IncompleteReadError(
        `${this.what}: the next page came back after ${this.pages} pages (the pages form a cycle); nothing was posted.`,
      );
    if (this.pages >= MAX_COMMENT_PAGES)
      throw new IncompleteReadError(`${this.what}: more than ${MAX_COMMENT_PAGES} pages; nothing was posted.`);
    this.seen.add(next);
  }
}
