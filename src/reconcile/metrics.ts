import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HealthVerdict, ReconcileHealth } from "./health.js";

/** Counters and gauges of the reconciler, exposed in the Prometheus text format. */
export class ReconcileMetrics {
  lastSuccessSeconds = 0;
  driftObjects = 0;
  /** HTTP requests sent, every attempt (retries included), whatever the cycle's outcome. */
  apiCalls = 0;
  retries = 0;
  readonly cycles = new Map<string, number>();
  readonly actions = new Map<string, number>();

  countCycle(result: "success" | "failure" | "skipped-locked"): void {
    this.cycles.set(result, (this.cycles.get(result) ?? 0) + 1);
  }

  countAction(kind: string, outcome: string): void {
    const key = `kind="${kind}",outcome="${outcome}"`;
    this.actions.set(key, (this.actions.get(key) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      ...family("transync_last_success_timestamp_seconds", "gauge", "Unix time of the last cycle that planned (and applied) without error.", [["", this.lastSuccessSeconds]]),
      ...family("transync_drift_objects", "gauge", "Actions the last plan found (objects that differ from git).", [["", this.driftObjects]]),
      ...family("transync_cycles_total", "counter", "Reconcile cycles by result.", [...this.cycles].sort().map(([result, n]) => [`result="${result}"`, n])),
      ...family("transync_actions_total", "counter", "Apply actions by kind and outcome.", [...this.actions].sort()),
      ...family("transync_api_calls_total", "counter", "HTTP requests sent to the Transformations API, retries included, in every cycle (failed ones too).", [["", this.apiCalls]]),
      ...family("transync_api_retries_total", "counter", "Retried HTTP calls (429, 5xx, network).", [["", this.retries]]),
    ];
    return `${lines.join("\n")}\n`;
  }
}

/** One metric family in the Prometheus text format: HELP, TYPE, then one line per sample (`labels` without braces). */
function family(name: string, type: "gauge" | "counter", help: string, samples: ReadonlyArray<readonly [labels: string, value: number]>): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(([labels, value]) => `${name}${labels ? `{${labels}}` : ""} ${value}`)];
}

/** The paths the server answers; the Kubernetes example's probes are checked against them. */
export const METRICS_PATH = "/metrics";
export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

/**
 * `/metrics` (Prometheus), `/healthz` (liveness: the loop is alive) and `/readyz` (readiness: the
 * last cycle succeeded). Without `host`, on every address, IPv6 too (Node's `::`, dual-stack): an
 * IPv6-only cluster probes the pod's IPv6 address, which 0.0.0.0 would not answer.
 */
export async function startMetricsServer(metrics: ReconcileMetrics, health: ReconcileHealth, port: number, host?: string): Promise<{ server: Server; port: number }> {
  const verdict = (res: ServerResponse, v: HealthVerdict): void => void res.writeHead(v.ok ? 200 : 503, { "content-type": "text/plain" }).end(v.detail);
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
    server.once("error", reject);
    server.listen(port, host, () => resolveListen());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
