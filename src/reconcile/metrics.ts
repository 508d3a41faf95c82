import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Counters and gauges of the reconciler, exposed in the Prometheus text format. */
export class ReconcileMetrics {
  lastSuccessSeconds = 0;
  lastCycleOk = true;
  driftObjects = 0;
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
      ...family("transync_api_calls_total", "counter", "HTTP calls made to the Transformations API.", [["", this.apiCalls]]),
      ...family("transync_api_retries_total", "counter", "Retried HTTP calls (429, 5xx, network).", [["", this.retries]]),
    ];
    return `${lines.join("\n")}\n`;
  }
}

/** One metric family in the Prometheus text format: HELP, TYPE, then one line per sample (`labels` without braces). */
function family(name: string, type: "gauge" | "counter", help: string, samples: ReadonlyArray<readonly [labels: string, value: number]>): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(([labels, value]) => `${name}${labels ? `{${labels}}` : ""} ${value}`)];
}

/** `/healthz` (200 while the last cycle succeeded, else 503) and `/metrics`. */
export async function startMetricsServer(metrics: ReconcileMetrics, port: number, host = "0.0.0.0"): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === "/metrics") {
      res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" }).end(metrics.render());
    } else if (req.method === "GET" && path === "/healthz") {
      res.writeHead(metrics.lastCycleOk ? 200 : 503, { "content-type": "text/plain" }).end(metrics.lastCycleOk ? "ok\n" : "last cycle failed\n");
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
