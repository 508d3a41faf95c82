import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiErrorObject } from "../model/transformation.js";
import { shorten } from "../secrets/redact-cuts.js";

/** A path the emulator serves (fastify's form, `/sources/:sourceId`) and the methods it answers there. */
export interface KnownPath {
  path: string;
  methods: string[];
}

/**
 * The table of known paths, filled by fastify's `onRoute` as the routes are registered (see
 * collectKnownPaths), so a route added later is known here without an edit.
 */
export class KnownPaths {
  private readonly entries: Array<KnownPath & { pattern: RegExp }> = [];

  add(path: string, methods: readonly string[]): void {
    let entry = this.entries.find((k) => k.path === path);
    if (!entry) this.entries.push((entry = { path, methods: [], pattern: patternOf(path) }));
    entry.methods.push(...methods.filter((m) => !entry.methods.includes(m)));
    entry.methods.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  }

  /** The entry whose path a request's path (without its query) matches. */
  find(path: string): KnownPath | undefined {
    return this.entries.find((k) => k.pattern.test(path));
  }

  list(): KnownPath[] {
    return this.entries.map(({ path, methods }) => ({ path, methods: [...methods] }));
  }
}

/**
 * Every route registered after this call joins the table: every other method on one of its paths is
 * a 405 with `Allow` (test/emulator/method-not-allowed.test.ts walks every path and method).
 */
export function collectKnownPaths(app: FastifyInstance): KnownPaths {
  const known = new KnownPaths();
  app.addHook("onRoute", (route) => known.add(route.url, Array.isArray(route.method) ? route.method : [route.method]));
  return known;
}

/** `Allow` lists methods in the order of the docs' tables, whatever order the routes were registered in. */
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const rank = (method: string): number => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : METHOD_ORDER.length);

/** `/sources/:sourceId` -> `^/sources/[^/]+/?$`: a parameter is one segment; a trailing slash is ignored, as the router does. */
function patternOf(path: string): RegExp {
  const body = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body === "" ? "" : body.replace(/\/$/, "")}/?$`);
}

/**
 * The reply to a request no route took: 405 with `Allow` on a known path, else 404. Also the
 * answer when such a request failed before the not-found handler (its body did not parse): the
 * route decides first, as docs/emulator.md orders the checks.
 */
export function unroutedReply(known: KnownPaths, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0] ?? "/";
  const entry = known.find(path);
  const method = shorten(request.method, 20);
  if (entry) {
    const allow = entry.methods.join(", ");
    const error: ApiErrorObject = { type: "MethodNotAllowed", message: `${method} is not allowed on ${shorten(path, 200)}; use ${allow}` };
    void reply
      .status(405)
      .header("allow", allow)
      .send({ errors: [error] });
    return;
  }
  void reply.status(404).send({ errors: [{ type: "NotFound", message: `no route ${method} ${shorten(path, 200)}` }] });
}
