import { resolve } from "node:path";
import type { CliContext } from "../pipeline/context.js";
import { TransyncError, UsageError, systemErrorReason } from "../errors.js";
import { defaultEmulatorConfig, loadEmulatorConfig, startEmulator } from "../emulator/index.js";

export interface EmulatorCommandOptions {
  host: string;
  port: number;
  config?: string;
  dataFile?: string;
}

/**
 * `transync emulator`: serves until ctx.signal aborts (SIGINT/SIGTERM), then finishes in-flight
 * requests, persists and returns 0. Prints exactly one line on stdout once it is listening.
 */
export async function emulator(ctx: CliContext, options: EmulatorCommandOptions): Promise<number> {
  const config = options.config ? await loadEmulatorConfig(resolve(ctx.cwd, options.config)) : defaultEmulatorConfig(ctx.env);
  const logger = ctx.logger.child({ component: "emulator" });
  const running = await startEmulator({
    host: options.host,
    port: options.port,
    config,
    dataFile: options.dataFile ? resolve(ctx.cwd, options.dataFile) : undefined,
    logger,
  }).catch((error: unknown) => {
    // The data file's errors are already UsageErrors; what is left is the socket's (a port in use or
    // denied, a host that is not this machine's or does not resolve).
    const reason = error instanceof TransyncError ? undefined : systemErrorReason(error);
    if (reason !== undefined)
      throw new UsageError(`cannot listen on ${options.host}:${options.port}: ${reason}; pick another --host or --port.`, { cause: error });
    throw error;
  });
  ctx.stdout.write(`transync emulator listening on ${running.url}\n`);
  logger.info({ workspaces: config.workspaces.map((w) => w.id), dataFile: options.dataFile }, "emulator ready");
  await new Promise<void>((done) => {
    if (ctx.signal.aborted) done();
    else ctx.signal.addEventListener("abort", () => done(), { once: true });
  });
  logger.info("shutting down: finishing in-flight requests");
  await running.close();
  return 0;
}
