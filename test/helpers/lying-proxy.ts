import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How the proxy lies about writes. Reads always pass through untouched, so what transync reads back
 * is what the emulator really holds.
 */
export interface WriteLies {
  /** Every PATCH also sets these fields (e.g. `{ allowProperties: [] }`): the reply and the stored object both lose them. */
  patchAlsoSets?: Record<string, unknown>;
  /** Every DELETE is answered with this status (200 with `{data: {status: "SUCCESS"}}`, or 204) and never reaches the emulator. */
  deleteAnswers?: 200 | 204;
}

/** An HTTP proxy on 127.0.0.1 in front of an emulator, telling lies about writes (issue 21, item 11). */
export class LyingProxy {
  readonly seen: string[] = [];
  private server: Server | undefined;

  constructor(
    private readonly target: string,
    readonly lies: WriteLies,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    this.seen.push(`${method} ${req.url ?? ""}`);
    if (method === "DELETE" && this.lies.deleteAnswers !== undefined) {
      const status = this.lies.deleteAnswers;
      res.writeHead(status, status === 204 ? {} : { "content-type": "application/json" });
      return void res.end(status === 204 ? "" : JSON.stringify({ data: { status: "SUCCESS" } }));
    }
    if (method === "PATCH" && this.lies.patchAlsoSets) body = JSON.stringify({ ...(JSON.parse(body) as object), ...this.lies.patchAlsoSets });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string" && name !== "host" && name !== "content-length") headers[name] = value;
    const reply = await fetch(`${this.target}${req.url ?? "/"}`, { method, headers, ...(body !== "" ? { body } : {}) });
    res.writeHead(reply.status, { "content-type": reply.headers.get("content-type") ?? "application/json" });
    res.end(await reply.text());
  }
}
