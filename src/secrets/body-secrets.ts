import { ValidationError } from "../errors.js";
import { isHashKeyVariable, unsetHashKeyMessage } from "../model/hash-key-variable.js";
import { MIN_SECRET_LENGTH, REDACTED, secretVariables } from "./redact.js";

/** A piece of a body string: text as it is, or a secret as the variable it is the value of. */
export type BodySecretPart = string | { fromEnv: string };

/**
 * A string of an action's body that held a secret of the plan's run, as a saved plan carries it
 * (docs/gitops.md, "Saved plans"): the body shows it as the shown plan does (`[redacted]` for each
 * secret) and this says where each secret goes back, by its variable, which apply reads where it runs.
 */
export interface BodySecret {
  /** Keys and indexes from the body down to the string (`["name"]`, `["hashPropertiesConfiguration", "paths", 0]`). */
  path: Array<string | number>;
  parts: BodySecretPart[];
}

/** What sealing and opening read of a plan (`Plan`, src/plan/types.ts); said here, not imported: this room sits below the plan. */
export interface SealablePlan {
  actions: ReadonlyArray<{ name: string; body?: unknown; bodySecrets?: BodySecret[] }>;
  digest: string;
}

/** A secret in a body whose variable a saved plan may not name (only hash key variables are read back by apply). */
export interface UnsealableSecret {
  name: string;
  path: Array<string | number>;
  variable: string;
}

type Secrets = ReadonlyArray<{ variable: string; value: string }>;

/**
 * The plan as `plan --out` saves it: each body string holding the value of a secret variable of `env` shown
 * `[redacted]`, as the shown plan shows it, with `bodySecrets` saying which variable each was, and the digest
 * made again by `digestOf` (the plan's own planDigest). The same object when no body holds one, so a plan
 * without secrets is byte for byte what it was. `unsealable` lists the secrets whose variable apply will
 * not read back (anything but `TRANSYNC_KEY_*`): sealed as well, so the plan never carries them.
 */
export function sealBodySecrets<P extends SealablePlan>(
  plan: P,
  env: NodeJS.ProcessEnv,
  digestOf: (plan: object) => string,
): { plan: P; unsealable: UnsealableSecret[] } {
  const secrets = secretsOf(env);
  const unsealable: UnsealableSecret[] = [];
  let sealed = false;
  const actions = plan.actions.map((action) => {
    if (action.body === undefined || !holdsSecret(action.body, secrets)) return action;
    const found: BodySecret[] = [];
    const body = mapStrings(action.body, [], (text, path) => {
      const parts = splitSecrets(text, secrets);
      if (parts.every((p) => typeof p === "string")) return text;
      found.push({ path, parts });
      for (const p of parts)
        if (typeof p !== "string" && !isHashKeyVariable(p.fromEnv)) unsealable.push({ name: action.name, path, variable: p.fromEnv });
      return shown(parts);
    });
    if (found.length === 0) return action;
    sealed = true;
    return { ...action, body, bodySecrets: found };
  });
  if (!sealed) return { plan, unsealable };
  const { digest: _stale, ...rest } = { ...plan, actions };
  return { plan: { ...rest, digest: digestOf(rest) } as unknown as P, unsealable };
}

/**
 * A saved plan's bodies as apply sends them: each `bodySecrets` string made again from its parts, each secret
 * read from its variable in `env`. Refused (ValidationError, before any write): a variable that is not a hash
 * key variable, one that is unset, or parts that do not make the string the body shows.
 */
