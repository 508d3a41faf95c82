import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { DESTINATION_FILTER } from "../../src/kinds/index.js";
import { planDigest } from "../../src/plan/digest.js";
import { planKind } from "../../src/plan/kind-plan.js";
import { PlanError } from "../../src/plan/plan-error.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";

// A filter's source and instance are set by its create only (`fixed` in its registry: the API's
// update input has neither, test/kinds/registry-vs-sdk.test.ts). A document pinning a filter that
// lives on another instance is refused at plan, naming both instances, and nothing is written; before,
// the plan sent `{ destinationId }` in a PATCH the API does not take. A pin to a filter on an instance
// no document names (so not read) is refused as a pin that is gone; before, a second filter was created.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
  ads: { source: web, destination: { slug: google-ads, name: Ads } }
`;
interface JsonPlan {
  actions: Array<{ body?: unknown; changes: Array<Record<string, unknown>> }>;
}
const filter = (id: string, title: string) => ({ id, title, if: "type = 'page'", actions: [{ type: "DROP" as const }], enabled: true });
const doc = (name: string, destination: string, id?: string): string =>
  [
    "apiVersion: transync/v1",
    "kind: DestinationFilter",
    `name: ${name}`,
    ...(id !== undefined ? [`id: ${id}`] : []),
    `destination: ${destination}`,
    `if: "type = 'page'"`,
    "actions: [{ type: DROP }]",
  ].join("\n") + "\n";

describe("a filter's instance and source are fixed at create", () => {
  let emulator: RunningEmulator;
  let relay: ScriptedApi;
  let project: TempProject;
  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace(),
          sources: [
            {
              id: "src_web",
              slug: "web",
              destinations: [
                { id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp" },
                { id: "dst_ads", name: "Ads", metadataId: "meta_ads", filters: [filter("df_1", "Moved"), filter("df_2", "Stay")] },
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
    });
    relay = new ScriptedApi(emulator.url);
    await relay.start();
    project = tempProject({ "transync.yaml": PROJECT });
  });
  afterEach(async () => {
    await relay.close();
    await emulator.close();
    project.cleanup();
  });
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: relay.url, TRANSYNC_LOG_LEVEL: "warn" } });

  it("refuses at plan and apply a pinned filter whose document names another instance; nothing is written", async () => {
    project.write("transformations/filters.yaml", `${doc("Moved", "amplitude-prod", "df_1")}---\n${doc("Stay", "ads")}`);
    for (const command of [["plan"], ["apply", "--auto-approve"]]) {
      const refused = await run(...command);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain("transformations/filters.yaml:1:1");
      expect(refused.stderr).toContain(
        'DestinationFilter "Moved" pins id "df_1", which is on destinationId "dst_ads"; its document gives "dst_amp"',
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      expect(refused.stderr).toMatch(/^Error: cannot plan: 1 document cannot be matched to live state\n/);
    }
    expect(relay.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(emulator.destinationFilters(TEST_WORKSPACE).map((f) => [f.id, f.destinationId])).toEqual([
      ["df_1", "dst_ads"],
      ["df_2", "dst_ads"],
    ]);
  });

  it("refuses a pin to a filter no instance read holds (on an instance no document names, or deleted), as a Transformation's pin that is gone", async () => {
    project.write("transformations/filters.yaml", doc("Moved", "amplitude-prod", "df_1"));
    const refused = await run("plan");
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stderr).toContain(
      'transformations/filters.yaml:1:1: DestinationFilter "Moved" pins id "df_1", but there is no destination filter with that id on destinationId "dst_amp"',
    );
    expect(refused.stderr).toContain("Remove the `id:` line to create it again");
  });

  it("apply PLANFILE refuses an update whose body sends destinationId, though its changes list it and its digest was made again", async () => {
    project.write("transformations/filters.yaml", doc("Stay", "ads") + "enabled: false\n");
    expect((await run("plan", "--out", "edited.json")).code).toBe(0);
    const plan = JSON.parse(readFileSync(join(project.dir, "edited.json"), "utf8")) as JsonPlan & { digest: string };
    const action = plan.actions[0]!;
    action.body = { ...(action.body as object), destinationId: "dst_amp" };
    action.changes = [...action.changes, { field: "destinationId", before: "dst_ads", after: "dst_amp" }];
    plan.digest = planDigest(plan as unknown as Parameters<typeof planDigest>[0]);
    project.write("edited.json", JSON.stringify(plan));
    const refused = await run("apply", "edited.json", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain("its body sends destinationId, which only a create sets");
    expect(relay.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("the pin removed, the filter is created on the instance its document names (the old one stays unmanaged)", async () => {
    project.write("transformations/filters.yaml", `${doc("Moved", "amplitude-prod")}---\n${doc("Stay", "ads")}`);
    const planned = await run("plan");
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('create DestinationFilter "Moved" (web → Amplitude prod)');
  });

  it("planKind (pure) names each fixed field a pinned document would change, once per document", () => {
    const live = { ...filter("df_1", "Moved"), sourceId: "src_web", destinationId: "dst_ads" };
    const spec = { ...live, id: undefined, sourceId: "src_app", destinationId: "dst_amp" };
    const location = { file: "f.yaml", line: 3, col: 1 };
    const desired = [{ name: "Moved", id: "df_1", spec, location }] as unknown as Parameters<typeof planKind>[1];
    let thrown: unknown;
    try {
      planKind(DESTINATION_FILTER, desired, [live], { prune: false });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlanError);
    expect((thrown as PlanError).issues).toEqual([
      {
        where: "f.yaml:3:1",
        ids: ["df_1"],
        message: expect.stringMatching(
          /^DestinationFilter "Moved" pins id "df_1", which is on sourceId "src_web", destinationId "dst_ads"; its document gives "src_app", "dst_amp"/,
        ),
      },
    ]);
  });
});
