import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An HTTP server for a test's fake, on a free port of 127.0.0.1, and its base URL. */
export async function listenLocally(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Stops a fake's server: open keep-alive connections are cut, so closing never waits on a client. */
export async function closeLocally(server: Server | undefined): Promise<void> {
  server?.closeAllConnections();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
}

/**
 * A test's fake HTTP API on 127.0.0.1 (a code host, a git server): `start()` gives its URL, `stop()`
 * closes it; each request reaches `serve` with its URL and its body, read whole.
 */
export abstract class LocalHttpFake {
  url = "";
  private server?: Server;

  async start(): Promise<string> {
    ({ server: this.server, url: this.url } = await listenLocally((req, res) => void this.receive(req, res)));
    return this.url;
  }

  async stop(): Promise<void> {
    await closeLocally(this.server);
  }

  protected abstract serve(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void;

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.serve(req, res, new URL(req.url ?? "/", this.url), Buffer.concat(chunks).toString());
  }
}
