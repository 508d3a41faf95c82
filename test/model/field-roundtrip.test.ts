import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIELDS, FIELD_NAMES, fieldsWhere, type FieldName } from "../../src/model/fields.js";
import { SIMULATOR_STEPS } from "../../src/simulate/simulator-steps.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";

/**
 * One end-to-end test per field of the registry (src/model/fields.ts), generated from its facts:
 * adding an entry adds its test. Each goes through the CLI, real git and the emulator over HTTP:
 * set the field in a document, the plan shows it, apply sends it, the emulator stores it, the next
 * plan has no changes, `transync simulate` runs the simulator's step the field names (`simulated.step`,
 * a function of SIMULATOR_STEPS, watched with a spy) and that step reads the field; remove it,
 * the plan shows the clearing, apply clears it. Every apply records its commit (`--record-ref`), which
 * is how the plan knows write-only fields (docs/plan-promises.md).
 */

const ID = "tfm_round_trip";
const REQUIRED = fieldsWhere((facts) => facts.required);
/** The document every test starts from: the first example of each required field, pinned to the seeded object. */
const BASE: Record<string, unknown> = Object.fromEntries(REQUIRED.map((field) => [field, FIELDS[field].examples[0]]));

interface JsonChange {
  field: string;
  before?: unknown;
  after?: unknown;
  from?: string;
}
interface JsonPlan {
  actions: Array<{ kind: string; id?: string; body?: Record<string, unknown>; changes: JsonChange[] }>;
}

/** A field's value as a document sets it: a required field changes to its second example, an optional one is set to its first. */
function valueOf(field: FieldName): unknown {
  const facts = FIELDS[field];
  return facts.required ? facts.examples[1] : facts.examples[0];
}

/** The event simulated: the base document's `if` matches it, and every step has something to change in it. */
const EVENT = { type: "track", event: "Order Completed", properties: { total: 1, sku: "a1", email: "A@x.io", currency: "EUR" } };
const eventDir = mkdtempSync(join(tmpdir(), "transync-field-event-"));
const EVENT_FILE = join(eventDir, "event.json");
writeFileSync(EVENT_FILE, JSON.stringify(EVENT));
afterAll(() => rmSync(eventDir, { recursive: true, force: true }));

type Step = (...args: unknown[]) => unknown;

/**
 * Watches the simulator's step `step` (a key of SIMULATOR_STEPS) for reads of `field`: while it runs,
 * every transformation it is given (alone or in a list) is behind a proxy that notes the read.
 */
function watchReads(step: keyof typeof SIMULATOR_STEPS, field: FieldName): { read: () => boolean } {
  let read = false;
  let running = 0;
  const isTransformation = (value: unknown): value is object =>
    typeof value === "object" && value !== null && "if" in value && "name" in value;
  const watched = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(watched);
    if (!isTransformation(value)) return value;
    return new Proxy(value, {
      get: (target, key, receiver) => ((read ||= running > 0 && key === field), Reflect.get(target, key, receiver) as unknown),
    });
  };
  const original = SIMULATOR_STEPS[step] as Step;
  vi.spyOn(SIMULATOR_STEPS, step).mockImplementation(((...args: unknown[]) => {
    running++;
    try {
      return original(...args.map(watched));
    } finally {
      running--;
    }
  }) as never);
  return { read: () => read };
}

/** The value the API stores for an unset field: nothing, or `[]` for a list. */
function unsetStored(field: FieldName): unknown {
  return FIELDS[field].compare === "scalar" ? undefined : [];
}

