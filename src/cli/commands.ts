import type { CommandDeclaration } from "./define.js";
import { EMULATOR } from "./emulator.js";
import { VALIDATE } from "./validate.js";
import { PLAN } from "./plan.js";
import { APPLY } from "./apply.js";
import { STATUS } from "./status.js";
import { DRIFT } from "./drift.js";
import { IMPORT } from "./import.js";
import { COMMENT } from "./comment.js";
import { RECONCILE } from "./reconcile.js";
import { SIMULATE } from "./simulate.js";
import { TEST } from "./test.js";
import { INIT } from "./init.js";
import { SCHEMAS } from "./schemas.js";
import { COMPLETION } from "./completion.js";

/**
 * Every command, in help's order: each is declared in `src/cli/<command>.ts` and lazy-imports
 * `src/commands/<command>.ts`. The program, help's tables (src/cli/help.ts), completion and the flag
 * tests (test/cli/flags.test.ts) all read this list; test/cli/commands.test.ts fails for a declaration
 * or a command file left out of it.
 */
export const COMMANDS: readonly CommandDeclaration[] = [
  EMULATOR,
  VALIDATE,
  PLAN,
  APPLY,
  STATUS,
  DRIFT,
  IMPORT,
  COMMENT,
  RECONCILE,
  SIMULATE,
  TEST,
  INIT,
  SCHEMAS,
  COMPLETION,
];
