import { afterEach, beforeEach } from "vitest";
import type { EmulatorConfig, RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import { startTestEmulator } from "./emulator.js";
import { tempProject, type TempProject } from "./project.js";
import { runCli, type CliRun } from "./run-cli.js";

export const STG = "stg-token";
export const PRD = "prd-token";

/** A transformation as the emulator is seeded with it. */
export type LiveTransformation = NonNullable<WorkspaceConfig["transformations"]>[number];

/** The staging workspace `ws_stg` (slug `stg`, token STG), with `extra` keys (transformations, sources). */
export function stagingWorkspace(extra: Partial<WorkspaceConfig> = {}): WorkspaceConfig {
  return { id: "ws_stg", slug: "stg", name: "Staging", tokens: [STG], ...extra };
}

/** The prod workspace `ws_prd` (slug `prd`, token PRD), with `extra` keys (transformations, sources). */
export function prodWorkspace(extra: Partial<WorkspaceConfig> = {}): WorkspaceConfig {
  return { id: "ws_prd", slug: "prd", name: "Prod", tokens: [PRD], ...extra };
}

/**
 * transync.yaml with the environments `staging` (workspace stg) and `prod` (workspace prd) on the
 * API at `url`, each reading its token from its own variable; `extra` is written inside each
 * environment's braces (one text for both, or one each), e.g. `, sources: { web: src_stg }`.
 */
export function twoEnvironmentsFile(url: string, extra: string | { staging: string; prod: string } = ""): string {
  const { staging, prod } = typeof extra === "string" ? { staging: extra, prod: extra } : extra;
  return [
    "apiVersion: transync/v1",
    "environments:",
    `  staging: { workspace: stg, tokenEnv: SEGMENT_API_TOKEN_STAGING, apiUrl: "${url}"${staging} }`,
    `  prod: { workspace: prd, tokenEnv: SEGMENT_API_TOKEN_PROD, apiUrl: "${url}"${prod} }`,
    "",
  ].join("\n");
}

/** A project and an emulator of a staging and a prod workspace, for one test at a time (see useTwoEnvironments). */
export interface TwoEnvironments {
  readonly emulator: RunningEmulator;
  readonly project: TempProject;
  /** Starts the emulator: by default the workspaces ws_stg and ws_prd, empty; `config` replaces keys. */
  start(config?: Partial<EmulatorConfig>): Promise<RunningEmulator>;
  /** Writes transync.yaml for the running emulator (see twoEnvironmentsFile), then `after` as is. */
  writeProjectFile(extra?: string | { staging: string; prod: string }, after?: string): void;
  /** The CLI in the project, with both environments' tokens and the emulator's host allowed. */
  run(...args: string[]): Promise<CliRun>;
}

/**
 * For each test of the calling scope: a fresh temporary project, the emulator `start` opens, and
 * `run`; both are closed after the test.
 */
export function useTwoEnvironments(): TwoEnvironments {
  let emulator: RunningEmulator | undefined;
  let project: TempProject | undefined;
  beforeEach(() => {
    project = tempProject();
  });
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
    project?.cleanup();
  });
  const running = (): RunningEmulator => {
    if (!emulator) throw new Error("useTwoEnvironments: start() the emulator first");
    return emulator;
  };
  return {
    get emulator() {
      return running();
    },
    get project() {
      return project as TempProject;
    },
    async start(config = {}) {
      emulator = await startTestEmulator({ workspaces: [stagingWorkspace(), prodWorkspace()], ...config });
      return emulator;
    },
    writeProjectFile(extra = "", after = "") {
      (project as TempProject).write("transync.yaml", twoEnvironmentsFile(running().url, extra) + after);
    },
    run(...args) {
      const env = { SEGMENT_API_TOKEN_STAGING: STG, SEGMENT_API_TOKEN_PROD: PRD, TRANSYNC_ALLOW_API_HOSTS: new URL(running().url).host };
      return runCli(args, { env, cwd: (project as TempProject).dir });
    },
  };
}

/** The same three transformations in either workspace (and `extra`), by name; each workspace has its own ids and source ids (web, ios). */
export function sameTransformations(prefix: "stg" | "prd", extra: LiveTransformation[] = []): LiveTransformation[] {
  return [
    {
      id: `tfm_${prefix}_1`,
      name: "Rename Order Completed",
      sourceId: `src_${prefix}_web`,
      enabled: true,
      if: "event = 'Order Completed'",
      newEventName: "Order Placed",
    },
    {
      id: `tfm_${prefix}_2`,
      name: "Mask IP",
      sourceId: `src_${prefix}_web`,
      enabled: true,
      if: "type = 'track'",
      propertyValueTransformations: [{ propertyPaths: ["context.ip"], propertyValue: "0.0.0.0" }],
    },
    {
      id: `tfm_${prefix}_3`,
      name: "Snake-case traits",
      sourceId: `src_${prefix}_ios`,
      enabled: false,
      if: "type = 'identify'",
      propertyRenames: [{ oldName: "firstName", newName: "first_name" }],
    },
    ...extra,
  ];
}
