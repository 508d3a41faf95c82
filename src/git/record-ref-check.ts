import type { GitSource } from "./git-source.js";
import type { Plan } from "../plan/types.js";
import { UsageError } from "../errors.js";
import { appliedRefName } from "./applied-ref.js";
import { gitIn, resolveCommit, runGit } from "./run-git.js";

/** Where and what `--record-ref` records; worked out before the first write. */
export interface RecordTarget {
  root: string;
  env: string;
  commit: string;
  push: boolean;
  /** The push's credentials, from the `--repo` URL (never written to disk). */
  pushEnv?: Record<string, string>;
}

/**
 * Checks everything `--record-ref` needs before apply writes anything: a git repository, the
 * plan's commit in it, an environment name a ref can carry, and, when the desired state was read
 * from a working tree, no uncommitted or untracked change to the desired folder or transync.yaml
 * (the recorded commit would not be what was applied). The environment is the plan's own.
 */
export async function checkRecordRef(plan: Plan, git: GitSource | undefined, fromWorkingTree: boolean): Promise<RecordTarget> {
  const nothing = "nothing was applied";
  const commit = plan.origin.commit;
  if (!git || commit === undefined) {
    throw new UsageError(
      `--record-ref needs the desired state from a git repository, and ${git ? "the plan records no commit" : "this folder is not a git checkout"}; ${nothing}. Commit the desired state in git, or apply without --record-ref.`,
    );
  }
  const env = plan.origin.env ?? "default";
  appliedRefName(env);
  const repo = gitIn(git.root);
  if (!(await resolveCommit(repo, commit)))
    throw new UsageError(
      `--record-ref: the plan's commit ${commit} is not in ${git.root}; ${nothing}. Apply from a checkout of that commit.`,
    );
  if (fromWorkingTree) {
    const paths = [plan.origin.dir, "transync.yaml"];
    const changed = await runGit(
      repo,
      ["diff", "--name-only", commit, "--", ...paths],
      "comparing the desired state with the plan's commit",
    );
    const untracked = await runGit(repo, ["ls-files", "--others", "--exclude-standard", "--", ...paths], "listing untracked desired files");
    const files = `${changed}\n${untracked}`.split("\n").filter((f) => f.trim() !== "");
    if (files.length > 0) {
      const shown = files.slice(0, 5).join(", ") + (files.length > 5 ? `, and ${files.length - 5} more` : "");
      throw new UsageError(
        `--record-ref: the desired state has changes that are not in commit ${commit.slice(0, 12)} (${shown}); ${nothing}. ` +
          "Commit them and plan again, so the recorded commit is what was applied; or apply without --record-ref.",
      );
    }
  }
  return { root: git.root, env, commit, push: git.remote !== undefined, ...(git.remoteEnv ? { pushEnv: git.remoteEnv } : {}) };
}
