import { runAction } from "./run-action.js";
import { reportUncaught } from "../cli.js";

// The entry action.yml runs (`node dist/src/action/main.js`): inputs from INPUT_* variables, outputs
// to $GITHUB_OUTPUT, the job summary to $GITHUB_STEP_SUMMARY. A signal stops the run as transync's own does.
const controller = new AbortController();
for (const name of ["SIGINT", "SIGTERM"] as const) process.on(name, () => controller.abort(name));
// An error outside the run's handling leaves through the fence and the redactor too (src/cli.ts).
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => process.exit(reportUncaught(error)));
}
process.exitCode = await runAction({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
