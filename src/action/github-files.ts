import { appendFileSync } from "node:fs";
import { randomUUID } from "node:crypto";

/**
 * The runner's files of a step: outputs (`$GITHUB_OUTPUT`) and the job summary
 * (`$GITHUB_STEP_SUMMARY`), in the documented formats:
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#setting-an-output-parameter
 */

/**
 * Appends `name<<DELIMITER`, the value and the delimiter to $GITHUB_OUTPUT: a random delimiter the
 * value does not hold, so a value with line breaks (a path) can never set a second output.
 * Outside a runner (no GITHUB_OUTPUT) nothing is written.
 */
export function setOutput(env: NodeJS.ProcessEnv, name: string, value: string): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (value.includes(delimiter) || name.includes(delimiter)) throw new Error(`the output ${name} holds its own delimiter`);
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Appends Markdown to the job summary, ending with a line break; nothing outside a runner. */
export function appendSummary(env: NodeJS.ProcessEnv, markdown: string): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  appendFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
}
