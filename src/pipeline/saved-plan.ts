import type { CliContext } from "./context.js";
import type { Plan } from "../plan/types.js";
import { UsageError } from "../errors.js";
import { planDigest } from "../plan/digest.js";
import { renderJson } from "../report/render-json.js";
import { sealBodySecrets } from "../secrets/body-secrets.js";
import { escapeControls } from "../escape/text-escape.js";

/**
 * The plan as `plan` shows and saves it (docs/gitops.md, "Saved plans and secrets"): the body strings that hold a
 * secret of this run shown `[redacted]`, as the rest of the plan is (src/pipeline/build-plan.ts), each secret named
 * by its variable for apply to read back (src/secrets/body-secrets.ts). So the file and `--format json` on stdout
 * are the same bytes, and `apply PLANFILE` accepts both. When `saving` (`--out`), a secret whose variable apply
 * does not read back (anything but TRANSYNC_KEY_*) is a usage error before anything is written.
 */
export function planAsSaved(ctx: CliContext, plan: Plan, saving: boolean): Plan {
  const { plan: sealed, unsealable } = sealBodySecrets(plan, ctx.env, planDigest);
  if (saving && unsealable.length > 0) {
    const named = unsealable.map((u) => `${JSON.stringify(u.name)} ${u.path.join(".")} (${u.variable})`).join(", ");
    throw new UsageError(
      escapeControls(
        `--out: a document's text holds the value of a secret variable that a saved plan cannot carry: ${named}. apply reads back only hash key variables (TRANSYNC_KEY_*); take the value out of the document, or apply from the documents (transync apply) instead of a saved plan.`,
      ),
    );
  }
  return sealed;
}

/** The saved plan's text; one that would still hold a secret of this run (in a form no variable names) is refused, never written. */
export function savedPlanText(ctx: CliContext, plan: Plan): string {
  const text = renderJson(plan);
  if (ctx.secrets.redact(text) !== text)
    throw new UsageError(
      "--out: the plan still holds a secret of this run (the API token, GITHUB_TOKEN, a hash key or a notification variable's value) in a form it cannot name; nothing was saved. Take the value out of the documents.",
    );
  return text;
}
