/**
 * `notify:` of transync.yaml (docs/gitops.md, "Notifications"): the targets the schema let through,
 * each checked for what a schema cannot say (names unique, environments known, a signing secret only
 * where a signature is sent), every finding at its field.
 */
import type { FieldPath } from "./positions.js";
import type { NotifyTarget } from "../model/notify-target.js";

/** Where findings go: rules.ts's RuleReporter (not imported: types.ts imports this file's types, and rules.ts types.ts). */
export interface NotifyReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string): void;
}

/** The targets of a `notify:` list, but those the schema refused (`schemaFailed`, by index) and those with a finding here. */
export function readNotifyTargets(
  raw: unknown,
  environments: readonly string[],
  reporter: NotifyReporter,
  schemaFailed: ReadonlySet<number> = new Set(),
): NotifyTarget[] {
  if (!Array.isArray(raw)) return [];
  const targets: NotifyTarget[] = [];
  const seen = new Map<string, number>();
  raw.forEach((entry: NotifyTarget | null, i) => {
    if (schemaFailed.has(i) || entry === null || typeof entry !== "object") return;
    let ok = true;
    const bad = (path: FieldPath, rule: string, message: string): void => {
      ok = false;
      reporter.report("error", rule, ["notify", i, ...path], `notification "${entry.name}": ${message}`);
    };
    const first = seen.get(entry.name);
    if (first !== undefined) bad(["name"], "notify-target", `the name is taken by notify[${first}]; each target needs its own name`);
    else seen.set(entry.name, i);
    if (entry.type === "slack" && entry.secretEnv !== undefined)
      bad(["secretEnv"], "notify-target", "a Slack incoming webhook is not signed; secretEnv is for `type: webhook` only");
    entry.environments.forEach((env, j) => {
      if (environments.includes(env)) return;
      const defined =
        environments.length > 0 ? `transync.yaml defines: ${environments.join(", ")}` : "transync.yaml defines no environments";
      bad(["environments", j], "unknown-environment", `names unknown environment "${env}"; ${defined}`);
    });
    if (ok) targets.push(entry);
  });
  return targets;
}
