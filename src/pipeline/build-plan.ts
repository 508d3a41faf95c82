/**
 * Room src/pipeline/: the steps the commands share, joining the stages: the context a command
 * receives (context.ts), the desired input from flags (desired-input.ts), the plan from desired and
 * live (build-plan.ts, pull-request.ts, write-only-basis.ts, resolve-live-refs.ts) and what a
 * command asks of it (plan-request.ts; apply's request, apply-request.ts), sample events read
 * (read-events.ts) and run through a plan (plan-events.ts, event-sets.ts; the instances' live filters, live-filters.ts); every other kind's plan
 * appended to the Transformations' (kind-plans.ts; in a pull-request plan, kind-pull-request.ts).
 * May import: src/desired/, src/live/, src/git/, src/plan/, src/apply/, src/simulate/, src/report/,
 * src/impact/, src/model/, src/kinds/, src/json/, the ground floor; never src/commands/ or src/cli/.
 */
import type { CliContext } from "./context.js";
import type { HttpLiveApi } from "../live/http-live-api.js";
import type { LiveState } from "../model/live-state.js";
import type { Transformation } from "../model/transformation.js";
import type { Plan, PlanWarning } from "../plan/types.js";
import type { WriteOnlyBasisInput } from "../plan/index.js";
import { ConflictError, UsageError, ValidationError } from "../errors.js";
import { redactPlan } from "../secrets/redact-plan.js";
import {
  compareListedEarly,
  computeDigestedPlan,
  fingerprint,
  missingSecrets,
  needsDetails,
  planDigest,
  PlanError,
  type ComputePlanOptions,
  type DigestedPlan,
  type MissingSecret,
} from "../plan/index.js";
import type { DesiredResource } from "../model/desired-resource.js";
import type { KindObject } from "../kinds/kind.js";
import { planWarning } from "../desired/format-diagnostics.js";
import { transyncVersion } from "../version.js";
import { emptyFolderRefusal } from "../apply/guards.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { PlanLiveRead } from "../live/plan-live-read.js";
import { inScope } from "../plan/match.js";
import { readDesired, type DesiredInput } from "./desired-input.js";
import { readPullRequestContext, type PullRequestContext } from "./pull-request.js";
import { readWriteOnlyBasis } from "./write-only-basis.js";
import { trustedBaseReader } from "./trusted-base.js";
import { baseLabels, resolvedSettingChanges } from "./setting-changes.js";
import { escapeStrings } from "../escape/text-escape.js";
import { HttpPublicApiReads } from "../live/public-api.js";
import { resolveLiveRefs, type ResolvedRefs } from "./resolve-live-refs.js";
import { locationText } from "../model/desired-resource.js";
import { unsetHashKeyMessage } from "../model/hash-key-variable.js";
import { protectionsOf, refuseProtectedActions } from "./protections.js";
import { checkFreeze, freezeWarning, type FreezeState } from "./freeze-gate.js";
import { narrowsRun, refuseNarrowedEmptyFolder, refuseUnknownPatterns } from "./selection.js";
import type { PlanFlags, PlanRequest } from "./plan-request.js";
import { namedObjects, readOtherKinds, withOtherKinds } from "./kind-plans.js";
import { ownValue } from "../own-keys.js";

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

export type { PlanFlags, PlanMode, PlanRequest } from "./plan-request.js";
export { planRequest, planToCarryOut, SHOWN_PLAN } from "./plan-request.js";

export interface BuiltPlan {
  plan: Plan;
  desired: DesiredInput;
  live: LiveState;
  api: HttpLiveApi;
  pr?: PullRequestContext;
  /** The recorded commit's documents the write-only fields were compared with (plan --events simulates with them). */
  basis?: WriteOnlyBasisInput;
  /** How the documents' source and destination references became ids; `refs.aliases` labels ids in reports. */
  refs: ResolvedRefs;
  /** The freeze windows on when the project file was read, and the override if one was used. */
  freeze?: FreezeState;
  /** With `gonePins: "leave out"`: the documents whose pinned id is not live, left out of the plan. */
  gonePins?: DesiredResource[];
  /** The live objects of every other kind read, by kind name (the guards and --events read the Destination Filters'). */
  kindLive?: Readonly<Record<string, readonly KindObject[]>>;
}

/** The desired side of a plan: documents, pull-request context, write-only record, options. */
interface DesiredSide {
  desired: DesiredInput;
  pr?: PullRequestContext;
  options: ComputePlanOptions;
  basis?: WriteOnlyBasisInput;
  freeze?: FreezeState;
}

