import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A server that ignores `null` on PATCH, as some servers do: a proxy in front of the emulator that
 * drops null-valued fields from PATCH bodies and forwards everything else unchanged. When the
 * emulator's `compat: { patchNull: ignore }` mode exists, a test swaps this for
 * `startTestEmulator({ compat: { patchNull: "ignore" } })` and keeps its assertions.
 */
export async function startNullIgnoringServer(upstream: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void forward(upstream, req).then(
      ({ status, type, text }) => {
        res.writeHead(status, type ? { "content-type": type } : {});
        res.end(text);
      },
      () => {
        res.writeHead(502);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function forward(upstream: string, req: IncomingMessage): Promise<{ status: number; type: string | null; text: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body = chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : undefined;
  if (req.method === "PATCH" && body) {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    body = JSON.stringify(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null)));
  }
  const headers: Record<string, string> = {};
  for (const name of ["authorization", "content-type", "accept"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const reply = await fetch(upstream + (req.url ?? "/"), { method: req.method, headers, body });
  return { status: reply.status, type: reply.headers.get("content-type"), text: await reply.text() };
}
