import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { port } from "./options.js";
import { TRANSYNC_EMULATOR_TOKEN } from "./environment.js";

/** Flags of `transync emulator`; the work is in `src/commands/emulator.ts`. */
export const EMULATOR = defineCommand({
  name: "emulator",
  description: "run a local emulator of the Segment Transformations Management API (see docs/emulator.md)",
  ends: "on a signal",
  exitCodes: [{ code: 0, meaning: "stopped by SIGINT/SIGTERM (Ctrl-C): in-flight requests finished, the --data-file persisted" }],
  flags: {
    host: flag("--host <host>", "address to listen on").default("127.0.0.1"),
    port: flag("--port <port>", "port to listen on (0 picks a free one)").parse(port("--port")).default(4010),
    config: flag("--config <file>", "YAML config: workspaces, tokens, seed transformations, rate limit, faults, compat modes")
      .defaultShown("workspace ws_local, token from TRANSYNC_EMULATOR_TOKEN, else `local-token`")
      .env(TRANSYNC_EMULATOR_TOKEN),
    dataFile: flag(
      "--data-file <file>",
      "persist state in this journal file (loaded at start, appended on every write; locked by FILE.lock, so a second emulator on it refuses)",
    ).defaultShown("none: state lives in memory"),
  },
  load: () => import("../commands/emulator.js").then((m) => m.emulator),
});
