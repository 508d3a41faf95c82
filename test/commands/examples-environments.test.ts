import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { tokenValue, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");
const seed = parse(readFileSync(join(EXAMPLES, "emulator.yaml"), "utf8")) as EmulatorConfig;
const tokenOf = (slug: string): string => tokenValue(seed.workspaces.find((w) => w.slug === slug)!.tokens[0]!);

/** What `npm run demo` shows (scripts/demo.mjs): examples/ in two workspaces, each environment with its own token. */
describe("examples/: staging and prod are two workspaces with their own tokens", () => {
  let emulator: RunningEmulator;
  const run = (tokens: Record<string, string>, ...args: string[]) =>
    runCli(args, { cwd: EXAMPLES, env: { ...tokens, SEGMENT_API_URL: emulator.url, TRANSYNC_KEY_EMAIL: "demo-hash-key" } });
  const tokens = () => ({ SEGMENT_API_TOKEN_STAGING: tokenOf("acme-staging"), SEGMENT_API_TOKEN_PROD: tokenOf("acme-prod") });

  beforeEach(async () => {
    emulator = await startTestEmulator(seed);
  });
  afterEach(async () => {
    await emulator.close();
  });

  it("both environments name their sources by the same slug aliases, and each workspace of the seed has a source of every slug", () => {
    const project = parse(readFileSync(join(EXAMPLES, "transync.yaml"), "utf8")) as {
      environments: Record<string, { sources: Record<string, { slug: string }> }>;
    };
    const [staging, prod] = [project.environments.staging!.sources, project.environments.prod!.sources];
    expect(prod).toEqual(staging);
    for (const workspace of seed.workspaces) {
      const slugs = new Set((workspace.sources ?? []).map((s) => s.slug));
      for (const alias of Object.values(staging))
        expect(slugs, `${workspace.slug} has a source of slug ${alias.slug}`).toContain(alias.slug);
    }
  });

  it("each environment applies to its own workspace and converges; the staging token given for prod is refused before any read", async () => {
    const [staging, prod] = seed.workspaces.map((w) => w.id);
    // The guards of examples/transync.yaml hold back "Drop debug events" until the operator accepts it, as the demo does.
    const refused = await run(tokens(), "apply", "--env", "staging", "--prune", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--accept-blast-radius "Drop debug events"');
    expect(emulator.transformations(staging!).map((t) => t.name)).not.toContain("Drop debug events");
    for (const env of ["staging", "prod"]) {
      const applied = await run(tokens(), "apply", "--env", env, "--prune", "--auto-approve", "--accept-blast-radius", "Drop debug events");
      expect(applied.code, applied.stderr).toBe(0);
    }
    const names = (ws: string) =>
      emulator
        .transformations(ws)
        .map((t) => t.name)
        .sort();
    expect(names(prod!)).toEqual(names(staging!));
    expect(new Set(emulator.transformations(prod!).map((t) => t.sourceId))).toEqual(
      new Set(["qQEHquLrjRDN9j1ByrChyn", "rh5BDZp6QDHvXFCkibm1pR", "x9DkLm2TqWbH7sVfRp4NcE"]),
    );
    for (const env of ["staging", "prod"]) {
      const plan = await run(tokens(), "plan", "--env", env, "--prune", "--detailed-exitcode");
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    }
    emulator.resetStats();
    const wrong = await run({ ...tokens(), SEGMENT_API_TOKEN_PROD: tokenOf("acme-staging") }, "plan", "--env", "prod", "--prune");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'environment "prod" is bound to workspace "acme-prod", but the token in SEGMENT_API_TOKEN_PROD reaches workspace "acme-staging"',
    );
    expect(Object.keys(emulator.stats().byRoute).filter((route) => !route.endsWith(" /"))).toEqual([]);
  }, 180_000);
});
