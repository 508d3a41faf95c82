import { describe, expect, it } from "vitest";
import type { Plan } from "../../src/plan/index.js";
import { computePlan } from "../../src/plan/index.js";
import { renderText } from "../../src/report/index.js";
import { emptyApplyResult, renderApplyText } from "../../src/report/apply-result.js";
import type { ApplyResult } from "../../src/apply/types.js";
import { LINE_WIDTH, wrapLine } from "../../src/report/wrap-lines.js";
import { fenceText } from "../../src/escape/text-escape.js";
import { renderMergeReport } from "../../src/import/merge-import.js";
import { renderText as renderTestText } from "../../src/report/test-results.js";
import type { CaseResult, TestCase } from "../../src/simulate/test-cases/types.js";
import { doc, live, liveState, options } from "../plan/builders.js";
import { fixturePlan } from "./fixture-plan.js";
import { hostileEvents, hostilePlan } from "./hostile-plan.js";

// eslint-disable-next-line no-control-regex -- the colour codes of the text plan
const SGR = /\u001b\[[0-9;]*m/g;
/**
 * A line wider than LINE_WIDTH is allowed only as its indent (and marker) and one unit: a run without
 * a space, where a double-quoted string (a name, a JSON string) counts as no space.
 */
const ONE_RUN = /^ *(?:[-+~?!=#*] +)?\S+$/;
const QUOTED = /"(?:[^"\\]|\\.)*("|$)/g;

/** Each line wider than LINE_WIDTH that is not a single unit, with its width. */
function tooWide(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(SGR, ""))
    .filter((line) => line.length > LINE_WIDTH && !ONE_RUN.test(line.replace(QUOTED, '""')))
    .map((line) => `${line.length}: ${line}`);
}

const words = (n: number, word: string): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
const LONG_NAME = `Checkout ${words(30, "step")}`;
const RUN = `x${"y".repeat(300)}`;
const T_DIR = "transformations";

/**
 * A plan with every note the text plan writes and long data everywhere: long names (with and
 * without spaces), many fields, write-only fields with no recorded commit, fields not read, many
 * unchanged objects read from the list only, warnings, prune, a pull request.
 */
function richPlan(): Plan {
  const names = Array.from({ length: 14 }, (_, i) => `${LONG_NAME} ${i}`);
  const desired = [
    doc(LONG_NAME, {
      newEventName: words(20, "renamed"),
      propertyRenames: Array.from({ length: 12 }, (_, i) => ({ oldName: `old ${i}`, newName: `new ${i}` })),
      allowProperties: Array.from({ length: 40 }, (_, i) => `property ${i}`),
      hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], key: "pepper" },
      if: `event = '${words(25, "Event")}'`,
    }),
    doc(RUN, { drop: true }, { line: 9 }),
    ...names.map((name, i) => doc(name, { drop: true }, { line: 20 + i })),
  ];
  const state = liveState([
    live("t0", LONG_NAME, { newEventName: "old", fqlDefinedProperties: [] }),
    live("t1", RUN, { drop: false } as never),
    ...names.map((name, i) => live(`u${i}`, name)),
    live("gone", `${LONG_NAME} removed`),
    live("hand", `${LONG_NAME} made by hand`),
  ]);
  return computePlan(
    desired,
    { ...state, apiCalls: 19 },
    options({
      prune: "removed",
      removed: { ids: [], names: [`${LONG_NAME} removed`] },
      origin: { dir: "transformations", env: `env ${words(10, "e")}`, commit: "0123456789abcdef0123456789abcdef01234567" },
      detailedIds: ["t0"],
      warnings: [{ where: "transformations/main.yaml:20:1", message: `${words(40, "warning")} ${RUN}` }],
      pullRequest: {
        base: "fedcba9876543210fedcba9876543210fedcba98",
        head: "0123456789abcdef0123456789abcdef01234567",
        files: names.map((name) => ({ path: `transformations/${name}.yaml`, status: "modified" as const })),
        transformations: [{ name: LONG_NAME, status: "modified" }],
      },
    }),
  );
}

