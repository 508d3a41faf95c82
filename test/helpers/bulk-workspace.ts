import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { startTestEmulator, TEST_TOKEN } from "./emulator.js";
import { tempProject, doc, docs, type TempProject } from "./project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

export interface BulkWorkspace {
  readonly emulator: RunningEmulator;
  readonly project: TempProject;
  /** TRANSYNC_CACHE_DIR of the test: its own lock folder, shared by every transync it runs. */
  readonly cache: string;
  env(): NodeJS.ProcessEnv;
  /** Exactly `count` live objects, no name twice. */
  expectNoDuplicates(): void;
}

/**
 * For each test: an empty emulator workspace, a project of `count` documents ("Bulk 0" ...) to
 * create, and a cache folder of its own. For the tests that kill or race real `transync apply`s.
 */
export function useBulkWorkspace(count: number): BulkWorkspace {
  let emulator: RunningEmulator | undefined;
  let project: TempProject | undefined;
  let cache = "";
  beforeEach(async () => {
    emulator = await startTestEmulator();
    cache = mkdtempSync(join(tmpdir(), "transync-cache-"));
    const many = Array.from({ length: count }, (_, i) => doc(`Bulk ${i}`, "src_web", { if: `event = 'E${i}'` }));
    project = tempProject({ "transformations/bulk.yaml": docs(...many) });
  });
  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
    rmSync(cache, { recursive: true, force: true });
  });
  const workspace: BulkWorkspace = {
    get emulator() {
      return emulator as RunningEmulator;
    },
    get project() {
      return project as TempProject;
    },
    get cache() {
      return cache;
    },
    env: () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: workspace.emulator.url, TRANSYNC_CACHE_DIR: cache }),
    expectNoDuplicates() {
      const names = workspace.emulator.transformations("ws_test").map((t) => t.name);
      expect(names).toHaveLength(count);
      expect(new Set(names).size).toBe(count);
    },
  };
  return workspace;
}
