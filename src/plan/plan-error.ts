/** One reason the plan cannot be made; `where` is `file:line:col` of the document, or a live id. */
export interface PlanIssue {
  where?: string;
  message: string;
  /** Live ids involved (duplicates, a pin that is gone). */
  ids?: string[];
}

/**
 * Desired documents cannot be matched to live objects unambiguously (duplicate names, a pin that is
 * gone). Thrown by `computePlan` after every problem has been collected; the message lists them all
 * and says how to fix each. The CLI maps it to a ConflictError (exit 1).
 */
export class PlanError extends Error {
  readonly exitCode = 1;
  constructor(
    readonly issues: readonly PlanIssue[],
    /** The first line, when the issues are not documents that cannot be matched (protected objects). */
    readonly head?: string,
  ) {
    super(formatIssues(issues, head));
    this.name = "PlanError";
  }
}

function formatIssues(issues: readonly PlanIssue[], given?: string): string {
  const head =
    given ??
    (issues.length === 1
      ? "cannot plan: 1 document cannot be matched to live state"
      : `cannot plan: ${issues.length} documents cannot be matched to live state`);
  return [head, ...issues.map((issue) => `  ${issue.where ? `${issue.where}: ` : ""}${issue.message}`)].join("\n");
}