export function openBodySecrets<P extends SealablePlan>(plan: P, env: NodeJS.ProcessEnv, source: string): P {
  if (!plan.actions.some((a) => a.bodySecrets !== undefined)) return plan;
  const actions = plan.actions.map((action, i) => {
    const { bodySecrets, ...rest } = action;
    if (bodySecrets === undefined) return action;
    const where = `${source} /actions/${i} ("${action.name}")`;
    const opened = new Map(bodySecrets.map((s) => [JSON.stringify(s.path), s]));
    if (opened.size < bodySecrets.length)
      throw new ValidationError(`${where}: bodySecrets names one text of its body twice; was it edited by hand?`);
    const body = mapStrings(action.body, [], (text, path) => {
      const secret = opened.get(JSON.stringify(path));
      if (secret === undefined) return text;
      opened.delete(JSON.stringify(path));
      if (shown(secret.parts) !== text)
        throw new ValidationError(
          `${where}: bodySecrets at ${path.join(".")} does not make the text its body shows; was it edited by hand?`,
        );
      return secret.parts.map((p) => (typeof p === "string" ? p : valueOf(p.fromEnv, env, where))).join("");
    });
    if (opened.size > 0)
      throw new ValidationError(
        `${where}: bodySecrets names ${[...opened.keys()].join(", ")}, which is no text of its body; was it edited by hand?`,
      );
    return { ...rest, body };
  });
  return { ...plan, actions };
}

/** The secret variables of `env` with a value the registry redacts, longest value first (a secret holding another is found whole), hash key variables first among equal values. */
function secretsOf(env: NodeJS.ProcessEnv): Secrets {
  return secretVariables(env)
    .map((variable) => ({ variable, value: env[variable]?.trim() ?? "" }))
    .filter((s) => s.value.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.value.length - a.value.length || Number(isHashKeyVariable(b.variable)) - Number(isHashKeyVariable(a.variable)));
}

/** Whether a string of `body` holds a secret: walked without copying, since almost no body does. */
function holdsSecret(body: unknown, secrets: Secrets): boolean {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (secrets.some((s) => node.includes(s.value))) return true;
    } else if (typeof node === "object" && node !== null) for (const value of Object.values(node)) stack.push(value);
  }
  return false;
}

/** `text` in pieces: the secrets found (leftmost first, the longest at a place) and the text between them. */
function splitSecrets(text: string, secrets: Secrets): BodySecretPart[] {
  const parts: BodySecretPart[] = [];
  let rest = text;
  for (;;) {
    let best: { at: number; secret: Secrets[number] } | undefined;
    for (const secret of secrets) {
      const at = rest.indexOf(secret.value);
      if (at >= 0 && (best === undefined || at < best.at)) best = { at, secret };
    }
    if (best === undefined) break;
    if (best.at > 0) parts.push(rest.slice(0, best.at));
    parts.push({ fromEnv: best.secret.variable });
    rest = rest.slice(best.at + best.secret.value.length);
  }
  if (rest !== "" || parts.length === 0) parts.push(rest);
  return parts;
}

/** The text a body shows for `parts`: each secret as `[redacted]`. */
function shown(parts: readonly BodySecretPart[]): string {
  return parts.map((p) => (typeof p === "string" ? p : REDACTED)).join("");
}

function valueOf(variable: string, env: NodeJS.ProcessEnv, where: string): string {
  if (!isHashKeyVariable(variable))
    throw new ValidationError(
      `${where}: its body held the value of ${variable}, a secret a saved plan does not carry and apply reads back only from a hash key variable (TRANSYNC_KEY_*); apply from the documents (transync apply --env ...) or take the value out of the document.`,
    );
  const value = env[variable]?.trim();
  if (value === undefined || value === "")
    throw new ValidationError(`${where}: its body held a secret: ${unsetHashKeyMessage(variable, "nothing was applied")}.`);
  return value;
}

/** Deeper than any body's shape (the plan schema's): below it nothing is walked, so a hostile file cannot exhaust the stack. */
const MAX_BODY_DEPTH = 32;

/** A copy of a JSON value with each string (not keys) passed through `map` with its path. */
function mapStrings(value: unknown, path: Array<string | number>, map: (text: string, path: Array<string | number>) => string): unknown {
  if (typeof value === "string") return map(value, path);
  if (path.length >= MAX_BODY_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item: unknown, i) => mapStrings(item, [...path, i], map));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, [...path, k], map)]));
  return value;
}
