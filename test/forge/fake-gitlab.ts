import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalHttpFake } from "../helpers/local-server.js";

export interface FakeNote {
  id: number;
  body: string;
  /** The user who wrote it. */
  author: { id: number; username: string };
  /** GitLab's own notes ("added 1 commit"). */
  system?: boolean;
}

export interface LoggedGitLabRequest {
  method: string;
  path: string;
  privateToken?: string;
  jobToken?: string;
}

/** The user a project access token acts as (GitLab creates one bot user per token). */
export const TOKEN_USER = { id: 77, username: "project_42_bot_abc" };

/**
 * A tiny GitLab REST API (v4) over HTTP: the notes of one project's merge requests (each with its
 * author), paged as GitLab pages them (`x-next-page`, `x-total-pages`, `Link`), `GET /user`, a
 * request log, and scriptable error replies. Only `PRIVATE-TOKEN` equal to `token` is accepted;
 * a `JOB-TOKEN` is refused on these endpoints, as GitLab refuses CI_JOB_TOKEN there.
 */
export class FakeGitLab extends LocalHttpFake {
  readonly notes = new Map<number, FakeNote[]>();
  readonly requests: LoggedGitLabRequest[] = [];
  /** Replies served instead of the real ones, in order (one per request). */
  readonly faults: Array<{ status: number; body: unknown }> = [];
  pageSize = 2;
  /** Sends `Link` headers too (GitLab does; some proxies drop them). */
  linkHeaders = true;
  /** A broken server: every page names this one as the next. */
  stuckNextPage: string | undefined = undefined;
  private nextId = 5000;

  constructor(
    readonly projectId = "42",
    readonly token = "glpat-fakeTokenValue",
  ) {
    super();
  }

  get apiUrl(): string {
    return `${this.url}/api/v4`;
  }

  /** Notes already on the merge request; by the token's user unless `author` says otherwise. */
  seed(iid: number, bodies: string[], author: { id: number; username: string } = TOKEN_USER, system = false): void {
    const list = this.notes.get(iid) ?? [];
    for (const body of bodies) list.push({ id: this.nextId++, body, author, ...(system ? { system } : {}) });
    this.notes.set(iid, list);
  }

  protected serve(req: IncomingMessage, res: ServerResponse, url: URL, text: string): void {
    const privateToken = header(req, "private-token");
    const jobToken = header(req, "job-token");
    this.requests.push({
      method: req.method ?? "",
      path: `${url.pathname}${url.search}`,
      ...(privateToken ? { privateToken } : {}),
      ...(jobToken ? { jobToken } : {}),
    });
    const fault = this.faults.shift();
    if (fault) return send(res, fault.status, fault.body);
    if (privateToken !== this.token)
      return jobToken ? send(res, 403, { message: "403 Forbidden" }) : send(res, 401, { message: "401 Unauthorized" });
    const body = text ? (JSON.parse(text) as { body?: string }) : {};
    if (url.pathname === "/api/v4/user" && req.method === "GET") return send(res, 200, { ...TOKEN_USER, name: "transync bot", bot: true });
    const prefix = `/api/v4/projects/${encodeURIComponent(this.projectId)}/merge_requests/`;
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { message: "404 Project Not Found" });
    const list = /^(\d+)\/notes$/.exec(url.pathname.slice(prefix.length));
    const one = /^(\d+)\/notes\/(\d+)$/.exec(url.pathname.slice(prefix.length));
    if (list && req.method === "GET") return this.list(res, url, Number(list[1]));
    if (list && req.method === "POST") {
      const note = { id: this.nextId++, body: body.body ?? "", author: TOKEN_USER };
      this.notes.set(Number(list[1]), [...(this.notes.get(Number(list[1])) ?? []), note]);
      return send(res, 201, note);
    }
    if (one && req.method === "PUT") {
      const note = (this.notes.get(Number(one[1])) ?? []).find((n) => n.id === Number(one[2]));
      if (!note) return send(res, 404, { message: "404 Not found" });
      // GitLab lets only a note's author edit it.
      if (note.author.id !== TOKEN_USER.id) return send(res, 403, { message: "403 Forbidden" });
      note.body = body.body ?? "";
      return send(res, 200, note);
    }
    send(res, 404, { message: "404 Not Found" });
  }

  private list(res: ServerResponse, url: URL, iid: number): void {
    const all = this.notes.get(iid) ?? [];
    const ordered = url.searchParams.get("sort") === "asc" ? all : [...all].reverse();
    const page = Number(url.searchParams.get("page") ?? "1");
    const pages = Math.max(1, Math.ceil(all.length / this.pageSize));
    const slice = ordered.slice((page - 1) * this.pageSize, page * this.pageSize);
    res.setHeader("x-page", String(page));
    res.setHeader("x-total-pages", String(pages));
    res.setHeader("x-next-page", this.stuckNextPage ?? (page < pages ? String(page + 1) : ""));
    if (page < pages && this.linkHeaders) {
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      res.setHeader("link", `<${next.toString()}>; rel="next"`);
    }
    send(res, 200, slice);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
