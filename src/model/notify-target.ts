/**
 * A notification target of transync.yaml's `notify:` (docs/gitops.md, "Notifications"): where
 * `drift --notify NAME`, `apply` and `reconcile` tell a team what happened. The URL and the signing
 * secret are never in the file, only the names of the variables holding them, and only names a
 * pull request cannot turn against another secret of the job (TRANSYNC_NOTIFY_*).
 */

/** What a target may be told of: drift found (or, with `--notify-clean`, none), an apply that wrote, one that failed, a failed reconcile cycle. */
export const NOTIFY_EVENTS = ["drift", "apply", "apply-failed", "reconcile-failed"] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export interface NotifyTarget {
  name: string;
  /** `slack`: an incoming webhook of Slack (`{text, blocks}`); `webhook`: the report JSON as it is, signed when `secretEnv` is set. */
  type: "slack" | "webhook";
  /** The variable holding the URL posted to (a secret: a Slack webhook URL is its own credential). */
  urlEnv: string;
  /** The variable holding the HMAC-SHA256 key of `X-Transync-Signature`. */
  secretEnv?: string;
  events: NotifyEvent[];
  /** The environments (keys of `environments`) whose runs tell this target. */
  environments: string[];
}

/** Every variable a notification reads starts so: a pull request editing transync.yaml cannot send another secret of the job anywhere. */
export const NOTIFY_VARIABLE_PREFIX = "TRANSYNC_NOTIFY_";

/** The `pattern` of `urlEnv` and `secretEnv` in schemas/transync.schema.json (test/notify/notify-config.test.ts holds them equal). */
export const NOTIFY_VARIABLE_PATTERN = "^TRANSYNC_NOTIFY_[A-Za-z0-9_]+$";

const VARIABLE = new RegExp(NOTIFY_VARIABLE_PATTERN);

export function isNotifyVariable(name: string): boolean {
  return VARIABLE.test(name);
}

/** Why `name` cannot hold a notification's URL or secret, for a validation error at its field. */
export function notifyVariableMessage(name: unknown): string {
  return (
    `${JSON.stringify(name)} is not a notification variable: a notification's URL and secret are read only from variables whose ` +
    `names start with ${NOTIFY_VARIABLE_PREFIX} (e.g. ${NOTIFY_VARIABLE_PREFIX}SLACK_URL), so that a pull request cannot make ` +
    "transync post another secret of the job; put the value in such a variable"
  );
}
