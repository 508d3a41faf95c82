/**
 * Room src/secrets/: on the ground floor, everything that knows a secret: the registry and the
 * redacting stream (redact.ts), the forms a secret takes (secret-forms.ts), and redaction of cut
 * text, JSON, plans and git URLs. May import: the ground floor.
 *
 * The last fence for secrets: every byte the CLI writes (stdout, stderr, logs) passes through a
 * redacting stream that replaces each registered secret with `[redacted]`. The layers below
 * already keep secrets out of messages; this catches what they miss (a server echoing the token
 * in a field nobody scrubbed, a hash key quoted in an error).
 */

import { secretForms } from "./secret-forms.js";
import { isHashKeyVariable } from "../model/hash-key-variable.js";
import { isNotifyVariable } from "../model/notify-target.js";

export const REDACTED = "[redacted]";
/** Shorter values are ignored: redacting "abc" everywhere would mangle output and hide nothing. */
export const MIN_SECRET_LENGTH = 6;

/** Secrets known to this run; more are added while it runs (e.g. hash keys read from env vars). */
export class SecretRegistry {
  /** Longest first, so a secret containing another is replaced whole. */
  private secrets: string[] = [];

  /** Registers `value` in every form transync's encoders could write it (JSON, HTML, Markdown, XML, URL). */
  add(value: string | undefined): void {
    const secret = value?.trim();
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH || this.secrets.includes(secret)) return;
    const forms = secretForms(secret).filter((form) => !this.secrets.includes(form));
    this.secrets = [...this.secrets, ...forms].sort((a, b) => b.length - a.length);
  }

  /**
   * Each whole secret (in each of its forms) replaced, and nothing else: whether a string is a piece
   * of a secret must not show in the output, or a document could probe for one. A secret cut short
   * by transync is redacted before the cut (src/secrets/redact-cuts.ts).
   */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }
}

/** What the CLI writes to; `columns` is read by the progress line of apply. */
export interface WritableText {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * `target` with every write redacted. A secret split across two writes would pass; the CLI writes
 * whole lines and whole documents, so each secret arrives in one write.
 */
export function redactingStream(target: WritableText, secrets: SecretRegistry): WritableText & { isTTY?: boolean; columns?: number } {
  return {
    write: (chunk: string) => target.write(secrets.redact(typeof chunk === "string" ? chunk : String(chunk))),
    get isTTY() {
      return target.isTTY;
    },
    get columns() {
      return target.columns;
    },
  };
}

/** Environment variables whose values are secrets from the start of a run. */
export const SECRET_ENV_VARS = ["SEGMENT_API_TOKEN", "GITHUB_TOKEN", "GITLAB_TOKEN"] as const;

/** Environments' own tokens (`tokenEnv` in transync.yaml): SEGMENT_API_TOKEN_<anything>. */
const ENVIRONMENT_TOKEN_VAR = /^SEGMENT_API_TOKEN_[A-Za-z0-9_]+$/;

/**
 * The secrets of the environment: the token, every environment's token (`SEGMENT_API_TOKEN_*`),
 * GITHUB_TOKEN, GITLAB_TOKEN, every hash key variable (`TRANSYNC_KEY_*`, the only ones a hash key may come
 * from) and every notification variable (`TRANSYNC_NOTIFY_*`: a webhook's URL is its own credential, and
 * its signing key), all from the start, whichever environment runs, so that text cut before a command reads
 * its documents is redacted too.
 */
export function secretsFromEnv(env: NodeJS.ProcessEnv): SecretRegistry {
  const secrets = new SecretRegistry();
  for (const name of secretVariables(env)) secrets.add(env[name]);
  return secrets;
}

/** The names of the variables of `env` whose values are secrets from the start of a run (secretsFromEnv), in the order it adds them. */
export function secretVariables(env: NodeJS.ProcessEnv): string[] {
  const named = Object.keys(env)
    .sort()
    .filter((name) => isHashKeyVariable(name) || ENVIRONMENT_TOKEN_VAR.test(name) || isNotifyVariable(name));
  return [...SECRET_ENV_VARS, ...named];
}
