import { startEmulator, type RunningEmulator } from "../../src/emulator/index.js";
import { seededRandom } from "../../src/emulator/faults.js";
import { createLogger } from "../../src/log.js";
import { envelopeProblem, rawRequest, type RawRequest } from "../emulator/raw-http.js";

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** An emulator already running; without it one is started (and stopped) for the run. */
  baseUrl?: string;
  /** Bearer token of a workspace of `baseUrl` (default `local-token`, the CLI emulator's default). */
  token?: string;
  /** Requests in flight (default 8). */
  concurrency?: number;
}

export interface FuzzResult {
  requests: number;
  /** Replies without the `{"errors":[...]}` envelope (or `data` on success), or no readable reply at all. */
  envelopeViolations: number;
  serverErrors: number;
  /** Replies that have no log line (only when the fuzz started the emulator and can read its log). */
  unlogged?: number;
  /** Up to 20 reproducible descriptions of what went wrong. */
  examples: string[];
}

const FUZZ_TOKEN = "fuzz-token";
const SEED_IDS = Array.from({ length: 20 }, (_, i) => `fz_${i}`);

/** A seeded HTTP fuzz of the emulator over raw sockets: every reply must carry the envelope, none may be a 5xx. */
export async function fuzzEmulator(opts: FuzzOptions): Promise<FuzzResult> {
  const logged = new Map<number, number>();
  const own = opts.baseUrl === undefined ? await startFuzzTarget(logged) : undefined;
  const baseUrl = opts.baseUrl ?? own!.url;
  // Made one at a time (bodies can be large), in order, from one PRNG: the same seed, the same requests.
  const cases = caseStream(opts.seed, opts.token ?? (own ? FUZZ_TOKEN : "local-token"));
  const received = new Map<number, number>();
  const result: FuzzResult = { requests: 0, envelopeViolations: 0, serverErrors: 0, examples: [] };
  const note = (text: string): void => void (result.examples.length < 20 && result.examples.push(text));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < opts.requests) {
      next += 1;
      const request = cases();
      const outcome = await rawRequest(baseUrl, request);
      result.requests += 1;
      const what = describe(request);
      if (!outcome.ok) {
        result.envelopeViolations += 1;
        note(`${what}: ${outcome.error}`);
        continue;
      }
      received.set(outcome.reply.status, (received.get(outcome.reply.status) ?? 0) + 1);
      const problem = envelopeProblem(request.method, outcome.reply);
      if (problem) {
        result.envelopeViolations += 1;
        note(`${what} -> ${outcome.reply.status}: ${problem}`);
      }
      if (outcome.reply.status >= 500) {
        result.serverErrors += 1;
        note(`${what} -> ${outcome.reply.status}: ${outcome.reply.body.slice(0, 120)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  } finally {
    await own?.close();
  }
  if (own) result.unlogged = [...received].reduce((sum, [status, n]) => sum + Math.max(0, n - (logged.get(status) ?? 0)), 0);
  return result;
}

/** The requests of a run: the same seed gives the same requests (to reproduce one). */
export function fuzzCases(seed: number, requests: number, token = FUZZ_TOKEN): RawRequest[] {
  const cases = caseStream(seed, token);
  return Array.from({ length: requests }, cases);
}

function caseStream(seed: number, token: string): () => RawRequest {
  const random = seededRandom(seed);
  return () => makeCase(random, token);
}

/** A short, readable account of a request (headers by name and size: no token). */
function describe(request: RawRequest): string {
  const headers = (request.headers ?? [])
    .filter(([k]) => !k.startsWith("X-Many-") || k === "X-Many-0")
    .map(([k, v]) => (k === "Authorization" ? k : k === "X-Many-0" ? "X-Many-*" : `${k}(${v.length > 40 ? `${v.length} chars` : v})`))
    .join(" ");
  const body =
    request.rawBody !== undefined
      ? `raw ${JSON.stringify(request.rawBody)}`
      : request.bodyBytes !== undefined
        ? `${request.bodyBytes} bytes`
        : request.body !== undefined
          ? `${String(request.body).length} chars`
          : "none";
  return `${request.method} ${request.target.slice(0, 100)} [${headers}] body: ${body}${request.chunked ? " chunked" : ""}`;
}

export async function startFuzzTarget(logged: Map<number, number>): Promise<RunningEmulator> {
  const destination = {
    write: (line: string) => {
      const record = JSON.parse(line) as { msg?: string; status?: number };
      if (record.msg === "request" && typeof record.status === "number") logged.set(record.status, (logged.get(record.status) ?? 0) + 1);
    },
  };
  const transformations = SEED_IDS.map((id, i) => ({ id, name: `Fuzz ${i}`, sourceId: "src_fuzz", enabled: true, if: `event = '${i}'` }));
  return startEmulator({
    port: 0,
    config: {
      workspaces: [
        {
          id: "ws_fuzz",
          slug: "fuzz",
          name: "Fuzz",
          tokens: [FUZZ_TOKEN],
          transformations,
          // One destination instance with seeded Destination Filters, so the filter routes are reached with known ids too.
          sources: [{ id: "src_fuzz", destinations: [{ id: FUZZ_DESTINATION, metadataId: "meta_fuzz", filters: FILTER_SEEDS }] }],
        },
      ],
      catalog: { destinations: [{ id: "meta_fuzz", slug: "fuzz", name: "Fuzz" }] },
    },
    logger: createLogger({ level: "info", destination }),
  });
}

const FUZZ_DESTINATION = "dst_fuzz";
const FILTER_SEEDS = SEED_IDS.slice(0, 3).map((id, i) => ({
  id: `flt_${id}`,
  title: `Filter ${i}`,
  if: "all",
  actions: [{ type: "DROP" as const }],
  enabled: true,
}));

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number): boolean => random() < p;
const int = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

const METHODS = [
  "GET",
  "GET",
  "GET",
  "POST",
  "POST",
  "PATCH",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
  "PUT",
  "TRACE",
  "PROPFIND",
  "PURGE",
  "get",
  "BREW",
  "CONNECT",
  "M-SEARCH",
];
const BAD_ESCAPES = ["%zz", "%", "%E0%A4", "%C0%AF", "%00", "%F", "%%", "%ff%fe", "%u0041"];
const GOOD_ESCAPES = ["%2F", "%20", "%C3%A9", "%3F", "%23", "%2E%2E"];

function makeCase(random: Random, token: string): RawRequest {
  const method = pick(random, METHODS);
  const request: RawRequest = {
    method,
    target: method === "CONNECT" ? "localhost:443" : makePath(random) + makeQuery(random),
    headers: makeHeaders(random, token),
    timeoutMs: 20_000,
  };
  addBody(random, request);
  if (request.rawBody === undefined && chance(random, 0.01)) {
    request.headers!.push(["Transfer-Encoding", "gzip, chunked"]);
    request.chunked = true;
  }
  return request;
}

function makeId(random: Random): string {
  switch (int(random, 0, 6)) {
    case 0:
      return pick(random, SEED_IDS);
    case 1:
      return "x".repeat(int(random, 256, 6000));
    case 2:
      return `id${pick(random, BAD_ESCAPES)}${int(random, 0, 99)}`;
    case 3:
      return `id${pick(random, GOOD_ESCAPES)}x`;
    case 4:
      return Math.floor(random() * 1e12).toString(36);
    case 5:
      return `${pick(random, SEED_IDS)}/${pick(random, ["", "x", "..", "%2e"])}`;
    default:
      return pick(random, ["", " ", "..", "*", "null", "%20", "a\tb"]);
  }
}

function makePath(random: Random): string {
  switch (int(random, 0, 9)) {
    case 8:
      return `/destination/${pick(random, [FUZZ_DESTINATION, FUZZ_DESTINATION, makeId(random)])}/filters`;
    case 9:
      return `/destination/${FUZZ_DESTINATION}/filters/${chance(random, 0.5) ? pick(random, FILTER_SEEDS).id : makeId(random)}`;
    case 0:
      return "/";
    case 1:
    case 2:
      return "/transformations";
    case 3:
    case 4:
      return `/transformations/${makeId(random)}`;
    case 5:
      return "/audit-events";
    case 6:
      return pick(random, [
        "*",
        "//",
        "/TRANSFORMATIONS",
        "/transformations//",
        "http://localhost/transformations",
        "/%zz",
        "/../etc/passwd",
        `/${"y".repeat(int(random, 100, 9000))}`,
      ]);
    default:
      return `/${pick(random, BAD_ESCAPES)}/${pick(random, GOOD_ESCAPES)}`;
  }
}

function makeQuery(random: Random): string {
  const deep = int(random, 1, 1500);
  const options = [
    "",
    "",
    "",
    `?pagination.count=${pick(random, ["1", "200", "201", "0", "-1", "1.5", "abc", "", "1e2", " 5 "])}`,
    `?pagination%5Bcount%5D=${int(random, -5, 300)}&pagination%5Bcursor%5D=${pick(random, ["MA==", "Mw==", "zz", "%zz", "", "AAAA", "LTE="])}`,
    `?pagination=${encodeURIComponent(pick(random, ['{"count":5}', '{"count":{"toString":1}}', '{"cursor":[]}', "[", "null", '"x"', `{"count":${"[".repeat(deep)}${"]".repeat(deep)}}`]))}`,
    `?pagination[count][a]=1&pagination=1&pagination=2`,
    `?pagination.cursor=${pick(random, BAD_ESCAPES)}`,
    `?startTime=${pick(random, ["2026-01-01T00:00:00Z", "garbage", "", "9".repeat(40)])}&resourceId=${makeId(random)}`,
    `?${pick(random, BAD_ESCAPES)}=${pick(random, BAD_ESCAPES)}&a=${"q".repeat(int(random, 0, 3000))}`,
  ];
  return pick(random, options);
}

function makeHeaders(random: Random, token: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const auth = int(random, 0, 9);
  if (auth < 7) headers.push(["Authorization", `Bearer ${token}`]);
  else if (auth === 7)
    headers.push(["Authorization", pick(random, ["Bearer", "Basic abc", "Bearer wrong-token", `Bearer ${token} extra`, ""])]);
  if (chance(random, 0.5))
    headers.push([
      "Accept",
      pick(random, ["application/json", "*/*", "text/html", "application/vnd.segment.v1+json", "", ";;;", "application/xml, */*;q=0.1"]),
    ]);
  if (chance(random, 0.5))
    headers.push([
      "Content-Type",
      pick(random, [
        "application/json",
        "text/plain",
        "",
        ";;;",
        "application/json; charset=latin1",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
      ]),
    ]);
  if (chance(random, 0.02)) headers.push(["X-Huge", "h".repeat(int(random, 16_500, 40_000))]);
  if (chance(random, 0.02)) for (let i = 0; i < int(random, 100, 400); i++) headers.push([`X-Many-${i}`, "v".repeat(60)]);
  if (chance(random, 0.02)) headers.push([pick(random, ["X-Bad\u0001", "X Space", ""]), "v"]);
  if (chance(random, 0.02)) headers.push(["Expect", pick(random, ["100-continue", "200-ok", ""])]);
  if (chance(random, 0.01)) headers.push(["Upgrade", "websocket"], ["Connection", "Upgrade"]);
  return headers;
}

function addBody(random: Random, request: RawRequest): void {
  const kind = int(random, 0, 19);
  if (kind < 6) return;
  const valid = { name: `F ${int(random, 0, 1e6)}`, sourceId: "src_fuzz", enabled: chance(random, 0.5), if: "event = 'x'" };
  const bodies = [
    () => JSON.stringify(valid),
    () => JSON.stringify({ ...valid, newEventName: null, propertyRenames: [{ oldName: "a", newName: "b" }] }),
    () => JSON.stringify({ enabled: "yes", extra: 1, name: 5 }),
    () =>
      JSON.stringify({
        sourceId: "src_fuzz",
        if: "type = 'identify'",
        actions: [{ type: "DROP" }],
        title: `T ${int(random, 0, 1e6)}`,
        enabled: true,
      }),
    () =>
      JSON.stringify({
        actions: [
          { type: "ALLOW_PROPERTIES", fields: { "": ["a b"], x: "y" } },
          { type: "SAMPLE", percent: 2 },
        ],
        if: "(",
      }),
    () => pick(random, ["{", "[1,2", "nul", '"x', "{'a':1}", "\u0000", "{}", "[]", "null", "1", '"s"', "\ud800"]),
    () => `{"name":${"[".repeat(int(random, 10, 20_000))}`,
    () => `{"propertyRenames":${"[".repeat(3000)}${"]".repeat(3000)}}`,
    () => JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { x: 1 } }, name: "p" }),
    () => JSON.stringify({ name: "n".repeat(int(random, 1000, 900_000)) }),
  ];
  if (kind < 18) {
    request.body = pick(random, bodies)();
    request.chunked = kind >= 16;
  } else if (kind === 18) {
    request.rawBody = pick(random, ["zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}\r\nq\r\n", "\r\n\r\n", "-1\r\n"]);
    request.headers!.push(["Transfer-Encoding", "chunked"]);
  } else if (chance(random, 0.3)) {
    // Oversize: 1.2 to 12 MB against the 1 MiB limit.
    request.bodyBytes = int(random, 1_200_000, 12 * 1024 * 1024);
    request.chunked = chance(random, 0.3);
  } else request.body = "{}";
}
