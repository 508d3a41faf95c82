import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { KindClient } from "../../src/live/kind-client.js";
import { silentLogger } from "../../src/log.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { settingsFor } from "../live/helpers.js";
import { WIDGET } from "./toy-kind.js";

const SRC = "src_web";
const PROJECT = "apiVersion: transync/v1\nenvironments:\n  prod: {}\n";
const widget = (name: string, colors: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...(colors.length > 0 ? [`colors: [${colors.join(", ")}]`] : [])].join(
    "\n",
  ) + "\n";

/**
 * The safety rails every kind passes through, proved with the toy kind (test/kinds/toy-kind.ts):
 * `protect:` refuses a widget's delete, `--max-deletes` counts the widgets' deletes, and a drift
 * acknowledgement names its kind, so one of a Transformation does not silence a widget of its name.
 */
describe("a registered kind under protect:, --max-deletes and drift acknowledgements", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" } });
  const client = () =>
    new KindClient(new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), { logger: silentLogger() }), WIDGET);
  const names = async () => (await client().listAll()).map((w) => w.name).sort();

  beforeAll(() => {
    unregister = registerKind(WIDGET);
  });
  afterAll(() => unregister());
  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_keep", name: "Gear", sourceId: SRC, enabled: true, if: "event = 'A'" }]),
          sources: [{ id: SRC, slug: "web" }],
        },
      ],
    });
    project = tempProject({
      "transync.yaml": PROJECT,
      "transformations/a.yaml": doc("Gear", SRC, { if: "event = 'A'" }),
      "transformations/widgets.yaml": widget("Gear", ["red"]),
    });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("protect: by name or by id refuses a widget's delete under prune, naming the entry's line and the kind", async () => {
    const spare = await client().create({ name: "Spare" });
    project.write("transync.yaml", `${PROJECT}protect:\n  - Spare\n`);
    const byName = await run("apply", "--prune", "--auto-approve");
    expect(byName.code).not.toBe(0);
    expect(byName.stderr).toContain("cannot plan: 1 protected object would be deleted or moved");
    expect(byName.stderr).toContain(`transync.yaml:5:5: Widget "Spare" (${spare.id}) is protected (by name "Spare")`);
    project.write("transync.yaml", `${PROJECT}protect:\n  - ${spare.id}\n`);
    const byId = await run("plan", "--prune");
    expect(byId.code).not.toBe(0);
    expect(byId.stderr).toContain(`is protected (by id ${spare.id})`);
    // A saved plan made before the protection is refused where apply runs.
    project.write("transync.yaml", PROJECT);
    expect((await run("plan", "--prune", "--out", "plan.json")).code).toBe(0);
    project.write("transync.yaml", `${PROJECT}protect:\n  - Spare\n`);
    const saved = await run("apply", "plan.json", "--auto-approve");
    expect(saved.code).not.toBe(0);
    expect(saved.stderr).toContain(`Widget "Spare" (${spare.id}) is protected`);
    expect(await names()).toEqual(["Spare"]);
    // An entry naming a live widget protects something: no "protects nothing" warning.
    expect((await run("plan")).stdout).not.toContain("protects nothing");
  });

  it("one refusal lists every protected object of every kind (a Transformation's and a widget's), in every format, names escaped", async () => {
    project.write("transformations/old.yaml", doc("Old", SRC, { if: "event = 'B'" }));
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    const odd = await client().create({ name: "Spare\u001b[31m" });
    project.remove("transformations/old.yaml");
    project.write("transync.yaml", `${PROJECT}protect:\n  - Old\n  - "Spare\\e[31m"\n`);
    for (const args of [["plan"], ["plan", "--format", "json"], ["plan", "--format", "markdown"], ["apply", "--auto-approve"]]) {
      const refused = await run(...args, "--prune");
      expect(refused.code, args.join(" ")).not.toBe(0);
      expect(refused.stderr).toContain("cannot plan: 2 protected objects would be deleted or moved");
      expect(refused.stderr).toMatch(/transync\.yaml:5:5: "Old" \(\S+\) is protected \(by name "Old"\)/);
      expect(refused.stderr).toContain(
        `transync.yaml:6:5: Widget "Spare\\u001b[31m" (${odd.id}) is protected (by name "Spare\\u001b[31m")`,
      );
      expect(refused.stderr).not.toContain("\u001b");
    }
    expect(await names()).toEqual(["Gear", "Spare\u001b[31m"]);
  });

  it("--max-deletes counts the widgets' deletes", async () => {
    await client().create({ name: "Spare 1" });
    await client().create({ name: "Spare 2" });
    const refused = await run("apply", "--prune", "--max-deletes", "1", "--auto-approve");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the plan deletes 2 objects (2 widgets), more than --max-deletes allows (1)");
    expect(await names()).toEqual(["Spare 1", "Spare 2"]);
    expect((await run("apply", "--prune", "--max-deletes", "2", "--auto-approve")).code).toBe(0);
    expect(await names()).toEqual(["Gear"]);
  });

  it("an acknowledgement names its kind: a Transformation's does not silence the widget of its name; kind: Widget does", async () => {
    git(project.dir, "init", "-q");
    commitAll(project.dir, "base");
    expect((await run("apply", "--env", "prod", "--auto-approve", "--record-ref")).code).toBe(0);
    const gear = (await client().listAll()).find((w) => w.name === "Gear")!;
    await client().update(gear.id, { colors: ["green"] });
    const ack = (extra: string, fields: string) =>
      `${PROJECT}drift:\n  acknowledge:\n    - { env: prod, name: Gear, fields: [${fields}], until: "2999-01-01", reason: hotfix, owner: ops${extra} }\n`;
    project.write("transync.yaml", ack("", "if"));
    const unkinded = await run("drift", "--env", "prod", "--format", "json");
    expect(unkinded.code, unkinded.stderr).toBe(2);
    expect((JSON.parse(unkinded.stdout) as { drifted: unknown[] }).drifted).toMatchObject([{ resource: "Widget", name: "Gear" }]);
    project.write("transync.yaml", ack(", kind: Widget", "colors"));
    const kinded = await run("drift", "--env", "prod", "--format", "json");
    expect(kinded.code, kinded.stdout + kinded.stderr).toBe(0);
    project.write("transync.yaml", ack(", kind: Widget", "shade"));
    const unknown = await run("validate");
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('unknown field "shade"; the fields of a Widget are: name, colors');
    project.write("transync.yaml", ack(", kind: Gadget", "colors"));
    expect((await run("validate")).stdout).toContain('unknown kind "Gadget"');
  });

  it("a widget document's protect: true: a pull request removing it with its protection is refused, naming the base", async () => {
    project.write("transformations/widgets.yaml", widget("Gear", ["red"]).replace("name: Gear", "name: Gear\nprotect: true"));
    git(project.dir, "init", "-q");
    commitAll(project.dir, "base");
    git(project.dir, "branch", "base");
    expect((await run("apply", "--auto-approve")).code).toBe(0);
    project.remove("transformations/widgets.yaml");
    commitAll(project.dir, "head: the widget and its protection removed");
    const refused = await run("plan", "--base", "base", "--prune=removed");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(
      /transformations\/widgets\.yaml:4:\d+ \(at the base base\): Widget "Gear" \(\S+\) is protected \(by name "Gear"\)/,
    );
    expect(await names()).toEqual(["Gear"]);
    expect((await run("validate")).code).toBe(0);
    project.write("transformations/w.yaml", widget("Bolt").replace("name: Bolt", "name: Bolt\nprotect: yes please"));
    const bad = await run("validate");
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("protect must be true or false");
  });
});
