import type { ProjectConfig } from "../desired/types.js";
import { redactUrl } from "./redact.js";

export interface TrustedApiUrl {
  /** The API URL the project file may contribute (flags and SEGMENT_API_URL still take precedence). */
  apiUrl: string | undefined;
  /** Set when the pull request's head changes the API URL: the change is ignored until merged. */
  warning?: string;
}

/**
 * The API URL a pull-request plan may take from transync.yaml: the BASE ref's, never the head's.
 *
 * WARNING: the head of a pull request is written by whoever opened it. If its transync.yaml could
 * choose where requests go, a hostile PR would have CI send the API token to a server of its
 * choosing. Only the base (already reviewed and merged) decides.
 */
export function readBaseProjectApiUrl(base: ProjectConfig | undefined, head: ProjectConfig | undefined, env: string | undefined): TrustedApiUrl {
  const trusted = projectFileApiUrl(base, env);
  const requested = projectFileApiUrl(head, env);
  if (requested === trusted) return { apiUrl: trusted };
  return {
    apiUrl: trusted,
    warning:
      `this change sets the API URL in transync.yaml to ${requested === undefined ? "(none)" : redactUrl(requested)}; for this plan it is ignored and ` +
      `${trusted === undefined ? "the default" : redactUrl(trusted)} is used (the base's setting). It takes effect once merged.`,
  };
}

/** The API URL a project file asks for: the environment's own, else the project's. */
export function projectFileApiUrl(project: ProjectConfig | undefined, env: string | undefined): string | undefined {
  if (!project) return undefined;
  const fromEnv = env !== undefined ? project.environments[env]?.apiUrl : undefined;
  return fromEnv ?? project.apiUrl;
}
