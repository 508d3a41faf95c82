import type { CliContext } from "./context.js";
import type { NotifyTarget } from "../model/notify-target.js";
import { openSource, type SourceFlags } from "./desired-input.js";
import { loadProjectConfig, locateProjectFile } from "../desired/load-project.js";

/** The notification targets of a run and the environment it runs in (`--env`, else defaultEnvironment). */
export interface ProjectTargets {
  targets?: NotifyTarget[];
  environment?: string;
}

/**
 * The `notify:` targets of the project file alone, without its documents: what a reconcile cycle that
 * failed before its plan (a document the schema refuses, an unreadable repository) is told with. A
 * project file that cannot be read at all gives none: the failure is logged by the cycle anyway.
 */
export async function projectNotifyTargets(ctx: CliContext, flags: SourceFlags): Promise<ProjectTargets> {
  try {
    const { source } = await openSource(ctx, flags);
    const project = await loadProjectConfig(source, { env: flags.env, file: await locateProjectFile(source, flags.dir) });
    return { targets: project.config.notify, environment: project.env };
  } catch {
    return {};
  }
}