/**
 * validate -> (PR context and write-only record from git) -> read live state -> computePlan. The one
 * pipeline plan, apply and reconcile share. The list starts as soon as the project file is read and
 * pages while the documents are validated; each needed `get` (FQL properties a document or the
 * applied record sets; every object in scope with `--refresh full`) starts when the page holding its
 * object arrives (PlanLiveRead, LiveRead). An update costs no get of its own: what the list omits is
 * left as it is (`notRead`), so a mass change reads no more than a plan with no change.
 */
export async function buildPlan(ctx: CliContext, request: PlanRequest): Promise<BuiltPlan> {
  const { flags, mode } = request;
  const phase = phaseTimer(ctx);
  phase("started (since the process began)", {});
  const { concurrency, interruptReads, beforeRead } = mode;
  const early = new PlanLiveRead(ctx, {
    ...flags,
    pullRequest: request.pullRequest !== undefined,
    concurrency,
    interruptReads,
    beforeRead,
  });
  let side: DesiredSide;
  try {
    side = await readDesiredSide(ctx, request, early);
  } catch (error) {
    await early.abandon();
    throw error;
  }
  phase("read desired state", { documents: side.desired.state.resources.length });
  // A pull request must not choose where the token goes: with --base, the API URL comes from the base's project file.
  const { api, read } = await early.take(
    side.pr ? side.pr.trustedTarget : projectFileTarget(side.desired.state.project, side.desired.origin.env, mode.tokenUse),
  );
  try {
    const publicReads = new HttpPublicApiReads(api);
    const env = side.desired.origin.env;
    const resolved = await resolveLiveRefs(
      {
        resources: side.desired.state.resources,
        project: side.desired.state.project,
        env,
        projectFileAt: side.desired.state.projectFileAt,
      },
      publicReads,
      ctx.logger,
    );
    // A pull-request plan labels ids as the base names them: swapped aliases must not read backwards.
    const refs = side.pr?.baseProject ? { ...resolved, aliases: baseLabels(side.pr.baseProject, env, resolved) } : resolved;
    const { desired, pr, options, basis } = withResolvedRefs(side, refs);
    phase("resolved references", { warnings: refs.warnings.length });
    const resources = desired.state.resources;
    const wanted = detailsWanted(resources, options);
    // Called once per listed object as its page arrives: its fingerprint and its comparison with
    // its document (both memoised per object) are computed then, while the next page is on the
    // wire, so computePlan finds them ready after the list ends. An object read with get is
    // compared in its get reply instead.
    const compareEarly = compareListedEarly(resources, options);
    read.prefetch((t) => {
      if (wanted(t)) return true;
      if (inScope(t, options.scopeSources)) fingerprint(t);
      compareEarly(t);
      return false;
    });
    const listed = await read.state();
    const detailed = listed.transformations.filter(wanted).map((t) => t.id);
    const readLive = await read.details(listed, detailed);
    // The plan's call count is every read it made, the Public API's (sources, catalog) included.
    const live = { ...readLive, apiCalls: readLive.apiCalls + publicReads.calls };
    phase("read live state", { transformations: live.transformations.length, apiCalls: live.apiCalls });
    // Every other kind with documents, or with documents the pull request removed when those are pruned.
    const removedOfKinds = options.prune === "removed" ? pr?.otherKinds.removed : undefined;
    const otherKinds = await readOtherKinds(api, desired.state.otherKinds, removedOfKinds, {
      prune: options.prune === "all",
      context: {
        reads: publicReads,
        sourceAlias: (id) => ownValue(refs.aliases.sources, id),
        ...(options.scopeSources !== undefined ? { scopeSources: options.scopeSources } : {}),
      },
    });
    // A pattern may name another kind's document or live object too: its actions are narrowed by the same patterns.
    const otherDocuments = desired.state.otherKinds ?? [];
    refuseUnknownPatterns(flags, [...resources, ...otherDocuments], [...live.transformations, ...namedObjects(otherKinds)]);
    const gonePins = mode.gonePins === "leave out" ? pinsNotLive(resources, live.transformations) : [];
    const planned = gonePins.length > 0 ? resources.filter((r) => !gonePins.includes(r)) : resources;
    const otherObjects = namedObjects(otherKinds);
    let made = planOrConflict(planned, live, { ...options, detailedIds: detailed, otherObjects, protectionsRefused: "whole plan" });
    // Said in the plan, not only when apply refuses: an empty folder never deletes.
    const refusal = emptyFolderRefusal(made.plan, resources.length);
    if (refusal !== undefined)
      made = planOrConflict(planned, live, {
        ...options,
        detailedIds: made.plan.detailedIds,
        otherObjects,
        protectionsRefused: "whole plan",
        warnings: [...(options.warnings ?? []), { message: refusal }],
      });
    // Every other kind's actions after the Transformations', so a plan of Transformations alone is as before.
    const plan = asConflict(() => withOtherKinds(made.plan, otherKinds, pr?.otherKinds));
    // Every kind's protected deletes and moves in one refusal (computePlan left the Transformations' to it).
    refuseProtectedActions(plan, options.protections ?? []);
    // The digest's text serves redaction only for the plan it was made of (another kind's actions make a new one).
    const digestText = plan === made.plan ? made.text : undefined;
    phase("computed plan", { actions: plan.actions.length, gets: detailed.length });
    // A saved plan is an artifact: no secret a server echoed into live values goes into it.
    const redacted = redactPlan(plan, (text) => ctx.secrets.redact(text), planDigest, digestText);
    const left = gonePins.length > 0 ? { gonePins } : {};
    const kindLive = Object.fromEntries(otherKinds.map((read) => [read.kind.name, read.live]));
    return { plan: redacted, desired, live, api, pr, basis, refs, kindLive, ...(side.freeze ? { freeze: side.freeze } : {}), ...left };
  } finally {
    await read.close();
  }
}

