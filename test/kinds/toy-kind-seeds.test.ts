import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { registerKind } from "../../src/kinds/index.js";
import { checkEmulatorConfig, loadEmulatorConfig, type EmulatorConfig } from "../../src/emulator/index.js";
import { ValidationError } from "../../src/errors.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject } from "../helpers/project.js";
import { WIDGET } from "./toy-kind.js";

/** The issues of a config the emulator refuses, as `where: message` lines. */
function issuesOf(config: unknown): string[] {
  try {
    checkEmulatorConfig(config, "emulator.yaml");
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => `${i.where}: ${i.message}`);
    throw error;
  }
  return [];
}

const withKinds = (kinds: unknown): EmulatorConfig => ({ workspaces: [{ ...testWorkspace(), kinds } as never] });

describe("the emulator config seeds a generic kind's objects (workspaces[].kinds, the toy Widget)", () => {
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerKind(WIDGET);
  });
  afterAll(() => unregister());

  it("seeds are listed and read by the generic routes, with their ids and the descriptor's stored form", async () => {
    const emulator = await startTestEmulator(
      withKinds({ Widget: [{ id: "wdg_gear", name: "Gear", colors: ["red", "blue"] }, { name: "Cog" }] }),
    );
    try {
      const get = (path: string) =>
        fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } }).then((r) => r.json());
      const listed = (await get("/widgets")) as { data: { widgets: Array<Record<string, unknown>> } };
      expect(listed.data.widgets.map((w) => w.name)).toEqual(["Gear", "Cog"]);
      expect(listed.data.widgets[0]).toEqual({ id: "wdg_gear", name: "Gear", colors: ["blue", "red"] });
      expect(listed.data.widgets[1]!.id).toMatch(/^wdg_/);
      expect(await get("/widgets/wdg_gear")).toEqual({ data: { widget: { id: "wdg_gear", name: "Gear", colors: ["blue", "red"] } } });
    } finally {
      await emulator.close();
    }
  });

  it("each seed is checked as a create is: unknown field, required field, decode rule, id; every issue with its where", () => {
    const issues = issuesOf(
      withKinds({
        Widget: [
          { name: "Gear", size: 3 },
          { colors: ["red"] },
          { name: "Nut", colors: [7] },
          { id: "w1", name: "A" },
          { id: "w1", name: "B" },
          { id: "", name: "C" },
        ],
      }),
    );
    expect(issues).toEqual([
      "emulator.yaml: workspaces.0.kinds.Widget.0.size: is not a field of Widget",
      "emulator.yaml: workspaces.0.kinds.Widget.1.name: is required",
      "emulator.yaml: workspaces.0.kinds.Widget.2.colors.0: must be a string",
      'emulator.yaml: workspaces.0.kinds.Widget.4.id: id "w1" appears twice',
      'emulator.yaml: workspaces.0.kinds.Widget.5.id: "id" must be a non-empty string',
    ]);
  });

  it("a kind that is not registered, or has a seed list of its own, is refused naming the kinds it may seed", () => {
    expect(issuesOf(withKinds({ Gadget: [{ name: "x" }] }))).toEqual([
      'emulator.yaml: workspaces.0.kinds.Gadget: "Gadget" is not a registered kind; kinds: seeds Widget',
    ]);
    expect(issuesOf(withKinds({ Transformation: [] }))[0]).toContain(
      '"Transformation" is seeded by the workspace\'s own list (transformations:, filters:), not kinds:; kinds: seeds Widget',
    );
    expect(issuesOf(withKinds({ Widget: {} }))[0]).toContain("workspaces.0.kinds.Widget");
  });

  it("a --config file's seeds load, and a data file's state replaces them", async () => {
    const project = tempProject({});
    try {
      const file = join(project.dir, "emulator.yaml");
      writeFileSync(
        file,
        `workspaces:\n  - { id: ws_test, slug: t, name: T, tokens: [${TEST_TOKEN}], kinds: { Widget: [{ id: wdg_1, name: Gear }] } }\n`,
      );
      const config = await loadEmulatorConfig(file);
      const dataFile = join(project.dir, "data.jsonl");
      const first = await startTestEmulator(config, { dataFile });
      const auth = { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" };
      await fetch(`${first.url}/widgets/wdg_1`, { method: "DELETE", headers: auth });
      await first.close();
      const second = await startTestEmulator(config, { dataFile });
      const listed = (await (await fetch(`${second.url}/widgets`, { headers: auth })).json()) as { data: { widgets: unknown[] } };
      expect(listed.data.widgets).toEqual([]);
      await second.close();
    } finally {
      project.cleanup();
    }
  });
});