describe(`every line of the human-readable plan fits ${LINE_WIDTH} characters`, () => {
  it("the write-only note that cannot be verified, and every other note, wrap", () => {
    const plan = richPlan();
    expect(plan.writeOnlyBasis).toBeUndefined();
    const text = renderText(plan, { color: false });
    expect(text).toContain("Write-only fields (drop, hashPropertiesConfiguration) cannot be verified:");
    expect(tooWide(text)).toEqual([]);
    // The words are all there, in order: wrapping only moved them to new lines.
    const flat = (s: string): string => s.replace(/\s+/g, " ");
    expect(flat(text)).toContain(flat(`Fix: apply with \`transync apply --record-ref\``));
    expect(text).toContain(RUN); // a run without a space is never cut
  });

  it("with colour too (codes not counted, a colour open at a break closed and reopened)", () => {
    const text = renderText(richPlan(), { color: true });
    expect(tooWide(text)).toEqual([]);
    for (const line of text.split("\n")) {
      const codes = [...line.matchAll(SGR)].map(([code]) => code);
      if (codes.length > 0) expect(codes.at(-1), line).toBe("\u001b[0m");
    }
  });

  it("the fixture plan, the hostile plan and plan --events' section", () => {
    for (const plan of [fixturePlan(), { ...fixturePlan(), writeOnlyBasis: undefined }, hostilePlan()]) {
      expect(tooWide(renderText(plan, { color: false }))).toEqual([]);
      expect(tooWide(renderText(plan, { color: false, events: hostileEvents() }))).toEqual([]);
    }
  });

  it("apply's text report", () => {
    const plan = richPlan();
    const message = `${words(50, "because")} ${RUN}`;
    const result: ApplyResult = {
      actions: plan.actions.map((action, index) => ({
        index,
        kind: action.kind,
        name: action.name,
        ...(action.id !== undefined ? { id: action.id } : {}),
        outcome: "failed" as const,
        attempts: 1,
        ms: 1,
        error: { status: 422, type: "input-validation", field: "if", message },
      })),
      summary: { ...emptyApplyResult().summary, failed: plan.actions.length },
      interrupted: true,
      durationMs: 1,
    };
    const text = renderApplyText(plan, result);
    expect(tooWide(text)).toEqual([]);
  });
});

describe("the other human-readable reports: transync test's", () => {
  it("long case names, messages, warnings and applied lists wrap; event JSON stays whole", () => {
    const name = `Order ${words(30, "case")}`;
    const testCase: TestCase = {
      file: "tests/orders.yaml",
      line: 3,
      index: 0,
      name,
      source: "web",
      sourceId: "src_web",
      event: { type: "track", event: "Order Completed", properties: { note: words(20, "note") } },
      expect: { matched: [LONG_NAME] },
      at: { source: { file: "tests/orders.yaml", line: 4, col: 5 } },
      shapes: [],
    };
    const result: CaseResult = {
      case: testCase,
      status: "failed",
      failures: [{ expectation: "matched", message: `${words(40, "expected")} ${RUN}` }],
      needs: [],
      dropped: false,
      output: { type: "track", event: "Order Completed" },
      matched: Array.from({ length: 12 }, (_, i) => `${LONG_NAME} ${i}`),
      warnings: [words(50, "warning")],
    };
    const text = renderTestText([result], { passed: 0, failed: 1, skipped: 0 });
    expect(tooWide(text)).toEqual([]);
    expect(text).toContain(JSON.stringify(testCase.event)); // a JSON value is never cut
  });
});

describe("the other human-readable reports: import --env's", () => {
  it("the list of written files wraps", () => {
    const files = Array.from({ length: 30 }, (_, i) => ({ path: `${T_DIR}/source-${i}.yaml`, content: "" }));
    const text = renderMergeReport({ files, replacing: new Set(), outcomes: [], created: [], values: [] }, "prod", (file) => file);
    expect(text.split("\n").length).toBeGreaterThan(3);
    expect(tooWide(text)).toEqual([]);
  });
});

describe("wrapping and the output fence", () => {
  it("a workflow command that a wrap brings to a line start is neutralised by the fence, which runs after it", () => {
    const forged = Array.from({ length: 60 }, (_, i) => (i % 2 ? "##[error]old" : "::error::forged")).join(" ");
    const plan = { ...fixturePlan(), warnings: [{ where: "transformations/main.yaml:1:1", message: forged }] };
    const wrapped = renderText(plan, { color: false });
    expect(wrapped.split("\n").some((line) => /^\s*::/.test(line))).toBe(true); // the wrap did bring one there
    const fenced = fenceText(wrapped, true);
    expect(fenced.split(/[\n\r]/).filter((line) => /^\s*(::|##\[)/.test(line))).toEqual([]);
  });
});

describe("wrapLine", () => {
  it("hangs continuation lines under the text after the marker, and never cuts a run without a space", () => {
    const lines = wrapLine(`  - ${words(40, "word")} ${RUN} end`, 60);
    expect(lines[0]).toMatch(/^ {2}- word0 /);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {4}\S/);
    expect(lines).toContain(`    ${RUN}`);
    expect(lines.every((line) => line.length <= 60 || line === `    ${RUN}`)).toBe(true);
    expect(lines.join(" ").replace(/ +/g, " ")).toBe(`  - ${words(40, "word")} ${RUN} end`.replace(/ +/g, " "));
  });

  it("leaves a line that fits as it is", () => {
    expect(wrapLine("  ! short", 60)).toEqual(["  ! short"]);
  });
});
