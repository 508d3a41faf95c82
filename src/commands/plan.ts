import type { CliContext, ExitCode } from "../cli/context.js";
import type { Plan } from "../plan/types.js";
import { hasChanges } from "../plan/index.js";
import { renderJson, renderMarkdown, renderText } from "../report/index.js";
import { buildPlan, type PlanFlags } from "./support/build-plan.js";
import { writeUserFile } from "./support/read-user-file.js";

export type PlanFormat = "text" | "json" | "markdown";

export interface PlanOptions extends PlanFlags {
  format: PlanFormat;
  out?: string;
  detailedExitcode?: boolean;
}

/** `transync plan`: what apply would change. Exit 0, or with --detailed-exitcode 0 none / 2 changes. */
export async function plan(ctx: CliContext, options: PlanOptions): Promise<ExitCode> {
  const built = await buildPlan(ctx, options);
  if (options.out !== undefined) await writeUserFile(ctx.cwd, options.out, renderJson(built.plan), "the plan (--out)");
  ctx.stdout.write(renderPlan(built.plan, options.format, ctx.color));
  if (options.out !== undefined) ctx.logger.info({ out: options.out }, "plan saved; apply it with `transync apply PLANFILE`");
  return options.detailedExitcode && hasChanges(built.plan) ? 2 : 0;
}

export function renderPlan(plan: Plan, format: PlanFormat, color: boolean): string {
  if (format === "json") return renderJson(plan);
  if (format === "markdown") return renderMarkdown(plan);
  return renderText(plan, { color });
}