/** Everything a plan takes from files and git; the live read (started by `early`) runs meanwhile. */
async function readDesiredSide(ctx: CliContext, { flags, pullRequest, mode }: PlanRequest, early: PlanLiveRead): Promise<DesiredSide> {
  const base = pullRequest?.base;
  // A pull request's environment is the operator's --env or the base's defaultEnvironment (src/pipeline/trusted-base.ts).
  const trusted = base !== undefined ? trustedBaseReader(ctx, { base, env: flags.env }) : undefined;
  let freeze: FreezeState | undefined;
  const desired = await readDesired(
    ctx,
    flags,
    (project) => {
      if (project.diagnostics.some((d) => d.severity === "error")) return;
      // A freeze refuses here: before the lock (taken before the list's first page) and any write.
      freeze = checkFreeze(ctx, project, mode.freeze);
      // The list starts as soon as the project file alone decides where it goes, and is valid.
      early.start(projectFileTarget(project.config, project.env, mode.tokenUse));
    },
    trusted?.choose,
  );
  // apply and reconcile send the keys: they stop here, before any write. A plan only shows them.
  const missing = missingSecrets(
    desired.state.resources.map((r) => ({ name: r.name, body: r.spec })),
    ctx.env,
  );
  // A narrowed run needs only the keys of the changes it selects: apply checks those before any write (assertPlanSecrets).
  if (mode.hashKeysNeeded && !narrowsRun(flags)) refuseMissingSecrets(desired.state.resources, missing);
  refuseNarrowedEmptyFolder(flags, desired.state.resources.length);
  const prune = resolvePrune(flags.prune, desired.state.project.prune, base);
  const pr =
    base !== undefined
      ? await readPullRequestContext(desired, { base, env: flags.env, tokenUse: mode.tokenUse }, trusted?.read())
      : undefined;
  const written = await readWriteOnlyBasis(ctx, desired, flags, pr);
  const options: ComputePlanOptions = {
    prune,
    resendWriteOnly: flags.resendWriteOnly ?? false,
    selection: { target: flags.target ?? [], exclude: flags.exclude ?? [] },
    scopeSources: desired.state.project.scopeSources,
    removed: pr?.removed,
    writeOnlyBasis: written.basis,
    refresh: flags.refresh ?? "list",
    warnings: [
      ...optional(freeze && freezeWarning(freeze)),
      ...desired.warnings.map(planWarning),
      ...(pr?.warnings ?? []),
      ...written.warnings,
    ],
    unsetKeyVariables: [...new Set(missing.map((m) => m.variable))],
    pullRequest: pr?.changes,
    pullRequestBase: pr?.baseDocuments,
    protections: [...protectionsOf(desired.state), ...(pr?.baseProtections ?? [])],
    transyncVersion: transyncVersion(),
    origin: { ...desired.origin, ...(base !== undefined ? { base: pr?.baseCommit ?? base } : {}) },
  };
  return { desired, pr, options, basis: written.basis, ...(freeze ? { freeze } : {}) };
}

/**
 * The desired side with every reference an id (slugs resolved, src/pipeline/resolve-live-refs.ts):
 * the documents, the scope, the base's and the recorded commit's documents, which the plan compares
 * with the documents and so must name sources the same way.
 */
