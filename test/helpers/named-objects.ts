import { afterEach } from "vitest";
import { runCli } from "./run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "./emulator.js";
import { tempProject, type TempProject } from "./project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/** A live object by what the rename and protection guards look at: its id, name and source. */
export interface NamedObject {
  id: string;
  name: string;
  sourceId: string;
}

export interface NamedObjects {
  readonly emulator: RunningEmulator;
  readonly project: TempProject;
  /** An emulator holding `live` (enabled, one shared `if`) and a project of `files`. */
  start(live: NamedObject[], files: Record<string, string>): Promise<void>;
  /** transync run in the project against the emulator. */
  run(...args: string[]): ReturnType<typeof runCli>;
  /** The workspace's objects as `id:name@source`, sorted: what a refused run must leave as it was. */
  held(): string[];
}

/** For tests of the guards on names, moves and protections: each test starts its own emulator and project; both end after it. */
export function useNamedObjects(): NamedObjects {
  let emulator: RunningEmulator | undefined;
  let project: TempProject | undefined;
  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
    emulator = undefined;
    project = undefined;
  });
  const started = (): { emulator: RunningEmulator; project: TempProject } => {
    if (!emulator || !project) throw new Error("useNamedObjects: call start() first");
    return { emulator, project };
  };
  return {
    get emulator() {
      return started().emulator;
    },
    get project() {
      return started().project;
    },
    async start(live, files) {
      emulator = await startTestEmulator({
        workspaces: [testWorkspace(live.map((t) => ({ ...t, enabled: true, if: "event = 'Order Completed'" })))],
      });
      project = tempProject(files);
    },
    run(...args) {
      const ready = started();
      return runCli(args, { env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: ready.emulator.url }, cwd: ready.project.dir });
    },
    held() {
      return started()
        .emulator.transformations("ws_test")
        .map((t) => `${t.id}:${t.name}@${t.sourceId}`)
        .sort();
    },
  };
}
