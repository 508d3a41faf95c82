import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";

// A pull-request plan (`plan --base`) under `prune: removed` deletes the Destination Filter whose
// document the pull request removed: the base's removed documents are placed on their instances as
// the head's are (src/pipeline/instance-refs.ts), so a removed document matches its live filter by
// (instance, title), its title differing from its name or not, and never a filter of that title on
// another instance. A removed document whose instance no longer resolves deletes nothing and is named
// in a warning. Against the emulator's filter routes over HTTP, with git repositories.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
  ads: { source: web, destination: { slug: google-ads, name: Ads } }
`;

const filter = (id: string, title: string) => ({
  id,
  title,
  if: "properties.internal = true",
  actions: [{ type: "DROP" as const }],
  enabled: true,
});

const CONFIG: EmulatorConfig = {
  workspaces: [
    {
      ...testWorkspace(),
      sources: [
        {
          id: "src_web",
          slug: "web",
          destinations: [
            {
              id: "dst_amp",
              name: "Amplitude prod",
              metadataId: "meta_amp",
              filters: [filter("df_amp_internal", "Internal traffic"), filter("df_amp_bots", "Bots")],
            },
            {
              id: "dst_ads",
              name: "Ads",
              metadataId: "meta_ads",
              filters: [filter("df_ads_internal", "Internal traffic"), filter("df_ads_bots", "Bots")],
            },
          ],
        },
      ],
    },
  ],
  catalog: {
    destinations: [
      { id: "meta_amp", slug: "amplitude", name: "Amplitude" },
      { id: "meta_ads", slug: "google-ads", name: "Google Ads" },
    ],
  },
};

const filterDoc = (name: string, destination: string, extra: string[] = []): string =>
  [
    "apiVersion: transync/v1",
    "kind: DestinationFilter",
    `name: ${name}`,
    `destination: ${destination}`,
    `if: "properties.internal = true"`,
    "actions: [{ type: DROP }]",
    ...extra,
  ].join("\n") + "\n";

interface JsonPlan {
  actions: Array<{ resource?: string; kind: string; name: string; id?: string; place?: string; pruneReason?: string }>;
  warnings: Array<{ message: string; where?: string }>;
}

describe("prune: removed of Destination Filters in a pull-request plan (emulator over HTTP, git repositories)", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: repo.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" } });
  const jsonPlan = async (...args: string[]): Promise<JsonPlan> => {
    const result = await run("plan", "--format", "json", ...args);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    return JSON.parse(result.stdout) as JsonPlan;
  };
  const deletes = (plan: JsonPlan) => plan.actions.filter((a) => a.kind === "delete").map((a) => [a.id, a.name, a.place, a.pruneReason]);
  const liveIds = () =>
    emulator
      .destinationFilters(TEST_WORKSPACE)
      .map((f) => f.id)
      .sort();

  beforeEach(async () => {
    emulator = await startTestEmulator(CONFIG);
    repo = tempProject({
      "transync.yaml": PROJECT,
      "transformations/internal.yaml": filterDoc("Drop internal", "amplitude-prod", ["title: Internal traffic"]),
      "transformations/bots.yaml": filterDoc("Bots", "amplitude-prod"),
      "transformations/ads.yaml": filterDoc("Ads internal", "ads", ["title: Internal traffic"]),
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("deletes the filter of a removed document whose title differs from its name, on its own instance only", async () => {
    repo.remove("transformations/internal.yaml");
    commitAll(repo.dir, "head: the Amplitude internal-traffic filter removed");
    const plan = await jsonPlan("--base", "base", "--prune=removed");
    expect(deletes(plan)).toEqual([["df_amp_internal", "Internal traffic", "web → Amplitude prod", "removed"]]);
    const applied = await run("apply", "--auto-approve", "--base", "base", "--prune=removed");
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(liveIds()).toEqual(["df_ads_bots", "df_ads_internal", "df_amp_bots"]);
  });

  it("a removed document whose name is its title deletes that title on its instance, never another instance's filter of that title", async () => {
    repo.remove("transformations/bots.yaml");
    commitAll(repo.dir, "head: the Amplitude bots filter removed");
    const plan = await jsonPlan("--base", "base", "--prune=removed");
    expect(deletes(plan)).toEqual([["df_amp_bots", "Bots", "web → Amplitude prod", "removed"]]);
  });

  it("a removed document whose instance no longer resolves deletes nothing and is named in a warning", async () => {
    repo.remove("transformations/internal.yaml");
    repo.write("transformations/gone.yaml", filterDoc("Gone", "{ slug: amplitude, name: Amplitude old }", ["source: web", "title: Bots"]));
    commitAll(repo.dir, "a filter on an instance that is no longer connected");
    git(repo.dir, "branch", "-f", "base");
    repo.remove("transformations/gone.yaml");
    commitAll(repo.dir, "head: that filter's document removed");
    const plan = await jsonPlan("--base", "base", "--prune=removed");
    expect(deletes(plan)).toEqual([]);
    const warning = plan.warnings.find((w) => w.message.includes('"Gone"'));
    expect(warning?.where).toMatch(/^transformations\/gone\.yaml:\d+:\d+$/);
    expect(warning?.message).toContain('no amplitude instance named "Amplitude old" is connected to the source');
    expect(warning?.message).toContain("nothing is deleted for it");
    const text = await run("plan", "--base", "base", "--prune=removed");
    expect(text.stdout).toContain("1 warning");
  });
});
