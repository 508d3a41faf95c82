import type { Octokit } from "@octokit/rest";
import { IncompleteReadError, RedirectRefusedError, UsageError } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import { readCapped } from "../live/http-send.js";
import { LIST_BUDGET, ListWalk } from "../live/list-budget.js";

export interface HostBounds {
  timeoutMs: number;
  maxReplyBytes: number;
  /** Told of each reply's size once read whole (a list walk counts its pages so). */
  onReplyBytes?: (bytes: number) => void;
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
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Redirects followed within the API's own origin before giving up (fetch's own limit is 20). */
const MAX_REDIRECTS = 5;

/**
 * The fetch Octokit uses for `transync comment`, and GitLab's client: the bounds of the Segment
 * client (http-send.ts), so a GitHub (Enterprise) or GitLab server that hangs, drips or sends an
 * endless body cannot hold a CI job: one timeout per request with the whole reply included, and the
 * body counted while it streams. Redirects are followed here, not by fetch: within the origin of
 * the request only. fetch would carry a `PRIVATE-TOKEN` (any header but `Authorization`) and a 307's
 * body to whatever origin `Location` names; a redirect to another origin is a RedirectRefusedError.
 */
export function boundedFetch(bounds: HostBounds): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(bounds.timeoutMs);
    const signal = AbortSignal.any([timeout, ...[init?.signal, bounds.signal].filter((s): s is AbortSignal => s instanceof AbortSignal)]);
    try {
      const response = await fetchInOrigin(requestUrl(input), { ...init, signal });
      const text = await readCapped(response, bounds.maxReplyBytes);
      bounds.onReplyBytes?.(text.length);
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

function requestUrl(input: Parameters<typeof fetch>[0]): URL {
  return new URL(input instanceof Request ? input.url : input.toString());
}

/** fetch with `redirect: "manual"`, following a redirect only to the origin the request went to. */
async function fetchInOrigin(url: URL, init: RequestInit): Promise<Response> {
  let current = url;
  let request = init;
  for (let hops = 0; ; hops++) {
    const response = await fetch(current, { ...request, redirect: "manual" });
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = URL.canParse(location, current.href) ? new URL(location, current) : undefined;
    if (next === undefined) throw new RedirectRefusedError(`${url.origin} answered ${response.status} with a Location that is not a URL`);
    if (next.origin !== url.origin) throw new RedirectRefusedError(redirectRefused(response.status, url, next));
    if (hops >= MAX_REDIRECTS) throw new RedirectRefusedError(`${url.origin} redirected more than ${MAX_REDIRECTS} times in a row`);
    // As fetch does: a 303, or a 301/302 of a POST, is followed by a GET without the body.
    const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST");
    request = toGet ? { ...request, method: "GET", body: undefined } : request;
    current = next;
  }
}

function redirectRefused(status: number, from: URL, to: URL): string {
  return (
    `${from.origin} answered ${status}, a redirect to another origin (${escapeControls(to.origin)}); transync does not follow it, ` +
    "so neither the token nor the request goes there. Check --api-url and the CI variable that sets it"
  );
}

/**
 * Follows a list's pages (a pull request's comments, a merge request's notes) with an end: the
 * byte, object and page budget of every list walk (LIST_BUDGET, src/live/list-budget.ts),
 * and a next page already read (a cycle) is an IncompleteReadError, before that page is fetched.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private readonly walk: ListWalk;
  private pages = 0;

  constructor(
    private readonly what: string,
    /** The list's endpoint, as the budget's error names it: `GET /repos/o/r/issues/1/comments`. */
    endpoint: string,
  ) {
    this.walk = new ListWalk(endpoint, LIST_BUDGET);
  }

  /** Before a page is asked for: the bytes its reply may hold. */
  replyCap(): number {
    return this.walk.replyCap();
  }

  /** One page's request; a reply cut at its cap is the budget's error. */
  page<T>(request: () => Promise<T>): Promise<T> {
    return this.walk.page(request);
  }

  /** Each page as it arrives: its size, its objects, and the next page it names (a URL, a page number), if any. */
  take(bytes: number, objects: number, next: string | undefined): void {
    this.walk.take(bytes, objects);
    this.pages += 1;
    if (next === undefined) return;
    if (this.seen.has(next))
      throw new IncompleteReadError(
        `${this.what}: the next page came back after ${this.pages} pages (the pages form a cycle); nothing was posted.`,
      );
    this.seen.add(next);
    this.walk.replyCap(); // the page bound, before the next page is fetched
  }
}

/** The `Link: <…>; rel="next"` of a GitHub list reply. */
function nextLink(headers: { link?: string }): string | undefined {
  return /<([^<>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1];
}

/** A pull request's comments, and the bounds of reading them. */
export interface CommentsOf {
  owner: string;
  repo: string;
  pr: number;
  env: string | undefined;
  bounds: HostBounds;
}

type IssueComment = Awaited<ReturnType<Octokit["rest"]["issues"]["listComments"]>>["data"][number];

/**
 * The pull request's comment pages, `Link: rel="next"` after `Link`, within the list budget of
 * PageGuard: each reply is read with a cap of what the walk has left, counted as it streams.
 */
export async function* commentPages(octokit: Octokit, where: CommentsOf): AsyncGenerator<IssueComment[]> {
  const { owner, repo, pr } = where;
  const guard = new PageGuard(`the comments of ${owner}/${repo}#${pr}`, `GET /repos/${owner}/${repo}/issues/${pr}/comments`);
  let next: string | undefined;
  do {
    let bytes = 0;
    const fetch = boundedFetch({ ...where.bounds, maxReplyBytes: guard.replyCap(), onReplyBytes: (n) => (bytes = n) });
    const url = next;
    const page = await guard.page(() =>
      url === undefined
        ? octokit.rest.issues.listComments({ owner, repo, issue_number: pr, per_page: 100, request: { fetch } })
        : octokit.request<IssueComment[]>({ method: "GET", url, request: { fetch } }),
    );
    next = nextLink(page.headers);
    const comments = Array.isArray(page.data) ? page.data : [];
    guard.take(bytes, comments.length, next);
    yield comments;
  } while (next !== undefined);
}
