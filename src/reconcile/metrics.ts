import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HealthVerdict, ReconcileHealth } from "./health.js";
import { UsageError, systemErrorReason } from "../errors.js";
import { transyncVersion } from "../version.js";

/** Upper bounds (seconds) of the cycle duration buckets: a quiet cycle takes a second, a large apply minutes. */
export const CYCLE_DURATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800] as const;

/** Counters and gauges of the reconciler, exposed in the Prometheus text format. */
export class ReconcileMetrics {
  lastSuccessSeconds = 0;
  driftObjects = 0;
  /** HTTP requests sent, every attempt (retries included), whatever the cycle's outcome. */
  apiCalls = 0;
  retries = 0;
  readonly cycles = new Map<string, number>();
  readonly actions = new Map<string, number>();
  /** Posts to the audit receiver by what became of them (audit-receiver.ts, ReceiverOutcome). */
  readonly webhookPosts = new Map<string, number>();
  /** Cycles per bucket of CYCLE_DURATION_BUCKETS (not cumulative; the last one is +Inf), and their total seconds. */
  private readonly durationCounts: number[] = new Array<number>(CYCLE_DURATION_BUCKETS.length + 1).fill(0);
  private durationSum = 0;

  /** Records one cycle's duration, whatever its result. */
  observeCycleSeconds(seconds: number): void {
    const at = CYCLE_DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
    this.durationCounts[at === -1 ? CYCLE_DURATION_BUCKETS.length : at]! += 1;
    this.durationSum += seconds;
  }

  countCycle(result: "success" | "failure" | "skipped-locked" | "skipped-frozen" | "skipped-order" | "skipped-guarded"): void {
    this.cycles.set(result, (this.cycles.get(result) ?? 0) + 1);
  }

  countAction(kind: string, outcome: string): void {
    const key = `kind="${kind}",outcome="${outcome}"`;
    this.actions.set(key, (this.actions.get(key) ?? 0) + 1);
  }

  countWebhookPost(outcome: string): void {
    this.webhookPosts.set(outcome, (this.webhookPosts.get(outcome) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      ...family("transync_build_info", "gauge", "Always 1: the transync version and the Node.js version running it.", [
        [`version="${label(transyncVersion())}",node="${label(process.version)}"`, 1],
      ]),
      ...family(
        "transync_last_success_timestamp_seconds",
        "gauge",
        "Unix time of the last cycle that planned (and applied) without error.",
        [["", this.lastSuccessSeconds]],
      ),
      ...family(
        "transync_drift_objects",
        "gauge",
        "Objects the last plan found differing from git: its actions, and the unmanaged objects of a declared scope.",
        [["", this.driftObjects]],
      ),
      ...family(
        "transync_cycles_total",
        "counter",
        "Reconcile cycles by result.",
        [...this.cycles].sort().map(([result, n]) => [`result="${result}"`, n]),
      ),
      ...family("transync_actions_total", "counter", "Apply actions by kind and outcome.", [...this.actions].sort()),
      ...family(
        "transync_api_calls_total",
        "counter",
        "HTTP requests sent to the Transformations API, retries included, in every cycle (failed ones too).",
        [["", this.apiCalls]],
      ),
      ...family("transync_api_retries_total", "counter", "Retried HTTP calls (429, 5xx, network).", [["", this.retries]]),
      ...family(
        "transync_webhook_posts_total",
        "counter",
        "Posts to the audit receiver (--webhook-port) by result: queued, coalesced, self, ignored, unauthorized, rejected.",
        [...this.webhookPosts].sort().map(([result, n]) => [`result="${result}"`, n]),
      ),
      ...this.durationHistogram(),
    ];
    return `${lines.join("\n")}\n`;
  }

  /** `transync_reconcile_cycle_duration_seconds`: cumulative `_bucket{le}` lines, then `_sum` and `_count`. */
  private durationHistogram(): string[] {
    const name = "transync_reconcile_cycle_duration_seconds";
    let cumulative = 0;
    const buckets = [...CYCLE_DURATION_BUCKETS, Infinity].map((bound, i) => {
      cumulative += this.durationCounts[i]!;
      return `${name}_bucket{le="${bound === Infinity ? "+Inf" : bound}"} ${cumulative}`;
    });
    const help = "Time each reconcile cycle took (fetch, plan, apply), in seconds, whatever its result.";
    return [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} histogram`,
      ...buckets,
      `${name}_sum ${this.durationSum}`,
      `${name}_count ${cumulative}`,
    ];
  }
}

/** A label value as the text format writes it: backslash, double quote and line feed escaped. */
function label(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** One metric family in the Prometheus text format: HELP, TYPE, then one line per sample (`labels` without braces). */
function family(
  name: string,
  type: "gauge" | "counter",
  help: string,
  samples: ReadonlyArray<readonly [labels: string, value: number]>,
): string[] {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map(([labels, value]) => `${name}${labels ? `{${labels}}` : ""} ${value}`),
  ];
}

/** The paths the server answers; the Kubernetes example's probes are checked against them. */
export const METRICS_PATH = "/metrics";
export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

/** Where the server listens without `--metrics-host`: this machine only. A pod sets `0.0.0.0` (or `::` on an IPv6 cluster) for its probes. */
export const DEFAULT_METRICS_HOST = "127.0.0.1";

/**
 * `/metrics` (Prometheus), `/healthz` (liveness: the loop is alive) and `/readyz` (readiness: the
 * last cycle succeeded), on `host` (`::` is every address, IPv6 too, dual-stack).
 */
export async function startMetricsServer(
  metrics: ReconcileMetrics,
  health: ReconcileHealth,
  port: number,
  host = DEFAULT_METRICS_HOST,
): Promise<{ server: Server; port: number }> {
  const verdict = (res: ServerResponse, v: HealthVerdict): void =>
    void res.writeHead(v.ok ? 200 : 503, { "content-type": "text/plain" }).end(v.detail);
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === METRICS_PATH) {
      res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" }).end(metrics.render());
    } else if (req.method === "GET" && path === LIVENESS_PATH) {
      verdict(res, health.liveness());
    } else if (req.method === "GET" && path === READINESS_PATH) {
      verdict(res, health.readiness());
    } else {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", (error) =>
      reject(
        new UsageError(
          `cannot listen on ${host}:${port}: ${systemErrorReason(error) ?? error.message}; pick another --metrics-host or --metrics-port.`,
        ),
      ),
    );
    server.listen(port, host, () => resolveListen());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
