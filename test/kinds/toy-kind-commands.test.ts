import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerKind } from "../../src/kinds/index.js";
import { plan as planValidator } from "../../src/report/plan-validator.generated.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { WIDGET } from "./toy-kind.js";

const SRC = "src_web";
const widget = (name: string, extra: string[] = []) =>
  ["apiVersion: transync/v1", "kind: Widget", `name: ${name}`, ...extra].join("\n") + "\n";

interface JsonPlan {
  actions: Array<Record<string, unknown>>;
  summary: Record<string, number>;
  fingerprints: Record<string, string>;
}

/** The toy kind (test/kinds/toy-kind.ts), registered here only, through the real commands in-process beside a Transformation. */
describe("a registered kind goes through the commands: validate, plan (text, JSON, Markdown)", () => {
  let unregister: () => void;
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (...args: string[]) =>
    runCli(args, {
      cwd: project.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "warn" },
    });

  beforeAll(async () => {
    unregister = registerKind(WIDGET);
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace([{ id: "tfm_keep", name: "Keep", sourceId: SRC, enabled: true, if: "event = 'A'" }]),
          sources: [{ id: SRC, slug: "web" }],
        },
      ],
    });
    project = tempProject({
      "transformations/a.yaml": doc("Keep", SRC, { if: "event = 'A'" }),
      "transformations/widgets.yaml": `${widget("Gear", ["colors: [red, blue]"])}---\n${widget("Cog")}`,
    });
  });
  afterAll(async () => {
    await emulator.close();
    project?.cleanup();
    unregister();
  });

  it("validate counts the Transformations and the widgets apart", async () => {
    const validated = await run("validate");
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toContain("Validated 1 transformation and 2 widgets in 2 files: 0 errors, 0 warnings.");
  });

  it("plan: the widgets' actions after the Transformations', each naming its kind; the digest and the summary cover them", async () => {
    const json = await run("plan", "--format", "json");
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as JsonPlan;
    expect(plan.actions.map((a) => [a.resource, a.kind, a.name])).toEqual([
      ["Widget", "create", "Cog"],
      ["Widget", "create", "Gear"],
    ]);
    expect(plan.actions[1]).toMatchObject({ body: { name: "Gear", colors: ["red", "blue"] }, sourceId: "" });
    expect(plan.summary).toMatchObject({ create: 2, update: 0, delete: 0, unchanged: 1 });
    expect(planValidator(plan)).toBe(true);

    const text = await run("plan");
    expect(text.stdout).toContain('create Widget "Gear"');
    expect(text.stdout).toContain("Plan: 2 to create, 0 to update, 0 to delete.");
    const markdown = await run("plan", "--format", "markdown");
    expect(markdown.stdout).toContain("create Widget <b>Gear</b>");
  });
});
