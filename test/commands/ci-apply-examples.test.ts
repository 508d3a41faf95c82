import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "../../examples/ci");
const read = async (path: string): Promise<Record<string, unknown>> =>
  parse(await readFile(join(ROOT, path), "utf8")) as Record<string, unknown>;

/** Two CI runners share no lock file: the example workflows serialise applies per environment themselves. */
describe("example CI workflows and apply", () => {
  it("GitHub: the apply workflow runs in one concurrency group per environment, never cancelling an apply", async () => {
    const apply = await read("github/transync-apply.yml");
    // The group is the job's, so that `init` writes one apply job per environment, each with its own group.
    const job = (apply.jobs as Record<string, { env: Record<string, string>; concurrency?: unknown } | undefined>).apply;
    expect(job?.concurrency).toEqual({ group: `transync-apply-${job?.env.TRANSYNC_ENV}`, "cancel-in-progress": false });
    expect(apply.concurrency).toBeUndefined();
  });

  it("GitLab: the apply job has a resource group per environment", async () => {
    const ci = await read("gitlab/.gitlab-ci.yml");
    const env = (ci.variables as Record<string, string>).TRANSYNC_ENV;
    expect((ci.apply as { resource_group: string }).resource_group).toBe(`transync-apply-${env}`);
  });

  it("no `apply PLANFILE` passes a flag that a plan file refuses", async () => {
    const text =
      (await readFile(join(ROOT, "github/transync-apply.yml"), "utf8")) + (await readFile(join(ROOT, "gitlab/.gitlab-ci.yml"), "utf8"));
    const lines = text.split("\n").filter((line) => /transync apply \S+\.json/.test(line));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).not.toMatch(/--(dir|env|ref|repo|prune|no-prune|base|resend-write-only)\b/);
  });
});
