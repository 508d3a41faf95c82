import { runAction } from "./run-action.js";
import { pinnedVersion, runPinnedRelease } from "./pinned-release.js";
import { reportUncaught } from "../cli.js";

// The entry action.yml runs (`runs.main`: dist/bundle/action.mjs, this file bundled by `npm run bundle`):
// inputs from INPUT_* variables, outputs to $GITHUB_OUTPUT, the job summary to $GITHUB_STEP_SUMMARY.
// With the input `version`, that release of transync runs instead (pinned-release.ts). A signal stops
// the run as transync's own does.
const controller = new AbortController();
for (const name of ["SIGINT", "SIGTERM"] as const) process.on(name, () => controller.abort(name));
// An error outside the run's handling leaves through the fence and the redactor too (src/cli.ts).
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => process.exit(reportUncaught(error)));
}
const version = pinnedVersion(process.env);
process.exitCode =
  version === undefined
    ? await runAction({ stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), signal: controller.signal })
    : await runPinnedRelease(version, { stdout: process.stdout, env: process.env, signal: controller.signal });
