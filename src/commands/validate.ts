import type { CliContext, ExitCode } from "../cli/context.js";
import { fsSource } from "../desired/fs-source.js";
import { loadDesired } from "../desired/load-desired.js";
import { formatDiagnosticsJson, formatDiagnosticsText, formatSummaryLine, summarize } from "../desired/format-diagnostics.js";

export interface ValidateOptions {
  dir?: string;
  env?: string;
  format?: "text" | "json";
}

/**
 * `transync validate`: reads transync.yaml and every document under the folder (relative to the
 * working directory), prints every error and warning and a summary. Exit 0 when valid, 1 on errors.
 * No network call.
 */
export async function validate(ctx: CliContext, options: ValidateOptions): Promise<ExitCode> {
  const source = fsSource(ctx.cwd);
  const { state, diagnostics, documents } = await loadDesired(source, { dir: options.dir, env: options.env });
  const summary = summarize(diagnostics, documents, state.files.length);
  if (options.format === "json") {
    ctx.stdout.write(formatDiagnosticsJson(diagnostics, summary));
  } else {
    ctx.stdout.write(formatDiagnosticsText(diagnostics));
    ctx.stdout.write(`${formatSummaryLine(summary)}\n`);
  }
  return summary.errors > 0 ? 1 : 0;
}
