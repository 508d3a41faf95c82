import { ApiError, NetworkError, TransyncError, UsageError } from "../errors.js";
import { commentMarkerEnv } from "../report/index.js";
import { transyncVersion } from "../version.js";
import { boundedFetch, codeHostApiUrl, PageGuard, type HostBounds } from "./host-http.js";
import { buildCommentBody, GITLAB_LIMIT } from "./comment-body.js";
import type { Upserted } from "./upserted.js";

/** Where the note goes: `POST`/`PUT {apiUrl}/projects/{project}/merge_requests/{iid}/notes`. */
export interface GitLabTarget {
  apiUrl: string;
  /** Numeric id or `group/name` path, as given (encoded in the URL). */
  project: string;
  iid: number;
  token: string;
  /** The merge request's page, for the output line (CI_MERGE_REQUEST_PROJECT_URL, else CI_PROJECT_URL). */
  webUrl?: string;
}

export interface GitLabNoteFlags {
  mr?: number;
  project?: string;
  apiUrl?: string;
}

const TOKEN_NEEDS =
  "a project or group access token (or a personal one) with the `api` scope and at least the Reporter role, in a masked CI/CD variable GITLAB_TOKEN (CI_JOB_TOKEN cannot post merge request notes)";

/** The target from the flags, else the variables GitLab sets in a merge-request pipeline. */
export function resolveGitLabTarget(env: NodeJS.ProcessEnv, flags: GitLabNoteFlags): GitLabTarget {
  const token = env.GITLAB_TOKEN;
  if (!token) throw new UsageError(`GITLAB_TOKEN is not set; create ${TOKEN_NEEDS}.`);
  const iidText = flags.mr !== undefined ? String(flags.mr) : env.CI_MERGE_REQUEST_IID || undefined;
  if (iidText === undefined)
    throw new UsageError("no merge request: pass --mr IID (CI_MERGE_REQUEST_IID is not set: is this a merge-request pipeline?).");
  if (!/^[1-9]\d{0,9}$/.test(iidText))
    throw new UsageError(`CI_MERGE_REQUEST_IID must be a merge request number, got ${JSON.stringify(iidText)}.`);
  // A fork's merge-request pipeline runs in the fork; the merge request (and its notes) is the target project's.
  const project = flags.project ?? (env.CI_MERGE_REQUEST_PROJECT_ID || env.CI_PROJECT_ID || undefined);
  if (project === undefined)
    throw new UsageError("no project: pass --project ID (or group/name); CI_MERGE_REQUEST_PROJECT_ID and CI_PROJECT_ID are not set.");
  if (!/^(\d+|[\w.-]+(\/[\w.-]+)+)$/.test(project))
    throw new UsageError(`--project must be a project id or its path (group/name), got ${JSON.stringify(project)}.`);
  const apiUrl = codeHostApiUrl(flags.apiUrl, "CI_API_V4_URL", env.CI_API_V4_URL, "https://gitlab.com/api/v4");
  const projectPage = (env.CI_MERGE_REQUEST_PROJECT_URL || env.CI_PROJECT_URL || "").replace(/\/+$/, "");
  const webUrl = /^https?:\/\/\S+$/.test(projectPage) ? `${projectPage}/-/merge_requests/${iidText}` : undefined;
  return { apiUrl, project, iid: Number(iidText), token, ...(webUrl ? { webUrl } : {}) };
}

interface Note {
  id: number;
  body?: string;
  system?: boolean;
  author?: { id?: number };
}

/**
 * Posts the markdown (marked, cut to GitLab's limit) as the merge request's note for its environment, or updates the one found by its
 * marker, only if the token's own user (`GET /user`) wrote it: anyone who can comment (the merge
 * request's author included) could plant a note with the marker and a fake plan.
 */
export async function upsertGitLabNote(target: GitLabTarget, markdown: string, bounds: HostBounds): Promise<Upserted> {
  const body = buildCommentBody(markdown, GITLAB_LIMIT);
  const safe = withoutQuickActions(body);
  const client = new GitLabClient(target, bounds);
  const notes = `/projects/${encodeURIComponent(target.project)}/merge_requests/${target.iid}/notes`;
  const where = `merge request !${target.iid} of project ${target.project}`;
  let user: Promise<number> | undefined;
  const ownId = (): Promise<number> =>
    (user ??= client.call<{ id: number }>("GET", "/user", "reading the token's own user (GET /user)").then((u) => u.data.id));
  const found = await findMarkedNote(client, notes, where, commentMarkerEnv(body), ownId);
  const note =
    found.id !== undefined
      ? await client.call<Note>("PUT", `${notes}/${found.id}`, `updating note ${found.id} on ${where}`, { body: safe })
      : await client.call<Note>("POST", notes, `posting a note on ${where}`, { body: safe });
  const url = target.webUrl ? `${target.webUrl}#note_${note.data.id}` : `note ${note.data.id}`;
  return { action: found.id !== undefined ? "updated" : "created", url, othersMarked: found.othersMarked };
}

