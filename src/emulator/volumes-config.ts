import type { ErrorIssue } from "../errors.js";
import type { WorkspaceConfig } from "./types.js";

/**
 * Checks of a workspace's `volumes` the schema cannot make: one entry per (source, event name, event
 * type), and a source the workspace declares when it declares sources (a volume of a source Segment
 * does not know is a typo in the config).
 */
export function volumeIssues(ws: WorkspaceConfig, path: string, where: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const declared = ws.sources === undefined ? undefined : new Set(ws.sources.map((s) => s.id));
  const seen = new Set<string>();
  (ws.volumes ?? []).forEach((volume, i) => {
    const key = JSON.stringify([volume.sourceId, volume.eventName ?? null, volume.eventType]);
    const name = volume.eventName === undefined ? "(no name)" : `"${volume.eventName}"`;
    if (seen.has(key))
      issues.push({
        where: `${where}: ${path}.${i}`,
        message: `the volume of source "${volume.sourceId}", event ${name}, type "${volume.eventType}" is given twice`,
      });
    seen.add(key);
    if (declared !== undefined && !declared.has(volume.sourceId)) {
      issues.push({
        where: `${where}: ${path}.${i}.sourceId`,
        message: `"${volume.sourceId}" is not the id of a source of this workspace (sources:)`,
      });
    }
  });
  return issues;
}
