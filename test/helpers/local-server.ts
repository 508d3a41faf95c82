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
