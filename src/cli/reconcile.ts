import { isIP } from "node:net";
import { InvalidArgumentError } from "commander";
import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { MAX_TIMER_MS, port } from "./options.js";
import { NOTIFY_FLAGS, writingFlags } from "./shared-flags.js";
import { TRANSYNC_KEY, TRANSYNC_NOTIFY } from "./environment.js";
import { DEFAULT_METRICS_HOST } from "../reconcile/metrics.js";

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
      .parse(parseDuration)
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
      .parse(metricsHost)
      .defaultShown(DEFAULT_METRICS_HOST),
    ...writingFlags("directory of the apply lock files (shared by reconcilers of one workspace)"),
    ...NOTIFY_FLAGS,
  },
  environment: [TRANSYNC_KEY, TRANSYNC_NOTIFY],
  load: () => import("../commands/reconcile.js").then((m) => m.reconcile),
});

/** An IP address (v4 or v6) or a host name; never a URL or anything with spaces. */
function metricsHost(value: string): string {
  if (
    isIP(value) !== 0 ||
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(value)
  )
    return value;
  throw new InvalidArgumentError(`--metrics-host must be an IP address or a host name (127.0.0.1, 0.0.0.0, ::), got "${value}".`);
}

/** The longest interval, in whole hours, that a timer can wait (a longer one would fire at once: no pause between cycles). */
const MAX_INTERVAL_HOURS = Math.floor(MAX_TIMER_MS / 3_600_000);

function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError(`expected a duration such as 30s, 5m or 1h, got "${value}".`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? "s") as "ms" | "s" | "m" | "h"];
  const ms = Number(match[1]) * unit;
  if (ms < 1000) throw new InvalidArgumentError("--interval must be at least 1s.");
  if (ms > MAX_INTERVAL_HOURS * 3_600_000)
    throw new InvalidArgumentError(
      `--interval must be at most ${MAX_INTERVAL_HOURS}h (about 24 days, the longest a timer waits); for rarer runs use --once from cron.`,
    );
  return ms;
}
