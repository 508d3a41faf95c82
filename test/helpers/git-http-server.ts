import { spawn } from "node:child_process";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { closeLocally, listenLocally } from "./local-server.js";

/**
 * A git smart-HTTP server for tests: git's own `git http-backend` (CGI) behind Basic authentication,
 * as GitHub or GitLab serve repositories over HTTPS. A request without the expected credentials
 * gets 401 with a Basic challenge (unless `open`: then anyone is served, as a public repository);
 * every Authorization header received is logged.
 */
export class GitHttpServer {
  readonly authorizations: Array<string | undefined> = [];
  private server?: Server;
  url = "";

  constructor(
    /** Folder holding the bare repositories (`<name>.git`). */
    readonly root: string,
    readonly user: string,
    readonly password: string,
    private readonly options: { open?: boolean } = {},
  ) {}

  async start(): Promise<string> {
    ({ server: this.server, url: this.url } = await listenLocally((req, res) => this.handle(req, res)));
    return this.url;
  }

  async stop(): Promise<void> {
    await closeLocally(this.server);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.authorizations.push(req.headers.authorization);
    const expected = `Basic ${Buffer.from(`${this.user}:${this.password}`).toString("base64")}`;
    if (!this.options.open && req.headers.authorization !== expected) {
      req.resume();
      res.writeHead(401, { "www-authenticate": 'Basic realm="git"', "content-type": "text/plain" }).end("unauthorized\n");
      return;
    }
    const url = new URL(req.url ?? "/", this.url);
    const cgi = spawn("git", ["http-backend"], {
      env: {
        PATH: process.env.PATH ?? "",
        GIT_PROJECT_ROOT: this.root,
        GIT_HTTP_EXPORT_ALL: "1",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? "GET",
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
        REMOTE_USER: this.user, // lets receive-pack (push) run
        REMOTE_ADDR: "127.0.0.1",
      },
      stdio: ["pipe", "pipe", "ignore"],
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    cgi.once("close", () => sendCgiReply(res, Buffer.concat(chunks)));
  }
}

/** A CGI reply (headers, a blank line, the body) as an HTTP response. */
function sendCgiReply(res: ServerResponse, output: Buffer): void {
  let end = output.indexOf("\r\n\r\n");
  let skip = 4;
  if (end === -1) {
    end = output.indexOf("\n\n");
    skip = 2;
  }
  const head = output.subarray(0, Math.max(end, 0)).toString().split(/\r?\n/);
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of head) {
    const [name = "", ...value] = line.split(":");
    if (name.toLowerCase() === "status") status = Number.parseInt(value.join(":").trim(), 10);
    else if (name) headers[name.trim()] = value.join(":").trim();
  }
  res.writeHead(status, headers).end(end === -1 ? output : output.subarray(end + skip));
}
