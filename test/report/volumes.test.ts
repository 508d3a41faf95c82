import { describe, expect, it } from "vitest";
import MarkdownIt from "markdown-it";
import { withVolumes } from "../../src/impact/with-volumes.js";
import type { DailyEventVolume } from "../../src/model/event-volume.js";
import { computePlan, type Plan } from "../../src/plan/index.js";
import { parsePlanJson, renderJson, renderMarkdown } from "../../src/report/index.js";
import { renderText } from "../../src/report/render-text.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { doc, live, liveState, options } from "../plan/builders.js";
import { row, WEB_ROWS, week } from "../impact/volume-fixtures.js";
import { BENIGN, HOSTILE } from "./hostile-plan.js";
import { escapeControls } from "../../src/escape/text-escape.js";

function planWith(
  desired: ReturnType<typeof doc>[],
  rows: readonly DailyEventVolume[],
  transformations = [live("tfm_narrow", "Narrow", { if: "type = 'track'" })],
): Plan {
  const state = liveState(transformations);
  const plan = computePlan(desired, state, options({ prune: "all", idNames: { sources: { src_a: "web" }, destinations: {} } }));
  return withVolumes(plan, {
    volumes: new Map([["src_a", rows]]),
    live: state.transformations,
    samples: [],
    engine: createFqlEngine(),
    calls: 1,
    sourceName: (id) => (id === "src_a" ? "web" : id),
  });
}

describe("the events per day in each format", () => {
  const plan = planWith(
    [
      doc("Narrow", { if: "event = 'Product Viewed'" }, { id: "tfm_narrow" }),
      doc("New", { if: "event = 'Order Completed'" }),
      doc("Rich", { if: "properties.x > 1" }),
    ],
    WEB_ROWS,
  );

  it("text: a line under each action, before -> after when the `if` changes, `?` and the reason when unknown", () => {
    const text = renderText(plan, { color: false });
    expect(text).toContain('  ~ update "Narrow" (tfm_narrow) [drift]\n      ~42,204 -> ~1,000 events/day (exact, 7-day average)\n');
    expect(text).toContain('  + create "New"\n      ~41,203 events/day (exact, 7-day average)\n');
    expect(text).toContain(
      '  + create "Rich"\n      events/day unknown (the condition reads more than the event\'s name and type; --events samples of its source give an estimate)\n',
    );
  });

  it("Markdown: in each action's summary line", () => {
    const markdown = renderMarkdown(plan);
    expect(markdown).toContain(
      "<summary><code>~</code> update <b>Narrow</b> (<code>tfm_narrow</code>): drift · ~42,204 → ~1,000 events/day (exact, 7-day average)</summary>",
    );
    expect(markdown).toContain("<summary><code>+</code> create <b>New</b> · ~41,203 events/day (exact, 7-day average)</summary>");
  });

  it("JSON: actions[].volume, and the plan's own schema and digest accept it", () => {
    const saved = parsePlanJson(renderJson(plan));
    expect(saved.actions.map((a) => [a.name, a.volume])).toEqual([
      ["Narrow", { before: 42_204, after: 1_000, basis: "exact", days: 7 }],
      ["New", { after: 41_203, basis: "exact", days: 7 }],
      ["Rich", { basis: "unknown", days: 7 }],
    ]);
  });

  it("a plan without volumes shows no volume line", () => {
    const bare = computePlan([doc("New")], liveState([]), options());
    expect(renderText(bare, { color: false })).not.toContain("events/day");
    expect(renderMarkdown(bare)).not.toContain("events/day");
  });
});

// eslint-disable-next-line no-control-regex -- what must not reach a terminal raw (as in test/report/text-escape.test.ts)
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const markdownIt = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<typeof markdownIt.parse>[number];
function structure(text: string): string[] {
  const flat = (tokens: Token[]): string[] => tokens.flatMap((t) => [`${t.type}:${t.tag}`, ...flat(t.children ?? [])]);
  return flat(markdownIt.parse(text, {}));
}

/** A document per string whose `if` asks for the string plus a typo, and rows holding the string itself: each warning quotes both. */
function warnedPlan(corpus: readonly string[]): Plan {
  const desired = corpus.map((text, i) => doc(`rule ${i}`, { if: `event = '${text}!'` }, { line: i + 1 }));
  return planWith(
    desired,
    corpus.map((text) => row(text, "track", week(3))),
    [],
  );
}

describe("the warning of rules that match nothing, with hostile event names (a pull request's and the API's)", () => {
  const hostile = warnedPlan(HOSTILE);
  const benign = warnedPlan(BENIGN);

  it("warns of each, suggesting the name that has events", () => {
    expect(hostile.warnings).toHaveLength(HOSTILE.length);
    expect(hostile.warnings.map((w) => w.message)).toContain(
      `no '${HOSTILE[5]}!' events from web in 7 days; did you mean '${HOSTILE[5]}' (3/day)?`,
    );
  });

  it("Markdown: the same structure as with harmless names (nothing injected becomes a block, list item, link or HTML)", () => {
    expect(structure(renderMarkdown(hostile))).toEqual(structure(renderMarkdown(benign)));
  });

  it("text: as many lines as with harmless names, and no control, bidi or line-separator character", () => {
    const text = renderText(hostile, { color: false });
    // Harmless names as wide as the hostile ones shown escaped, with their spaces and quotes: long lines wrap the same.
    const sameShape = warnedPlan(HOSTILE.map((h) => escapeControls(h).replace(/[^ "]/g, "x")));
    expect(text.split("\n")).toHaveLength(renderText(sameShape, { color: false }).split("\n").length);
    expect(text).not.toMatch(UNSAFE);
  });

  it("JSON: the names kept exactly, as data", () => {
    expect(parsePlanJson(renderJson(hostile)).warnings.map((w) => w.message)).toEqual(hostile.warnings.map((w) => w.message));
  });

  it("a huge name is cut in the warning, in every format", () => {
    const huge = "<b>".repeat(40_000);
    const plan = planWith([doc("huge", { if: `event = '${huge}!'` })], [row(huge, "track", week(3))], []);
    expect(plan.warnings[0]!.message.length).toBeLessThan(300);
    // The `if` itself is shown whole in the action's diff, as every field is; the warning's line is short.
    const warningLine = (report: string) => report.split("\n").find((line) => line.includes("events from web"))!;
    expect(warningLine(renderMarkdown(plan)).length).toBeLessThan(1_000);
    expect(warningLine(renderText(plan, { color: false })).length).toBeLessThan(1_000);
  });
});
