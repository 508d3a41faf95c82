import { planCommentMarker } from "./render-markdown.js";
import { fenced } from "./markdown-escape.js";

/** Environment names the project schema allows: only such a name goes into the comment's marker. */
const ENV_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The Markdown of a plan that failed: the same marker as the environment's plan comment, so
 * `transync comment` replaces an earlier commit's plan with this instead of leaving a plan that no
 * longer applies for a reviewer to approve. The error is quoted in a fence (files, names and API
 * messages are data written by anyone).
 */
export function renderFailedPlanMarkdown(env: string | undefined, report: { message: string; details: string[] }): string {
  const marker = planCommentMarker(env !== undefined && ENV_NAME.test(env) ? env : undefined);
  const lines = [...report.message.split("\n"), ...report.details];
  const blocks = [
    marker,
    "## transync plan: failed",
    "No plan could be made for this commit, so none is shown: a plan posted here for an earlier commit no longer applies. Fix the error below and push again; the job's log has the details.",
    fenced("text", lines),
  ];
  return `${blocks.join("\n\n")}\n`;
}