describe("every field of the registry, end to end through the CLI, git and the emulator", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });
  const run = (...args: string[]) => runCli(args, { env: env(), cwd: repo.dir });
  const stored = () => emulator.transformations(TEST_WORKSPACE).find((t) => t.id === ID) as unknown as Record<string, unknown> | undefined;
  const write = (fields: Record<string, unknown>, message: string) => {
    repo.write("transformations/t.yaml", `${JSON.stringify({ apiVersion: "transync/v1", kind: "Transformation", id: ID, ...fields })}\n`);
    commitAll(repo.dir, message);
  };
  const planJson = async (): Promise<JsonPlan> => {
    const res = await run("plan", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    return JSON.parse(res.stdout) as JsonPlan;
  };
  const apply = async () => {
    const res = await run("apply", "--auto-approve", "--record-ref");
    expect(res.code, res.stderr + res.stdout).toBe(0);
  };
  const expectNoChanges = async () => {
    expect((await planJson()).actions).toEqual([]);
    expect((await run("plan")).stdout).toContain("No changes");
  };

  /**
   * `transync simulate` on the document (beside a second one of its scope, so that there is an order to
   * make) runs the step the field names, and the step reads the field.
   */
  const expectSimulatorStep = async (field: FieldName, document: Record<string, unknown>) => {
    const { step, does } = FIELDS[field].simulated;
    if (step === null) return expect(does, "a field the simulator ignores claims no step").not.toMatch(/^step/);
    expect(SIMULATOR_STEPS[step], `SIMULATOR_STEPS.${step}`).toBeTypeOf("function");
    const { sourceId, destinationMetadataId } = document;
    const sibling = {
      apiVersion: "transync/v1",
      kind: "Transformation",
      name: "Sibling",
      sourceId,
      destinationMetadataId,
      enabled: true,
      if: "type = 'track'",
    };
    repo.write("transformations/sibling.yaml", `${JSON.stringify(sibling)}\n`);
    const scope = [
      "--source",
      String(sourceId),
      ...(typeof destinationMetadataId === "string" ? ["--destination", destinationMetadataId] : []),
    ];
    const watch = watchReads(step, field);
    const res = await run("simulate", ...scope, "--event", EVENT_FILE, "--format", "json");
    rmSync(join(repo.dir, "transformations/sibling.yaml"));
    expect(res.code, res.stderr).toBe(0);
    expect(watch.read(), `SIMULATOR_STEPS.${step} read ${field} while simulating it`).toBe(true);
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace([{ id: ID, ...BASE } as never])] });
    repo = tempProject();
    git(repo.dir, "init", "-q");
    write(BASE, "base");
    await apply(); // nothing to change: records the base commit
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("the generated tests cover every field of the registry", () => {
    expect(FIELD_NAMES.length).toBeGreaterThan(0);
    expect(FIELD_NAMES.filter((field) => !Object.hasOwn(BASE, field) && FIELDS[field].required)).toEqual([]);
  });

  it.each(FIELD_NAMES)("%s: set, planned, applied, stored, no changes; removed, planned as cleared, cleared", async (field) => {
    const facts = FIELDS[field];
    const value = valueOf(field);
    write({ ...BASE, [field]: value }, `set ${field}`);

    const set = await planJson();
    expect(set.actions.map((a) => [a.kind, a.id])).toEqual([["update", ID]]);
    expect(set.actions[0]!.changes.map((c) => c.field)).toEqual([field]);
    expect(set.actions[0]!.changes[0]!.after).toEqual(value);
    if (facts.returned === "never") expect(set.actions[0]!.changes[0]!.from).toBe("record");
    expect(set.actions[0]!.body).toEqual({ [field]: value });
    expect((await run("plan")).stdout).toContain(field);

    await apply();
    expect(stored()?.[field]).toEqual(value);
    await expectNoChanges();
    await expectSimulatorStep(field, { ...BASE, [field]: value });

    const { [field]: _removed, ...without } = { ...BASE, [field]: value };
    write(without, `remove ${field}`);
    if (facts.required) {
      const refused = await run("plan");
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).toContain(field);
      return;
    }
    const clear = await planJson();
    expect(clear.actions.map((a) => [a.kind, a.id])).toEqual([["update", ID]]);
    expect(clear.actions[0]!.changes.map((c) => [c.field, c.before])).toEqual([[field, value]]);
    expect(clear.actions[0]!.body).toEqual({ [field]: facts.clearedWith });

    await apply();
    expect(stored()?.[field]).toEqual(unsetStored(field));
    await expectNoChanges();
  });
});
