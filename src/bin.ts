#!/usr/bin/env node
import { main } from "./cli.js";

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
process.exitCode = await main(process.argv, { signal: controller.signal });
