import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator } from "../helpers/emulator.js";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");
const seed = parse(readFileSync(join(EXAMPLES, "emulator.yaml"), "utf8")) as EmulatorConfig;

/** The seed's events per day (7-day average, rounded as the plan rounds) of the web source's names that `keep` accepts. */
function seededPerDay(workspaceSlug: string, keep: (eventName: string | undefined) => boolean): number {
  const workspace = seed.workspaces.find((w) => w.slug === workspaceSlug)!;
  const web = workspace.sources!.find((s) => s.slug === "web")!.id;
  const rows = workspace.volumes!.filter((v) => v.sourceId === web && keep(v.eventName));
  return Math.round(rows.reduce((sum, v) => sum + v.perDay.reduce((a, b) => a + b, 0), 0) / 7);
}

/** Issue 35's acceptance: the examples' numbers on their own seeded volumes, through the CLI. */
describe("plan --volumes --events on the examples: honest numbers", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator(seed);
  });
  afterAll(() => emulator.close());

  const run = async (env: string, format: "json" | "markdown"): Promise<string> => {
    const res = await runCli(["plan", "--env", env, "--format", format, "--volumes", "--events", "events"], {
      cwd: EXAMPLES,
      env: { SEGMENT_API_TOKEN_STAGING: "demo-token-staging", SEGMENT_API_TOKEN_PROD: "demo-token-prod", SEGMENT_API_URL: emulator.url },
    });
    expect(res.code, res.stderr).toBe(0);
    return res.stdout;
  };
  const plan = async (env: string): Promise<Plan> => JSON.parse(await run(env, "json")) as Plan;
  const volumeOf = (p: Plan, name: string) => p.actions.find((a) => a.name === name)?.volume;

  it.each([
    ["staging", "acme-staging"],
    ["prod", "acme-prod"],
  ])(
    "%s: Normalize checkout currency is an estimate within Checkout Started's exact volume; Drop debug events is exact",
    async (env, slug) => {
      const planned = await plan(env);
      const checkoutStarted = seededPerDay(slug, (name) => name === "Checkout Started");
      expect(checkoutStarted).toBeGreaterThan(1_000);
      const normalize = volumeOf(planned, "Normalize checkout currency")!;
      expect(normalize.basis).toBe("estimate");
      expect(normalize.after).toBeGreaterThan(0);
      expect(normalize.after).toBeLessThanOrEqual(checkoutStarted);
      // match(event, 'Debug *') reads only the name: the seed's Debug events exactly (staging's Debug Render, none in prod).
      const debug = seededPerDay(slug, (name) => name?.startsWith("Debug ") === true);
      expect(volumeOf(planned, "Drop debug events")).toEqual({ after: debug, basis: "exact", days: 7 });
    },
  );

  it("the pull-request comment labels each figure: the Debug events exact, the checkout currency an estimate", async () => {
    const markdown = await run("staging", "markdown");
    const debug = seededPerDay("acme-staging", (name) => name?.startsWith("Debug ") === true);
    expect(markdown).toContain(`create <b>Drop debug events</b> · ~${debug.toLocaleString("en-US")} events/day (exact, 7-day average)`);
    expect(markdown).toMatch(/update <b>Normalize checkout currency<\/b> [^\n]*· ~[\d,]+ events\/day \(estimate, 7-day average\)/);
  });
});
