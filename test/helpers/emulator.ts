import { startEmulator, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { silentLogger } from "../../src/log.js";

export const TEST_TOKEN = "test-token";
export const TEST_WORKSPACE = "ws_test";

/**
 * An emulator on 127.0.0.1:0 with one workspace `ws_test` (token `test-token`, EVENT_GOVERNANCE).
 * `seed` overrides config keys; `workspaces`, when given, replaces the default workspace.
 */
export async function startTestEmulator(seed: Partial<EmulatorConfig> = {}, options: { dataFile?: string } = {}): Promise<RunningEmulator> {
  const config: EmulatorConfig = {
    workspaces: [{ id: TEST_WORKSPACE, slug: "test", name: "Test Workspace", tokens: [TEST_TOKEN] }],
    ...seed,
  };
  return startEmulator({ host: "127.0.0.1", port: 0, config, logger: silentLogger(), dataFile: options.dataFile });
}
