/**
 * The "second client": edits live state directly over HTTP, as a person in the Segment UI would,
 * and checks that every error reply it gets carries the `{"errors":[...]}` envelope.
 */
export interface HandReply {
  status: number;
  body: unknown;
}

export class HandClient {
  requests = 0;
  envelopeViolations: string[] = [];

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  /** One call; a dropped connection resolves to status 0 (an injected fault, not an error of ours). */
  async call(method: string, path: string, body?: unknown): Promise<HandReply> {
    this.requests += 1;
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json", accept: "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return { status: 0, body: undefined };
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (response.status >= 400 && !hasEnvelope(parsed)) this.envelopeViolations.push(`${method} ${path} -> ${response.status}`);
    return { status: response.status, body: parsed };
  }

  /** Every live object, by plain paging (only used between applies, when the list is quiet). */
  async listAll(): Promise<Array<Record<string, unknown>>> {
    const all: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const query = `pagination.count=200${cursor ? `&pagination.cursor=${encodeURIComponent(cursor)}` : ""}`;
      const reply = await this.call("GET", `/transformations?${query}`);
      if (reply.status !== 200) throw new Error(`hand list failed with ${reply.status}`);
      const data = (reply.body as { data: { transformations: Array<Record<string, unknown>>; pagination: { next?: string | null } } }).data;
      all.push(...data.transformations);
      cursor = data.pagination.next ?? undefined;
      if (cursor === undefined) return all;
    }
    throw new Error("hand list did not end in 1000 pages");
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `{"errors":[{type, message}, ...]}` with at least one error. */
export function hasEnvelope(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const errors = (body as { errors?: unknown }).errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (e) =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as { type?: unknown }).type === "string" &&
        typeof (e as { message?: unknown }).message === "string",
    )
  );
}
