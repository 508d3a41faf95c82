import { startEmulator, type EmulatorConfig, type RunningEmulator, type WorkspaceConfig } from "../../src/emulator/index.js";
import { silentLogger } from "../../src/log.js";

export const TEST_TOKEN = "test-token";
export const TEST_WORKSPACE = "ws_test";

/** The test workspace `ws_test` (token `test-token`, EVENT_GOVERNANCE), seeded with live transformations if given. */
export function testWorkspace(transformations?: WorkspaceConfig["transformations"]): WorkspaceConfig {
  return { id: TEST_WORKSPACE, slug: "test", name: "Test", tokens: [TEST_TOKEN], ...(transformations ? { transformations } : {}) };
}

/**
 * An emulator on 127.0.0.1:0 with the one workspace of `testWorkspace()`. `seed` overrides config
 * keys; `workspaces`, when given, replaces the default workspace.
 */
export async function startTestEmulator(
  seed: Partial<EmulatorConfig> = {},
  options: { dataFile?: string; now?: () => number } = {},
): Promise<RunningEmulator> {
  const config: EmulatorConfig = { workspaces: [testWorkspace()], ...seed };
  return startEmulator({ host: "127.0.0.1", port: 0, config, logger: silentLogger(), dataFile: options.dataFile, now: options.now });
}
