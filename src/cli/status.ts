import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { formatFlag, SOURCE_FLAGS } from "./shared-flags.js";

/** Flags of `transync status`; the work is in `src/commands/status.ts`. */
export const STATUS = defineCommand({
  name: "status",
  description:
    "per environment: its workspace and the commit it has applied (refs/transync/applied/<env>), and how far each environment lags the one it comes after (`after:`); reads git only, no token",
  ends: "by itself",
  flags: {
    ...formatFlag("status"),
    ...SOURCE_FLAGS,
    env: flag("--env <env>", "only this environment of transync.yaml, and its lag behind the one it comes after").defaultShown(
      "every environment",
    ),
  },
  load: () => import("../commands/status.js").then((m) => m.status),
});
