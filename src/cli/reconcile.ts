import { isIP } from "node:net";
import { InvalidArgumentError } from "commander";
import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { MAX_TIMER_MS, port } from "./options.js";
import { NOTIFY_FLAGS, writingFlags } from "./shared-flags.js";
import { TRANSYNC_KEY, TRANSYNC_NOTIFY, TRANSYNC_WEBHOOK_SECRET } from "./environment.js";
import { DEFAULT_METRICS_HOST } from "../reconcile/metrics.js";
import { AUDIT_HOOK_PATH } from "../reconcile/audit-receiver.js";

/** Flags of `transync reconcile`; the work is in `src/commands/reconcile.ts`. */
export const RECONCILE = defineCommand({
  name: "reconcile",
  description: "watch mode: fetch the repo, plan, apply (or only report), sleep, repeat",
  ends: "on a signal",
  exitCodes: [
    { code: 0, meaning: "stopped by SIGINT/SIGTERM (Ctrl-C) after the action in flight; with --once: the cycle succeeded" },
    { code: 1, meaning: "with --once: the cycle failed (without it, a failed cycle is logged and retried)" },
  ],
  flags: {
    intervalMs: flag("--interval <duration>", "time between cycles: 30s, 5m, 1h (1s to 596h)")
      .parse(durationOf("--interval"))
      .default(5 * 60_000, "5m"),
    once: flag("--once", "run one cycle and exit (for cron); exit 1 if it failed"),
    dryRun: flag("--dry-run", "plan and report only, never apply"),
    metricsPort: flag("--metrics-port <port>", "serve /metrics (Prometheus), /healthz (liveness) and /readyz (readiness) on this port")
      .parse(port("--metrics-port"))
      .defaultShown("none: no server"),
    metricsHost: flag(
      "--metrics-host <address>",
      "address the metrics server listens on (0.0.0.0 or :: for every address, as a pod's probes need)",
    )
      .parse(hostOf("--metrics-host"))
      .defaultShown(DEFAULT_METRICS_HOST),
    readyGraceMs: flag(
      "--ready-grace <duration>",
      "how long the API may be unreachable (from its first failed request) before /readyz says not ready",
    )
      .parse(durationOf("--ready-grace"))
      .defaultShown("2 intervals"),
    webhookPort: flag(
      "--webhook-port <port>",
      `serve ${AUDIT_HOOK_PATH}: a Transformation audit event forwarded by Segment (signed, X-Signature) queues one cycle`,
    )
      .parse(port("--webhook-port"))
      .defaultShown("none: no receiver"),
    webhookHost: flag("--webhook-host <address>", "address the audit receiver listens on (0.0.0.0 or :: for every address)")
      .parse(hostOf("--webhook-host"))
      .defaultShown(DEFAULT_METRICS_HOST),
    webhookSecretEnv: flag(
      "--webhook-secret-env <name>",
      "variable holding the Webhooks destination's shared secret; its name starts with TRANSYNC_",
    )
      .default(TRANSYNC_WEBHOOK_SECRET.name)
      .env(TRANSYNC_WEBHOOK_SECRET),
    recordRef: flag(
      "--record-ref",
      "after a cycle that leaves the workspace matching its commit, record it as refs/transync/applied/<env> (pushed for a remote --repo), once per commit",
    ),
    ...writingFlags("directory of the apply lock files (shared by reconcilers of one workspace)"),
    ...NOTIFY_FLAGS,
  },
  environment: [TRANSYNC_KEY, TRANSYNC_NOTIFY],
  load: () => import("../commands/reconcile.js").then((m) => m.reconcile),
});

/** An IP address (v4 or v6) or a host name; never a URL or anything with spaces. */
function hostOf(name: string): (value: string) => string {
  return (value) => {
    if (
      isIP(value) !== 0 ||
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(value)
    )
      return value;
    throw new InvalidArgumentError(`${name} must be an IP address or a host name (127.0.0.1, 0.0.0.0, ::), got "${value}".`);
  };
}

/** The longest interval, in whole hours, that a timer can wait (a longer one would fire at once: no pause between cycles). */
const MAX_INTERVAL_HOURS = Math.floor(MAX_TIMER_MS / 3_600_000);

/** A duration such as 30s, 5m or 1h (a bare number is seconds), from 1s to the longest a timer waits. */
function durationOf(name: string): (value: string) => number {
  return (value) => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
    if (!match) throw new InvalidArgumentError(`expected a duration such as 30s, 5m or 1h, got "${value}".`);
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? "s") as "ms" | "s" | "m" | "h"];
    const ms = Number(match[1]) * unit;
    if (ms < 1000) throw new InvalidArgumentError(`${name} must be at least 1s.`);
    if (ms > MAX_INTERVAL_HOURS * 3_600_000)
      throw new InvalidArgumentError(
        `${name} must be at most ${MAX_INTERVAL_HOURS}h (about 24 days, the longest a timer waits)${name === "--interval" ? "; for rarer runs use --once from cron" : ""}.`,
      );
    return ms;
  };
}
