import { describe, expect, it } from "vitest";
import { SimulationBudget, SimulationBudgetError } from "../../src/simulate/budget.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { runChain } from "../../src/simulate/transform-chain.js";
import { eventChanges } from "../../src/simulate/plan-events.js";
import { runCases } from "../../src/simulate/test-cases/run-cases.js";
import type { TestCase } from "../../src/simulate/test-cases/types.js";
import type { SimTransformation } from "../../src/simulate/types.js";

const t = (name: string, fields: Partial<SimTransformation>): SimTransformation =>
  ({ name, sourceId: "web", enabled: true, if: "all", ...fields }) as SimTransformation;
const testCase = (name: string, line: number, s: string): TestCase =>
  ({
    file: "tests/a.yaml",
    line,
    index: 0,
    name,
    source: "web",
    sourceId: "web",
    event: { type: "track", event: "E", properties: { s } },
    expect: {},
    at: {},
  }) as unknown as TestCase;

describe("the simulator's work budget", () => {
  it("charges an evaluation its expression's size, and functions the characters they read", () => {
    const budget = new SimulationBudget(1e12);
    const engine = createFqlEngine(budget);
    engine.matches("properties.s = 'x'", { properties: { s: "ab" } });
    const small = budget.spent;
    engine.matches("lowercase(properties.s) = 'x'", { properties: { s: "a".repeat(10_000) } });
    expect(small).toBeGreaterThan(0);
    expect(budget.spent - small).toBeGreaterThan(10_000);
  });

  it("stops a test run at the case that used it up, naming it; earlier cases ran", () => {
    const transformations = [t("Glob", { if: `match(properties.s, '*${"a?".repeat(100)}b*')` })];
    const cases = [testCase("short", 4, "ab"), testCase("long", 9, "a".repeat(100_000)), testCase("never", 14, "ab")];
    const run = () => runCases(transformations, cases, { engine: createFqlEngine(new SimulationBudget(300_000)) });
    expect(run).toThrow(SimulationBudgetError);
    expect(run).toThrow('the simulation stopped at test case "long" (tests/a.yaml:9): one run may do at most 300,000 steps');
  });

  it("stops an FQL-defined property that doubles the event at every transformation before memory runs out", () => {
    const doubling = Array.from({ length: 60 }, (_, i) =>
      t(`Double ${String(i).padStart(2, "0")}`, { fqlDefinedProperties: [{ fql: "properties", propertyName: `properties.copy${i}` }] }),
    );
    const engine = createFqlEngine(new SimulationBudget(50_000_000));
    expect(() => runChain(doubling, { type: "track", event: "E", properties: { a: 1 } }, { sourceId: "web", engine })).toThrow(
      SimulationBudgetError,
    );
  });

  it("plan --events names the sample event (its index and file:line)", () => {
    const live: SimTransformation[] = [];
    const desired = [t("Lower", { if: "lowercase(properties.s) = 'x'" })];
    const events = [1, 200_000].map((n, i) => ({
      where: `events/a.jsonl:${i + 1}`,
      sourceId: "web",
      event: { type: "track", event: "E", properties: { s: "A".repeat(n) } },
    }));
    const run = () =>
      eventChanges({
        live,
        desired,
        changed: [{ kind: "create", name: "Lower", desired: { name: "Lower", sourceId: "web" } }],
        events,
        engine: createFqlEngine(new SimulationBudget(100_000)),
      });
    expect(run).toThrow("the simulation stopped at sample event 2 (events/a.jsonl:2)");
  });
});
