import type { Server } from "node:http";
import type { CliContext } from "../pipeline/context.js";
import type { ReconcileHealth } from "../reconcile/health.js";
import type { CycleTrigger } from "../reconcile/cycle-trigger.js";
import { UsageError } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import {
  DEFAULT_METRICS_HOST,
  LIVENESS_PATH,
  METRICS_PATH,
  READINESS_PATH,
  startMetricsServer,
  type ReconcileMetrics,
} from "../reconcile/metrics.js";
import { AUDIT_HOOK_PATH, startAuditReceiver } from "../reconcile/audit-receiver.js";

/** The flags of `transync reconcile` that start its servers. */
export interface ServerFlags {
  once?: boolean;
  metricsPort?: number;
  metricsHost?: string;
  webhookPort?: number;
  webhookHost?: string;
  /** The variable holding the Webhooks destination's shared secret (TRANSYNC_...). */
  webhookSecretEnv: string;
}

/** What the servers read and feed: the loop's metrics and health, the trigger of the next cycle, transync's own actors. */
export interface ServedLoop {
  metrics: ReconcileMetrics;
  health: ReconcileHealth;
  trigger: CycleTrigger;
  selfActors: () => readonly string[];
}

/** A name a `TRANSYNC_` variable may have: no other variable (a token, a key) can be read as the secret. */
const SECRET_VARIABLE = /^TRANSYNC_[A-Z0-9_]+$/;

/**
 * The metrics server (`--metrics-port`) and the audit receiver (`--webhook-port`), each when asked
 * for; every check (the secret's variable first) before either listens. Returns the close of both.
 */
export async function startReconcileServers(ctx: CliContext, flags: ServerFlags, loop: ServedLoop): Promise<() => Promise<void>> {
  const secret = flags.webhookPort !== undefined ? webhookSecret(ctx, flags) : undefined;
  const servers: Server[] = [];
  try {
    if (flags.metricsPort !== undefined) {
      const host = flags.metricsHost ?? DEFAULT_METRICS_HOST;
      const { server, port } = await startMetricsServer(loop.metrics, loop.health, flags.metricsPort, host);
      servers.push(server);
      ctx.logger.info({ host, port }, `metrics on ${METRICS_PATH}, liveness on ${LIVENESS_PATH}, readiness on ${READINESS_PATH}`);
    }
    if (flags.webhookPort !== undefined && secret !== undefined) {
      const host = flags.webhookHost ?? DEFAULT_METRICS_HOST;
      const { server, port } = await startAuditReceiver({
        port: flags.webhookPort,
        host,
        secret,
        selfActors: loop.selfActors,
        trigger: loop.trigger,
        logger: ctx.logger,
        onOutcome: (outcome) => loop.metrics.countWebhookPost(outcome),
      });
      servers.push(server);
      ctx.logger.info({ host, webhookPort: port }, `audit receiver on POST ${AUDIT_HOOK_PATH}`);
    }
  } catch (error) {
    await closeAll(servers);
    throw error;
  }
  return () => closeAll(servers);
}

function closeAll(servers: readonly Server[]): Promise<void> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        }),
    ),
  ).then(() => undefined);
}

/** The shared secret, from the variable `--webhook-secret-env` names; registered so no output shows it. */
function webhookSecret(ctx: CliContext, flags: ServerFlags): string {
  if (flags.once)
    throw new UsageError(
      "--webhook-port queues the next cycle of a reconcile that keeps running; with --once there is none. Drop one of them.",
    );
  const name = flags.webhookSecretEnv;
  if (!SECRET_VARIABLE.test(name))
    throw new UsageError(
      `--webhook-secret-env must name a variable that starts with TRANSYNC_ (capitals, digits and _), got "${escapeControls(name)}".`,
    );
  const secret = ctx.env[name];
  if (secret === undefined || secret === "")
    throw new UsageError(
      `--webhook-port needs the shared secret of Segment's Webhooks destination in ${name}, which is unset or empty; nothing was started (docs/gitops.md, "The receiver").`,
    );
  ctx.secrets.add(secret);
  return secret;
}
