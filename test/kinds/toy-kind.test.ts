import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import { loadDesired } from "../../src/desired/load-desired.js";
import { fsSource } from "../../src/desired/fs-source.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { KindClient } from "../../src/live/kind-client.js";
import { planKind } from "../../src/plan/kind-plan.js";
import { applyKindPlan } from "../../src/apply/kind-apply.js";
import { renderKindImport } from "../../src/import/kind-import.js";
import { silentLogger } from "../../src/log.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { settingsFor } from "../live/helpers.js";
import { WIDGET } from "./toy-kind.js";

const widget = (name: string, extra: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...extra].join("\n") + "\n";

describe("a second kind is one descriptor (test/kinds/toy-kind.ts): validate, emulator, plan, apply, import", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let project: TempProject;
  beforeAll(async () => {
    unregister = registerKind(WIDGET);
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
    project?.cleanup();
    unregister();
  });

  const client = () =>
    new KindClient(new HttpLiveApi(settingsFor(emulator.url, { token: TEST_TOKEN, rate: undefined }), { logger: silentLogger() }), WIDGET);
  const desired = async () => (await loadDesired(fsSource(project.dir))).state.otherKinds ?? [];

  it("validate: a Widget document beside a Transformation passes; its own rules and the registry's fields are checked at file:line:col", async () => {
    project = tempProject({
      "transformations/a.yaml": doc("Keep", "src_web"),
      "transformations/widgets.yaml": `${widget("Gear", ["colors: [red, blue]"])}---\n${widget("Cog")}`,
    });
    const ok = await runCli(["validate"], { cwd: project.dir });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    project.write("transformations/bad.yaml", `${widget("Bolt", ["colors: [1]", "size: 3"])}---\n${widget("Nut", ["colors: [7]"])}`);
    const bad = await runCli(["validate"], { cwd: project.dir });
    expect(bad.code).toBe(1);
    // The first document's unknown key is reported before its own rules run; the second's color is its rule's.
    expect(bad.stdout).toContain("transformations/bad.yaml:5:7 size: unknown field; a Widget has name, colors");
    expect(bad.stdout).toContain("transformations/bad.yaml:10:10 colors.0: must be a string");
    // Names are unique within a kind: a Widget may share a Transformation's name, not another Widget's.
    project.write("transformations/bad.yaml", `${widget("Keep")}---\n${widget("Cog")}`);
    const twice = await runCli(["validate"], { cwd: project.dir });
    expect(twice.stdout).toContain('transformations/widgets.yaml:8:7 name: duplicate name "Cog" (also at transformations/bad.yaml:7:7)');
    expect(twice.stdout).not.toContain('"Keep"');
    project.write("transformations/bad.yaml", widget("Bolt").replace("Widget", "Gadget"));
    const unknown = await runCli(["validate"], { cwd: project.dir });
    expect(unknown.stdout + unknown.stderr).toContain('unknown kind "Gadget"; known kinds: Transformation, DestinationFilter, Widget');
    project.remove("transformations/bad.yaml");
  });

  it("the emulator serves the kind from its descriptor: create, list, get, update, delete, and 422 for a field it does not have", async () => {
    const api = client();
    const made = await api.create({ name: "Spare", colors: ["b", "a"] });
    expect(made).toMatchObject({ name: "Spare", colors: ["a", "b"] });
    expect(made.id).toMatch(/^wdg_/);
    expect(await api.get(made.id)).toEqual(made);
    expect(await api.update(made.id, { colors: [] })).toEqual({ id: made.id, name: "Spare", colors: [] });
    const refused = await fetch(`${emulator.url}/widgets`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "X", size: 3 }),
    });
    expect(refused.status).toBe(422);
    expect((await api.listAll()).map((w) => w.name)).toEqual(["Spare"]);
  });

  it("plan and apply: creates, updates and prunes by the descriptor's identity, then converges; import writes documents that plan nothing", async () => {
    const api = client();
    const first = planKind(WIDGET, await desired(), await api.listAll(), { prune: true });
    expect(first.actions.map((a) => [a.resource, a.kind, a.name])).toEqual([
      ["Widget", "delete", "Spare"],
      ["Widget", "create", "Cog"],
      ["Widget", "create", "Gear"],
    ]);
    await applyKindPlan(api, first);
    expect(planKind(WIDGET, await desired(), await api.listAll(), { prune: true }).actions).toEqual([]);

    project.write("transformations/widgets.yaml", `${widget("Gear", ["colors: [blue, green]"])}---\n${widget("Cog")}`);
    const second = planKind(WIDGET, await desired(), await api.listAll(), { prune: true });
    expect(second.actions).toMatchObject([
      {
        resource: "Widget",
        kind: "update",
        name: "Gear",
        body: { colors: ["blue", "green"] },
        changes: [{ field: "colors", before: ["blue", "red"], after: ["blue", "green"] }],
      },
    ]);
    await applyKindPlan(api, second);

    const live = await api.listAll();
    const files = renderKindImport(WIDGET, live);
    expect(files.map((f) => f.path)).toEqual(["widgets.yaml"]);
    project.remove("transformations/widgets.yaml");
    project.write("transformations/widgets.yaml", files[0]!.content);
    const imported = await desired();
    expect(imported.map((d) => [d.name, d.id])).toEqual(live.map((w) => [w.name, w.id]));
    expect(planKind(WIDGET, imported, live, { prune: true }).actions).toEqual([]);
  });

  it("apply refuses a plan whose object changed since, and a create of a name that exists now", async () => {
    const api = client();
    const stale = planKind(WIDGET, [], await api.listAll(), { prune: true });
    const gear = (await api.listAll()).find((w) => w.name === "Gear")!;
    await api.update(gear.id, { colors: ["black"] });
    await expect(applyKindPlan(api, stale)).rejects.toThrow(`widget "Gear" (${gear.id}) changed since the plan was made`);
    const create = planKind(
      WIDGET,
      (await desired()).map((d) => ({ ...d, id: undefined })),
      [],
      { prune: false },
    );
    await expect(applyKindPlan(api, create)).rejects.toThrow('a widget named "Cog" exists now');
  });
});
