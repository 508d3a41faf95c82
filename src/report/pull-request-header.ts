import type { Plan, PullRequestEnvironment, SettingChange } from "../plan/types.js";

/**
 * How the top of a pull-request plan writes what it says: `code` for the names of transync.yaml
 * (environments, aliases, variables, workspaces), `id` for the ids they stand for. Both receive text
 * already escaped for the output (text) or escape it themselves (Markdown).
 */
export interface HeaderStyle {
  code(text: string): string;
  id(text: string): string;
}

const FROM: Record<PullRequestEnvironment["from"], string> = {
  "--env": "from --env",
  base: "the base's defaultEnvironment",
  head: "the head's defaultEnvironment: nothing is applied yet",
};

/**
 * `Environment prod (the base's defaultEnvironment): token from SEGMENT_API_TOKEN_PROD, bound to
 * workspace prd; read workspace ws_prd.`: which environment and workspace a pull-request plan read,
 * and who chose them. Undefined for a plan without --base.
 */
export function environmentSentence(plan: Plan, style: HeaderStyle): string | undefined {
  const environment = plan.pullRequest?.environment;
  if (environment === undefined) return undefined;
  const which =
    environment.name !== undefined
      ? `Environment ${style.code(environment.name)} (${FROM[environment.from]})`
      : `No environment (no --env, and the ${environment.from === "head" ? "head" : "base"} sets no defaultEnvironment)`;
  const bound = environment.workspace !== undefined ? `bound to workspace ${style.code(environment.workspace)}` : "bound to no workspace";
  return `${which}: token from ${style.code(environment.tokenEnv)}, ${bound}; read workspace ${style.id(plan.workspaceId)}.`;
}

/** One sentence per setting of transync.yaml the pull request changes (SettingChange), in the plan's order. */
export function settingChangeSentences(plan: Plan, style: HeaderStyle): string[] {
  return (plan.pullRequest?.settingChanges ?? []).map((change) => settingSentence(change, style));
}

export const SETTING_CHANGES_TITLE = "This pull request changes transync.yaml:";

function settingSentence(change: SettingChange, style: HeaderStyle): string {
  if (change.setting === "source alias" || change.setting === "destination alias") {
    const alias = `${change.setting} ${style.code(change.name ?? "")}`;
    if (change.base === undefined) return `${alias} is new: it names ${style.id(change.head ?? "")}.`;
    if (change.head === undefined) return `${alias} is removed (it named ${style.id(change.base)}).`;
    return `${alias} now names ${style.id(change.head)}, was ${style.id(change.base)}.`;
  }
  const subject = change.env !== undefined ? `${change.setting} of environment ${style.code(change.env)}` : change.setting;
  const shown = (value: string | undefined): string => (value === undefined ? "(unset)" : style.code(value));
  return `${subject} is now ${shown(change.head)}, was ${shown(change.base)}: the base's is used until merged.`;
}
