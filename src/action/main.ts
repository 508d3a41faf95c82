import { transyncVersion } from "../version.js";
import { pinnedVersion, runPinnedRelease } from "./pinned-release.js";

// The entry action.yml runs (`runs.main`: dist/bundle/action.mjs, this file bundled by `npm run bundle`):
// inputs from INPUT_* variables, outputs to $GITHUB_OUTPUT, the job summary to $GITHUB_STEP_SUMMARY.
// With the input `version`, that release of transync runs instead (pinned-release.ts). A signal stops
// the run as transync's own does. Its first line says which transync runs, before the rest of transync
// is loaded (imported below, on demand): the step's log shows it within a fraction of a second
// (bench/cold-start.ts). No input is in that line: nothing a workflow passes is printed unescaped.
const controller = new AbortController();
for (const name of ["SIGINT", "SIGTERM"] as const) process.on(name, () => controller.abort(name));
// An error outside the run's handling leaves through the fence and the redactor too (src/cli.ts).
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => {
    void import("../cli.js").then(
      ({ reportUncaught }) => process.exit(reportUncaught(error)),
      () => process.exit(1),
    );
  });
}
const version = pinnedVersion(process.env);
if (version === undefined) {
  process.stdout.write(`transync ${transyncVersion()} (GitHub Action)\n`);
  const { runAction } = await import("./run-action.js");
  process.exitCode = await runAction({
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  });
} else {
  process.exitCode = await runPinnedRelease(version, { stdout: process.stdout, env: process.env, signal: controller.signal });
}