function withResolvedRefs(side: DesiredSide, refs: ResolvedRefs): DesiredSide {
  const { desired, options } = side;
  const project = { ...desired.state.project, ...(refs.scopeSources !== undefined ? { scopeSources: refs.scopeSources } : {}) };
  const basis = side.basis ? { ...side.basis, documents: refs.resolveResources(side.basis.documents) } : undefined;
  const resolved: DesiredSide = {
    ...side,
    desired: { ...desired, state: { ...desired.state, project, resources: refs.resources } },
    options: {
      ...options,
      scopeSources: project.scopeSources,
      warnings: [...(options.warnings ?? []), ...refs.warnings],
      idNames: refs.aliases,
      ...(options.writeOnlyBasis ? { writeOnlyBasis: basis } : {}),
      ...(options.pullRequestBase ? { pullRequestBase: refs.resolveResources(options.pullRequestBase) } : {}),
      ...(options.pullRequest?.settingChanges
        ? { pullRequest: { ...options.pullRequest, settingChanges: resolvedSettingChanges(options.pullRequest.settingChanges, refs) } }
        : {}),
    },
  };
  if (basis) resolved.basis = basis;
  return resolved;
}

/** Documents pinning an id the workspace does not have (deleted outside transync). */
function pinsNotLive(resources: readonly DesiredResource[], live: readonly Transformation[]): DesiredResource[] {
  const ids = new Set(live.map((t) => t.id));
  return resources.filter((r) => r.id !== undefined && !ids.has(r.id));
}

/** Which objects are read with `get`: those whose document, or its recorded counterpart, sets FQL properties; with `full`, every object in scope too. */
function detailsWanted(resources: DesiredResource[], options: ComputePlanOptions): (t: Transformation) => boolean {
  const needed = needsDetails(resources, options.writeOnlyBasis?.documents);
  const scope = options.scopeSources;
  if ((options.refresh ?? "list") === "list") return needed;
  return (t) => needed(t) || scope === undefined || scope.includes(t.sourceId);
}

/** A hash key from an unset environment variable stops apply and reconcile before any write (the early list is aborted), naming the document. */
function refuseMissingSecrets(resources: DesiredResource[], missing: readonly MissingSecret[]): void {
  if (missing.length === 0) return;
  const byName = new Map(resources.map((r) => [r.name, r]));
  const issues: PlanWarning[] = missing.map((m) => {
    const at = byName.get(m.name)?.location;
    return {
      where: at ? locationText(at) : undefined,
      message: `hashPropertiesConfiguration.key: ${unsetHashKeyMessage(m.variable, `"${m.name}" cannot be sent without it`)}.`,
    };
  });
  throw new ValidationError(
    `${missing.length} hash key${missing.length === 1 ? " comes from an unset environment variable" : "s come from unset environment variables"}; nothing was sent.`,
    issues,
  );
}

/** Logs how long each stage took (debug level): where a slow plan spends its time. */
function phaseTimer(ctx: CliContext): (stage: string, fields: Record<string, unknown>) => void {
  let last = 0; // performance.now() counts from the start of the process
  return (stage, fields) => {
    const now = performance.now();
    ctx.logger.debug({ ...fields, ms: Math.round(now - last) }, stage);
    last = now;
  };
}

/** Flag over project policy; `removed` needs a base to know what was removed. */
export function resolvePrune(
  flag: PlanFlags["prune"],
  policy: boolean | "all" | "removed",
  base: string | undefined,
): false | "all" | "removed" {
  const chosen = flag === undefined ? policy : flag;
  const mode = chosen === true ? "all" : chosen;
  if (mode === "removed" && base === undefined) {
    if (flag === undefined) return false; // project policy `removed` outside a PR plan: nothing is known to be removed
    throw new UsageError("--prune=removed needs --base REF (the commit to compare with), e.g. --base origin/main or --base applied.");
  }
  return mode;
}

/** The planner is pure and knows no CLI errors; a matching problem (duplicate names, a pin that is gone) is a conflict. */
function planOrConflict(desired: DesiredResource[], live: LiveState, options: ComputePlanOptions): DigestedPlan<Plan> {
  return asConflict(() => computeDigestedPlan(desired, live, options));
}

/** `plan()`, a PlanError of any kind's planner (another kind's: a pinned object that cannot move) made a conflict. */
function asConflict<T>(plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    // One line per issue: the names and files it quotes are shown escaped (src/escape/text-escape.ts).
    if (error instanceof PlanError) throw new ConflictError(new PlanError(escapeStrings(error.issues), error.head).message);
    throw error;
  }
}
