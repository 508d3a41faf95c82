import { mapJsonStrings } from "./redact-json.js";
import { REDACTED } from "./redact.js";

/** Said in a plan whose values (read from the server) held a secret. */
export const REDACTED_PLAN_WARNING =
  "a value read from the API holds a secret of this run (the API token, GITHUB_TOKEN or a hash key read from the environment); the plan shows it as [redacted]";

/**
 * What redaction reads of a plan (`Plan`, src/plan/types.ts): the actions' bodies, the warnings and
 * the digest. Said here, not imported: this room sits below the plan.
 */
export interface RedactablePlan {
  actions: ReadonlyArray<{ kind: string; body?: unknown }>;
  warnings: ReadonlyArray<{ message: string }>;
  digest: string;
}

/**
 * The plan with every registered secret redacted (`redact` is the output boundary's), its digest
 * made over the redacted plan by `digestOf` (the plan's own `planDigest`, src/plan/digest.ts): a
 * saved plan (`--out`, or `--format json` on stdout) holds no secret and is still accepted by
 * `apply PLANFILE`. The live values a server echoed (names, FQL, fields)
 * are what this catches; fingerprints are of the live objects as read, so apply's freshness check
 * is unchanged. The bodies apply sends come from the documents and are kept as written: redacting
 * them would send `[redacted]` (apply's create guard matches by the body's name, so a redacted
 * action name changes nothing but what is shown).
 *
 * `scanned`, when the caller has it, is the plan's canonical JSON without its digest (the text the
 * digest was made from: `digestedPlan`, src/plan/digest.ts): it holds the plan's strings, escaped
 * as in any JSON text of the plan, so the plan is not serialised again only to be searched.
 */
export function redactPlan<P extends RedactablePlan>(
  plan: P,
  redact: (text: string) => string,
  digestOf: (plan: object) => string,
  scanned?: string,
): P {
  if (!holdsSecret(plan, redact, scanned)) return plan;
  const text = JSON.stringify(plan);
  const copy = mapJsonStrings(JSON.parse(text), redact) as P;
  copy.actions.forEach((action, i) => {
    const original = plan.actions[i]!;
    if (original.kind === "delete") return;
    // What apply sends comes from the documents: kept as written.
    Object.assign(action, { body: JSON.parse(JSON.stringify(original.body)) as unknown });
  });
  const { digest: _stale, ...rest } = { ...copy, warnings: [...copy.warnings, { message: REDACTED_PLAN_WARNING }] };
  return { ...rest, digest: digestOf(rest) } as unknown as P;
}

/** Whether a string of `plan` holds a secret: a secret in any string shows in a JSON text of it, in one of the forms the redactor looks for. */
function holdsSecret(plan: RedactablePlan, redact: (text: string) => string, scanned: string | undefined): boolean {
  const text = scanned ?? JSON.stringify(plan);
  // `scanned` leaves the digest out: a hash, but scanned as well, so the answer is the whole plan's.
  return redact(text) !== text || (scanned !== undefined && redact(plan.digest) !== plan.digest);
}

/**
 * Whether `shown` (text of a saved plan, a secret in it `[redacted]`) may be `text` redacted: each
 * [redacted] stands for some text and everything else is the same. A plan saved by another run was
 * redacted with that run's secrets, which this run may not know: the form is matched, not redone.
 */
export function mayBeRedactedFrom(shown: string, text: string): boolean {
  const pieces = shown.split(REDACTED);
  // Few secrets in one value; a bound keeps a hostile file from making the pattern slow.
  if (pieces.length < 2 || pieces.length > 9) return false;
  const parts = pieces.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+?")}$`, "s").test(text);
}
