import type { IncomingHttpHeaders, Server } from "node:http";
import { closeLocally, listenLocally } from "./local-server.js";

/** One post as the receiver got it: its headers and its raw body. */
export interface ReceivedPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A notification receiver on 127.0.0.1 (node:http, no mock): it keeps every post whole and answers
 * as `answer` says: `ok` (200), `fail` (500), `redirect` (307 to `/elsewhere` on itself), or `hang`
 * (never answers; cut when the test ends).
 */
export class NotifyReceiver {
  readonly posts: ReceivedPost[] = [];
  answer: "ok" | "fail" | "hang" | "redirect" = "ok";
  url = "";
  private server?: Server;

  async start(): Promise<string> {
    ({ server: this.server, url: this.url } = await listenLocally((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        this.posts.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        if (this.answer === "hang") return;
        if (this.answer === "redirect") return void res.writeHead(307, { location: `${this.url}/elsewhere` }).end();
        res.writeHead(this.answer === "ok" ? 200 : 500, { "content-type": "text/plain" }).end(this.answer);
      });
    }));
    return this.url;
  }

  async stop(): Promise<void> {
    await closeLocally(this.server);
  }
}
