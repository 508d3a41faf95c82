import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalHttpFake } from "../helpers/local-server.js";

export interface FakeComment {
  id: number;
  body: string;
  /** The login of the account that wrote it. */
  author: string;
}

/** The account Actions' GITHUB_TOKEN comments as. */
export const ACTIONS_BOT = "github-actions[bot]";

export interface LoggedRequest {
  method: string;
  path: string;
  authorization?: string;
}

/**
 * A tiny GitHub REST API over HTTP: issue comments of one repository (each with its author), with
 * pagination by Link header, `GET /user`, a request log, and scriptable error replies.
 */
export class FakeGitHub extends LocalHttpFake {
  readonly comments = new Map<number, FakeComment[]>();
  readonly requests: LoggedRequest[] = [];
  /** Replies served instead of the real ones, in order (one per request). */
  readonly faults: Array<{ status: number; message: string }> = [];
  pageSize = 2;
  /**
   * The token's own account: `GET /user` answers it, and comments are posted as it. Undefined: as
   * Actions' GITHUB_TOKEN, `GET /user` is refused (403) and comments are by github-actions[bot].
   */
  tokenLogin: string | undefined = undefined;
  /** A reply `GET /user` gives instead (a broken token, a server error). */
  userReply: { status: number; message: string } | undefined = undefined;
  private nextId = 1000;

  constructor(readonly slug = "acme/segment-config") {
    super();
  }

  /** The account the token posts as. */
  get poster(): string {
    return this.tokenLogin ?? ACTIONS_BOT;
  }

  /** Comments already on the pull request; by the token's own account unless `author` says otherwise. */
  seed(pr: number, bodies: string[], author = this.poster): void {
    const list = this.comments.get(pr) ?? [];
    for (const body of bodies) list.push({ id: this.nextId++, body, author });
    this.comments.set(pr, list);
  }

  protected serve(req: IncomingMessage, res: ServerResponse, url: URL, text: string): void {
    this.requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    const fault = this.faults.shift();
    if (fault) return send(res, fault.status, { message: fault.message, documentation_url: "https://docs.github.com/rest" });
    const body = text ? (JSON.parse(text) as { body?: string }) : {};
    if (url.pathname === "/user" && req.method === "GET") {
      if (this.userReply) return send(res, this.userReply.status, { message: this.userReply.message });
      return this.tokenLogin === undefined
        ? send(res, 403, { message: "Resource not accessible by integration" })
        : send(res, 200, { login: this.tokenLogin, id: 1 });
    }
    const prefix = `/repos/${this.slug}/issues`;
    const list = /^\/(\d+)\/comments$/.exec(url.pathname.slice(prefix.length));
    const one = /^\/comments\/(\d+)$/.exec(url.pathname.slice(prefix.length));
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { message: "Not Found" });
    if (list && req.method === "GET") return this.list(res, url, Number(list[1]));
    if (list && req.method === "POST") {
      const comment = { id: this.nextId++, body: body.body ?? "", author: this.poster };
      this.comments.set(Number(list[1]), [...(this.comments.get(Number(list[1])) ?? []), comment]);
      return send(res, 201, this.render(comment));
    }
    if (one && req.method === "PATCH") {
      const comment = [...this.comments.values()].flat().find((c) => c.id === Number(one[1]));
      if (!comment) return send(res, 404, { message: "Not Found" });
      comment.body = body.body ?? "";
      return send(res, 200, this.render(comment));
    }
    send(res, 404, { message: "Not Found" });
  }

  private list(res: ServerResponse, url: URL, pr: number): void {
    const all = this.comments.get(pr) ?? [];
    const page = Number(url.searchParams.get("page") ?? "1");
    const pages = Math.max(1, Math.ceil(all.length / this.pageSize));
    const slice = all.slice((page - 1) * this.pageSize, page * this.pageSize);
    if (page < pages) {
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      res.setHeader("link", `<${next.toString()}>; rel="next"`);
    }
    send(
      res,
      200,
      slice.map((c) => this.render(c)),
    );
  }

  private render(comment: FakeComment): object {
    return {
      id: comment.id,
      body: comment.body,
      user: { login: comment.author },
      html_url: `https://github.com/${this.slug}/pull/1#issuecomment-${comment.id}`,
    };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
