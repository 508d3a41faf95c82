import { UsageError } from "../errors.js";
import { allowedHosts, checkProjectApiHost } from "./api-hosts.js";
import { beforeCut } from "../secrets/redact-cuts.js";

export const DEFAULT_API_URL = "https://api.segmentapis.com";
export const DEFAULT_MAX_RETRIES = 5;
export const DEFAULT_RETRY_BUDGET_SECONDS = 60;
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_TIMEOUT_MS = DEFAULT_TIMEOUT_SECONDS * 1000;
/** 32 MiB: a list page of 200 transformations is well under 1 MiB; more is a broken or hostile server. */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;
export const TOKEN_ENV = "SEGMENT_API_TOKEN";
export const URL_ENV = "SEGMENT_API_URL";

/** Everything the HTTP client needs. `token` must never be logged or put in a message. */
export interface ApiSettings {
  /** Base URL without a trailing slash, e.g. `https://api.segmentapis.com`. */
  baseUrl: string;
  token: string;
  /** The environment variable `token` was read from (SEGMENT_API_TOKEN or the environment's tokenEnv): what messages about the token name. */
  tokenEnv: string;
  /**
   * `--rate`: a ceiling, requests per second; undefined (the default) means none. The speed itself
   * comes from what the server says (src/live/pacer.ts, docs/pacing.md).
   */
  rate?: number;
  maxRetries: number;
  /** Total time one call may spend waiting between its attempts. */
  retryBudgetMs: number;
  /** Timeout of one HTTP attempt, the whole reply included (`--timeout`). */
  timeoutMs: number;
  /** Cap of one reply's body, counted after decompression while it streams in. */
  maxReplyBytes: number;
  /** The environment's workspace: nothing but `GET /` is sent until the token is proven to reach it. */
  workspace?: WorkspaceExpectation;
}

export interface ApiFlagValues {
  apiUrl?: string;
  rate?: number;
  maxRetries?: number;
  retryBudget?: number;
  /** Seconds one HTTP attempt may take, reply included. */
  timeout?: number;
  /** Hosts (`HOST` or `HOST:PORT`) an API URL from transync.yaml may name besides Segment's own. */
  allowApiHost?: string[];
}

/**
 * What transync.yaml binds an environment to (the base's file, in a pull request): the variable that
 * holds its token and the workspace that token must reach.
 */
export interface EnvironmentBinding {
  /** The environment's name, for messages. */
  env: string;
  /** SEGMENT_API_TOKEN or SEGMENT_API_TOKEN_* (the schema allows no other); default SEGMENT_API_TOKEN. */
  tokenEnv?: string;
  /**
   * Which key of transync.yaml named `tokenEnv`, for messages: `planTokenEnv` for a command that only
   * reads, else `tokenEnv`. Absent: `tokenEnv`.
   */
  tokenKey?: TokenKey;
  /** For a write: the environment's read variable (`planTokenEnv`), named when the write token is missing. */
  planTokenEnv?: string;
  /** Slug or id of the workspace; checked with `GET /` before any other call. */
  workspace?: string;
}

/** The key of transync.yaml a token variable comes from: the write token's or the read token's. */
export type TokenKey = "tokenEnv" | "planTokenEnv";

/**
 * What a command does with the token: `read` (plan, drift, import, test --check-with-segment) reads the
 * environment's `planTokenEnv` when set; `write` (apply, reconcile) always reads `tokenEnv`.
 */
export type TokenUse = "read" | "write";

/** The project file's part in where the client goes: its API URL and the environment's binding. */
export interface ApiTarget {
  apiUrl: string | undefined;
  binding?: EnvironmentBinding;
}

/** The workspace a client must reach before it sends anything else (see HttpLiveApi). */
export interface WorkspaceExpectation {
  expected: string;
  env: string;
  tokenEnv: string;
}

export interface ResolveApiSettingsInput {
  flags: ApiFlagValues;
  env: NodeJS.ProcessEnv;
  projectApiUrl?: string;
  binding?: EnvironmentBinding;
}

