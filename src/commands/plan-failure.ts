import type { CliContext, ExitCode } from "../pipeline/context.js";
import { errorReport } from "../errors.js";
import { formatFacts } from "../report/formats.js";
import { plan, type PlanOptions } from "./plan.js";

/**
 * `transync plan`, and with `--format markdown` a failure still writes Markdown to standard output:
 * a report of the error under the environment's comment marker. CI posts it with `transync comment`
 * like a plan, so a pull request whose new commit cannot be planned does not keep showing the plan of
 * an older commit. The error is thrown on, so the exit code and the log stay as they are.
 */
export async function planReportingFailure(ctx: CliContext, options: PlanOptions): Promise<ExitCode> {
  try {
    return await plan(ctx, options);
  } catch (error) {
    if (formatFacts("plan", options.format).reportsFailure && !ctx.signal.aborted) {
      // Loaded here: the Markdown renderers are needed by a failed Markdown plan only (and a Markdown plan's own report).
      const { renderFailedPlanMarkdown } = await import("../report/render-failed-plan.js");
      ctx.stdout.write(renderFailedPlanMarkdown(options.env, errorReport(error)));
    }
    throw error;
  }
}
