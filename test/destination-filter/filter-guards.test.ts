import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmulatorConfig, RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { ScriptedApi } from "../helpers/scripted-api.js";

// The safety rails on Destination Filters, against the emulator's filter routes over HTTP, every
// write logged by a relay: `protect:` refuses a filter's delete (fresh plan and saved plan), and
// `--max-deletes` counts the filters' deletes. Set up as test/destination-filter/filter-commands.test.ts.
const PROJECT = `apiVersion: transync/v1
defaultEnvironment: prod
environments:
  prod: { sources: { web: src_web } }
connections:
  amplitude-prod: { source: web, destination: { slug: amplitude, name: Amplitude prod } }
prune: all
`;

const CONFIG = (filters: Array<Record<string, unknown>>): EmulatorConfig => ({
  workspaces: [
    {
      ...testWorkspace(),
      sources: [{ id: "src_web", slug: "web", destinations: [{ id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp", filters }] }],
    },
  ],
  catalog: { destinations: [{ id: "meta_amp", slug: "amplitude", name: "Amplitude" }] },
});

const filter = (id: string, title: string) => ({ id, title, if: "type = 'page'", actions: [{ type: "DROP" }], enabled: true });
const KEPT = `apiVersion: transync/v1
kind: DestinationFilter
name: Drop internal
destination: amplitude-prod
if: "properties.internal = true"
actions: [{ type: DROP }]
`;

describe("DestinationFilter under protect: and --max-deletes (emulator over HTTP)", () => {
  let emulator: RunningEmulator;
  let relay: ScriptedApi;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: relay.url, TRANSYNC_LOG_LEVEL: "warn" } });
  const deletes = () => relay.requests.filter((r) => r.method === "DELETE").map((r) => r.path);
  const titles = () =>
    emulator
      .destinationFilters(TEST_WORKSPACE)
      .map((f) => f.title)
      .sort();

  beforeEach(async () => {
    emulator = await startTestEmulator(CONFIG([filter("df_old", "Old"), filter("df_spare", "Spare")]));
    relay = new ScriptedApi(emulator.url);
    await relay.start();
    project = tempProject({ "transync.yaml": PROJECT, "transformations/filters.yaml": KEPT });
  });
  afterEach(async () => {
    await relay.close();
    await emulator.close();
    project.cleanup();
  });

  it("protect: by the filter's title or id refuses its prune, naming the entry's line, the kind and the place; nothing is deleted", async () => {
    project.write("transync.yaml", `${PROJECT}protect: [Old]\n`);
    const refused = await run("apply", "--auto-approve");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("cannot plan: 1 protected object would be deleted or moved");
    expect(refused.stderr).toContain(
      'transync.yaml:8:11: DestinationFilter "Old" (web → Amplitude prod) (df_old) is protected (by name "Old") and this plan would delete it (prune: all)',
    );
    project.write("transync.yaml", `${PROJECT}protect: [df_old, df_spare]\n`);
    const both = await run("plan");
    expect(both.stderr).toContain("cannot plan: 2 protected objects would be deleted or moved");
    expect(both.stderr).toContain("is protected (by id df_spare)");
    // A saved plan made before the protection is refused where apply runs.
    project.write("transync.yaml", PROJECT);
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    project.write("transync.yaml", `${PROJECT}protect: [Old]\n`);
    const saved = await run("apply", "plan.json", "--auto-approve");
    expect(saved.code).not.toBe(0);
    expect(saved.stderr).toContain('DestinationFilter "Old" (web → Amplitude prod) (df_old) is protected');
    expect(deletes()).toEqual([]);
    expect(titles()).toEqual(["Old", "Spare"]);
  });

  it("--max-deletes counts the filters' deletes", async () => {
    const refused = await run("apply", "--max-deletes", "1", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the plan deletes 2 objects (2 destination filters), more than --max-deletes allows (1)");
    expect(deletes()).toEqual([]);
    expect((await run("apply", "--max-deletes", "2", "--auto-approve")).code).toBe(0);
    expect(deletes().sort()).toEqual(["/destination/dst_amp/filters/df_old", "/destination/dst_amp/filters/df_spare"]);
    expect(titles()).toEqual(["Drop internal"]);
  });

  it("a filter document's protect: true: a pull request removing it with its protection is refused, naming the base", async () => {
    project.write("transync.yaml", PROJECT.replace("prune: all\n", ""));
    project.write("transformations/filters.yaml", `${KEPT}protect: true\n`);
    git(project.dir, "init", "-q");
    commitAll(project.dir, "base");
    git(project.dir, "branch", "base");
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    const id = emulator.destinationFilters(TEST_WORKSPACE).find((f) => f.title === "Drop internal")!.id;
    project.remove("transformations/filters.yaml");
    commitAll(project.dir, "head: the filter and its protection removed");
    const refused = await run("plan", "--base", "base", "--prune=removed");
    expect(refused.code, refused.stdout + refused.stderr).not.toBe(0);
    expect(refused.stderr).toContain(
      `transformations/filters.yaml:7:10 (at the base base): DestinationFilter "Drop internal" (web → Amplitude prod) (${id}) is protected (by name "Drop internal")`,
    );
    expect(deletes()).toEqual([]);
  });
});