/** A URL with any `user:password@` removed, for messages. Unparsable text is shortened, not echoed whole. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    url.username = "";
    url.password = "";
    return url.toString();
  } catch {
    return beforeCut(text)
      .replace(/\/\/[^/@\s]*@/, "//")
      .slice(0, 200);
  }
}

function checkBaseUrl(raw: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The commonest cause of a URL that does not parse: a port out of range (`:99999`).
    const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(raw)?.[1];
    const why = port !== undefined && Number(port) > 65535 ? ` (port ${port} is over 65535)` : "";
    throw new UsageError(`${origin}: "${redactUrl(raw)}" is not a URL${why}; give an http(s) URL such as ${DEFAULT_API_URL}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UsageError(`${origin}: "${redactUrl(raw)}" must be an http:// or https:// URL.`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new UsageError(`${origin}: "${redactUrl(raw)}" must not carry credentials; the token comes from ${TOKEN_ENV}.`);
  }
  if (url.search !== "" || url.hash !== "") {
    throw new UsageError(`${origin}: "${redactUrl(raw)}" must not have a query or fragment.`);
  }
  return url.toString().replace(/\/+$/, "");
}

function pickBaseUrl(input: ResolveApiSettingsInput): string {
  const { flags, env, projectApiUrl } = input;
  // Parsed whatever the URL's source, so a mistyped allowance fails now rather than when it matters.
  const allowed = allowedHosts(flags.allowApiHost, env);
  if (flags.apiUrl !== undefined) return checkBaseUrl(flags.apiUrl, "--api-url");
  const fromEnv = env[URL_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return checkBaseUrl(fromEnv, URL_ENV);
  if (projectApiUrl !== undefined) {
    const fromProject = checkBaseUrl(projectApiUrl, "apiUrl in transync.yaml");
    checkProjectApiHost(fromProject, allowed);
    return fromProject;
  }
  return DEFAULT_API_URL;
}

/** Only SEGMENT_API_TOKEN or SEGMENT_API_TOKEN_*: a project file must not send another secret to the API. */
export const TOKEN_ENV_PATTERN = /^SEGMENT_API_TOKEN(?:_[A-Za-z0-9_]+)?$/;

function pickToken(env: NodeJS.ProcessEnv, binding: EnvironmentBinding | undefined): { token: string; tokenEnv: string } {
  const name = binding?.tokenEnv ?? TOKEN_ENV;
  const key = binding?.tokenKey ?? "tokenEnv";
  if (!TOKEN_ENV_PATTERN.test(name))
    throw new UsageError(
      `${key} of environment "${binding?.env}" must be ${TOKEN_ENV} or start with ${TOKEN_ENV}_; got "${name.slice(0, 80)}".`,
    );
  const token = env[name]?.trim();
  if (token === undefined || token === "") {
    throw new UsageError(
      `${name} is not set${whoseToken(binding)}; export a Segment Public API token in ${name} (it is never read from a flag or file).`,
    );
  }
  // A token with control characters or spaces cannot go in a header; fetch would echo it in its error.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError(
      `${name} contains characters a token cannot have (spaces, control or non-ASCII characters); check how it was exported.`,
    );
  }
  return { token, tokenEnv: name };
}

/** Whose token a missing variable is, as transync.yaml says: the read token, the write token, the environment's only one. */
function whoseToken(binding: EnvironmentBinding | undefined): string {
  if (binding === undefined) return "";
  if (binding.tokenKey === "planTokenEnv") return ` (the read token of environment "${binding.env}", planTokenEnv in transync.yaml)`;
  if (binding.planTokenEnv !== undefined) {
    const from = binding.tokenEnv !== undefined ? "tokenEnv in transync.yaml" : `transync.yaml sets no tokenEnv, so ${TOKEN_ENV}`;
    return (
      ` (the write token of environment "${binding.env}", ${from}; apply and reconcile read it. ` +
      `planTokenEnv ${binding.planTokenEnv} is read only by plan, import and test --check-with-segment)`
    );
  }
  return binding.tokenEnv !== undefined ? ` (the token of environment "${binding.env}", tokenEnv in transync.yaml)` : "";
}

function numberFlag(value: number | undefined, fallback: number, flag: string, check: (n: number) => boolean, want: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || !check(value)) throw new UsageError(`${flag} must be ${want}; got ${String(value)}.`);
  return value;
}

/** Settings by precedence flags > environment > project file > defaults. Throws UsageError. */
export function resolveApiSettings(input: ResolveApiSettingsInput): ApiSettings {
  const { flags } = input;
  const baseUrl = pickBaseUrl(input);
  const rate =
    flags.rate === undefined ? undefined : numberFlag(flags.rate, 0, "--rate", (n) => n > 0, "a number of requests per second above 0");
  const maxRetries = numberFlag(
    flags.maxRetries,
    DEFAULT_MAX_RETRIES,
    "--max-retries",
    (n) => Number.isInteger(n) && n >= 0,
    "a whole number, 0 or more",
  );
  const budgetSeconds = numberFlag(
    flags.retryBudget,
    DEFAULT_RETRY_BUDGET_SECONDS,
    "--retry-budget",
    (n) => n >= 0,
    "a number of seconds, 0 or more",
  );
  const timeoutSeconds = numberFlag(flags.timeout, DEFAULT_TIMEOUT_SECONDS, "--timeout", (n) => n > 0, "a number of seconds above 0");
  const { binding } = input;
  const { token, tokenEnv } = pickToken(input.env, binding);
  const retryBudgetMs = Math.round(budgetSeconds * 1000);
  const workspace = binding?.workspace !== undefined ? { workspace: { expected: binding.workspace, env: binding.env, tokenEnv } } : {};
  return {
    baseUrl,
    token,
    tokenEnv,
    ...(rate !== undefined ? { rate } : {}),
    maxRetries,
    retryBudgetMs,
    timeoutMs: Math.round(timeoutSeconds * 1000),
    maxReplyBytes: MAX_REPLY_BYTES,
    ...workspace,
  };
}
