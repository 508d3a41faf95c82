import type { Logger } from "../log.js";
import type { SecretRegistry } from "../secrets/redact.js";
import type { NotifyTarget } from "../model/notify-target.js";
import type { NotifyMessage } from "./messages.js";
import type { NotifyState } from "./state-file.js";
import { deliver, signature } from "./deliver.js";
import { slackBody } from "./slack.js";
import { transyncVersion } from "../version.js";
import { userMessage } from "../errors.js";

/** What a notifier needs of the command's context (CliContext has it all). */
export interface NotifyContext {
  env: NodeJS.ProcessEnv;
  secrets: SecretRegistry;
  logger: Logger;
  signal?: AbortSignal;
}

/**
 * Tells each target whose `events` and `environments` name a message's, once per digest: what a
 * target was last told of an environment's event is kept (NotifyState), and the same digest again is
 * not sent. Nothing here throws or changes a command's exit code: a target that cannot be told (its
 * variable unset, a refused connection, a timeout, a non-2xx answer) is logged, and told at the next run.
 */
export class Notifier {
  constructor(
    private readonly ctx: NotifyContext,
    private readonly state: NotifyState,
    private readonly timeoutMs: number,
  ) {}

  /** Tells `targets` of `message` (each once per digest; a heartbeat every time). */
  async send(targets: readonly NotifyTarget[], message: NotifyMessage): Promise<void> {
    for (const target of targets) {
      if (!target.events.includes(message.event) || !target.environments.includes(message.environment)) continue;
      try {
        await this.sendTo(target, message);
      } catch (error) {
        // The state file could not be written (the post went through): said, never the run's failure.
        this.ctx.logger.warn({ notification: target.name, reason: userMessage(error) }, "notification: could not record what was sent");
      }
    }
  }

  /**
   * Records `message` as what `targets` last saw without sending it: a clean drift check without
   * `--notify-clean`, so that the same drift coming back later is told again.
   */
  async settle(targets: readonly NotifyTarget[], message: NotifyMessage): Promise<void> {
    for (const target of targets) {
      if (!target.events.includes(message.event) || !target.environments.includes(message.environment)) continue;
      if (this.state.lastDigest(target.name, message.environment, message.event) === message.digest) continue;
      await this.record(target, message).catch((error: unknown) =>
        this.ctx.logger.warn({ notification: target.name, reason: userMessage(error) }, "notification: could not record the clean state"),
      );
    }
  }

  private async sendTo(target: NotifyTarget, message: NotifyMessage): Promise<void> {
    const log = this.ctx.logger;
    const where = { notification: target.name, event: message.event, environment: message.environment };
    if (!message.heartbeat && this.state.lastDigest(target.name, message.environment, message.event) === message.digest) {
      log.info(where, "notification: already sent for this digest; not sent again");
      return;
    }
    const url = this.urlOf(target);
    const secret = this.secretOf(target);
    if (url === undefined || secret === null) return;
    // The last fence: a token, hash key or notification secret that reached a name or a message is `[redacted]` here too.
    const body = this.ctx.secrets.redact(target.type === "slack" ? slackBody(message) : message.json);
    const headers = this.headers(message, body, secret);
    const delivery = await deliver({ url, body, headers, timeoutMs: this.timeoutMs, signal: this.ctx.signal });
    if (!delivery.ok) {
      log.warn({ ...where, reason: delivery.reason }, "notification not sent; the exit code is unchanged and the next run tries again");
      return;
    }
    log.info({ ...where, status: delivery.status }, "notification sent");
    await this.record(target, message);
  }

  private record(target: NotifyTarget, message: NotifyMessage): Promise<void> {
    const { environment, event, digest } = message;
    return this.state.record({ target: target.name, environment, event, digest, at: new Date().toISOString() });
  }

  /** The target's URL from its variable (a secret: registered, never printed); unset or not http(s) is said, by the variable's name. */
  private urlOf(target: NotifyTarget): URL | undefined {
    const value = this.ctx.env[target.urlEnv]?.trim();
    this.ctx.secrets.add(value);
    const url = value && URL.canParse(value) ? new URL(value) : undefined;
    if (url?.protocol === "https:" || url?.protocol === "http:") return url;
    const why = value ? "does not hold an http(s) URL" : "is not set";
    this.ctx.logger.warn({ notification: target.name, variable: target.urlEnv }, `notification not sent: ${target.urlEnv} ${why}`);
    return undefined;
  }

  /** The signing key, registered as a secret; undefined for an unsigned target, null (and said) when its variable is unset. */
  private secretOf(target: NotifyTarget): string | undefined | null {
    if (target.secretEnv === undefined) return undefined;
    const secret = this.ctx.env[target.secretEnv];
    if (secret) {
      this.ctx.secrets.add(secret);
      return secret;
    }
    // Never sent unsigned: a receiver that checks signatures would drop it, and one that does not must not get it either.
    this.ctx.logger.warn(
      { notification: target.name, variable: target.secretEnv },
      `notification not sent: ${target.secretEnv} is not set`,
    );
    return null;
  }

  private headers(message: NotifyMessage, body: string, secret: string | undefined): Record<string, string> {
    return {
      "content-type": "application/json",
      "user-agent": `transync/${transyncVersion()}`,
      "x-transync-event": message.event,
      "x-transync-digest": message.digest,
      ...(secret !== undefined ? { "x-transync-signature": signature(secret, body) } : {}),
    };
  }
}
