#!/usr/bin/env node
import { main, reportUncaught } from "./cli.js";

// SIGINT/SIGTERM abort the run's signal: commands stop starting new work, finish what is in flight
// and exit (apply: 130; emulator: 0 after persisting). A second signal exits at once.
const controller = new AbortController();
let signalled = 0;
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => {
    signalled += 1;
    if (signalled > 1) process.exit(130);
    controller.abort(name);
  });
}
// A reader that stops early (`transync --help | head -1`) closes the pipe: the rest of the output has
// nowhere to go, which is not the command's failure. It runs to its end (an apply is never cut short)
// and exits with its own code; any other stream error is still thrown.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
}
// An error outside every command's handling still leaves through the fence and the redactor, then ends the run.
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => process.exit(reportUncaught(error)));
}
// No top-level await: the single executable (scripts/sea.mjs) runs this module as CommonJS.
void main(process.argv, { signal: controller.signal }).then((code) => {
  process.exitCode = code;
});
