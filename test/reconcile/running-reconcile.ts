import { main } from "../../src/cli.js";

/** `transync reconcile` running in this process until `stop()`, its stderr kept. */
export interface RunningReconcile {
  stderr(): string;
  /** The port /metrics, /healthz and /readyz listen on, once reconcile logged it. */
  port(): Promise<string>;
  /** Stops it as a signal does; its exit code. */
  stop(): Promise<number>;
}

/**
 * Starts `transync reconcile --repo REPO --ref main --interval 1s --metrics-port 0 --log-level info`
 * with `extra` flags after them, as an operator runs it (the tests of test/reconcile and
 * test/commands/reconcile.test.ts share it).
 */
export function startReconcile(repo: string, extra: string[], run: { env: NodeJS.ProcessEnv; cwd: string }): RunningReconcile {
  const controller = new AbortController();
  let stderr = "";
  let portLogged: (port: string) => void = () => undefined;
  const port = new Promise<string>((resolve) => (portLogged = resolve));
  const args = ["reconcile", "--repo", repo, "--ref", "main", "--interval", "1s", "--metrics-port", "0", "--log-level", "info", ...extra];
  const done = main(["node", "transync", ...args], {
    stdout: { write: () => true },
    stderr: {
      write: (s: string) => {
        stderr += s;
        const logged = /"port":(\d+)/.exec(stderr)?.[1];
        if (logged !== undefined) portLogged(logged); // an event: the line that says it listens
        return true;
      },
    },
    env: run.env,
    cwd: run.cwd,
    signal: controller.signal,
  });
  return {
    stderr: () => stderr,
    port: () => port,
    stop: async () => (controller.abort(), done),
  };
}