/**
 * GitLab runs a note's lines that start with `/` as quick actions (`/approve`, `/label`, `/close`)
 * with the token's rights, except inside code blocks. Such a line outside a fence gets a backslash
 * (Markdown shows `\/` as `/`), so posting a plan can never act on the merge request.
 */
export function withoutQuickActions(body: string): string {
  let fence: string | undefined;
  return body
    .split("\n")
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker !== undefined && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === undefined ? marker : undefined;
        return line;
      }
      return fence === undefined ? line.replace(/^(\s*)\//, "$1\\/") : line;
    })
    .join("\n");
}

async function findMarkedNote(
  client: GitLabClient,
  path: string,
  where: string,
  env: string | undefined,
  ownId: () => Promise<number>,
): Promise<{ id?: number; othersMarked: number }> {
  const guard = new PageGuard(`the notes of ${where}`, `GET ${path}`);
  let othersMarked = 0;
  let query: Record<string, string> | undefined = { sort: "asc", order_by: "created_at", per_page: "100" };
  while (query) {
    const cap = guard.replyCap();
    const asked = query;
    const page = await guard.page(() => client.call<Note[]>("GET", path, `listing the notes of ${where}`, undefined, asked, cap));
    const notes = Array.isArray(page.data) ? page.data : [];
    // GitLab sends `x-next-page` (empty on the last page) on every list; `Link` may be left out.
    const next: string = page.headers.get("x-next-page") ?? "";
    query = /^\d+$/.test(next) ? { ...query, page: next } : undefined;
    guard.take(page.bytes, notes.length, query ? `page ${next}` : undefined);
    for (const note of notes) {
      if (note.system || commentMarkerEnv((note.body ?? "").trimStart()) !== env) continue;
      if (note.author?.id === (await ownId())) return { id: note.id, othersMarked };
      othersMarked += 1;
    }
  }
  return { othersMarked };
}

/** A few JSON calls to the GitLab REST API, bounded as the Segment client is; errors say what the token needs. */
class GitLabClient {
  constructor(
    private readonly target: GitLabTarget,
    private readonly bounds: HostBounds,
  ) {}

  /** One call; `maxReplyBytes` caps its reply below the bounds' cap (what a list walk has left). */
  async call<T>(
    method: string,
    path: string,
    what: string,
    body?: unknown,
    query?: Record<string, string>,
    maxReplyBytes = this.bounds.maxReplyBytes,
  ): Promise<{ data: T; headers: Headers; bytes: number }> {
    const url = `${this.target.apiUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ""}`;
    const headers: Record<string, string> = {
      "private-token": this.target.token,
      accept: "application/json",
      "user-agent": `transync/${transyncVersion()}`,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      const fetchBounded = boundedFetch({ ...this.bounds, maxReplyBytes: Math.min(this.bounds.maxReplyBytes, maxReplyBytes) });
      response = await fetchBounded(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (error) {
      if (error instanceof TransyncError) throw error;
      throw new NetworkError(
        `cannot reach GitLab at ${this.target.apiUrl} while ${what}: ${this.scrub(error instanceof Error ? error.message : String(error))}. Check --api-url / CI_API_V4_URL and the network.`,
        { cause: error },
      );
    }
    const text = await response.text();
    if (!response.ok)
      throw new ApiError(
        `GitLab replied ${response.status} while ${what}: ${this.scrub(replyMessage(text))}. ${hintFor(response.status)}`,
        response.status,
      );
    try {
      return { data: JSON.parse(text) as T, headers: response.headers, bytes: text.length };
    } catch {
      throw new ApiError(
        `GitLab replied ${response.status} while ${what}, but not with JSON; check --api-url / CI_API_V4_URL (it ends in /api/v4).`,
        response.status,
      );
    }
  }

  private scrub(text: string): string {
    return text.split(this.target.token).join("[redacted]");
  }
}

/** GitLab's error bodies: `{"message": "..."}`, `{"message": {"field": ["..."]}}` or `{"error": "..."}`; at most 300 characters. */
function replyMessage(text: string): string {
  let shown = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    const message = parsed.message ?? parsed.error;
    if (message !== undefined) shown = typeof message === "string" ? message : JSON.stringify(message);
  } catch {
    // not JSON: the text as it came
  }
  shown = shown.trim() || "(no message)";
  return shown.length > 300 ? `${shown.slice(0, 300)}…` : shown;
}

function hintFor(status: number): string {
  if (status === 401) return `GITLAB_TOKEN was refused: it is expired or revoked, or not an access token; use ${TOKEN_NEEDS}.`;
  if (status === 403)
    return "The token needs the `api` scope and at least the Reporter role on the project: a project or group access token (or a personal one); CI_JOB_TOKEN cannot post merge request notes.";
  if (status === 404)
    return "Check --mr and --project (CI_MERGE_REQUEST_IID, CI_MERGE_REQUEST_PROJECT_ID), and that the token's user is a member of the project.";
  if (status === 413 || status === 400) return "GitLab refused the note body.";
  if (status === 429) return "GitLab's rate limit: try again later.";
  return "Try again; if it persists, check the GitLab server's status.";
}
