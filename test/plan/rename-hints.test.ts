import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { computePlan } from "../../src/plan/index.js";
import { idLine } from "../../src/plan/rename-hints.js";
import { renderText } from "../../src/report/render-text.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import { renderJson } from "../../src/report/render-json.js";
import { parsePlanJson, planSchemaIssues } from "../../src/report/parse-plan.js";
import { doc, live, liveState, options } from "./builders.js";

const SAME_IF = "event = 'Order Completed'";

/** Live "Old" and a document "New" equal in every field but the name: a rename without its pin. */
const renamed = (spec = {}, liveFields = {}) => ({
  docs: [doc("New", { if: SAME_IF, ...spec })],
  state: liveState([live("tfm_old", "Old", { if: SAME_IF, ...liveFields })]),
});

describe("computePlan: a delete and a create that look like a rename (pure)", () => {
  it("pairs them, with the id line that renames in place", () => {
    const { docs, state } = renamed();
    const plan = computePlan(docs, state, options({ prune: "all" }));
    expect(plan.actions.map((a) => `${a.kind} ${a.name}`)).toEqual(["delete Old", "create New"]);
    expect(plan.renameHints).toEqual([{ delete: "Old", create: "New", idLine: "id: tfm_old" }]);
  });

  it("writes the pin of the plan's environment, the form import writes", () => {
    const { docs, state } = renamed();
    const plan = computePlan(docs, state, options({ prune: "all", origin: { dir: "transformations", env: "prod" } }));
    expect(plan.renameHints?.[0]?.idLine).toBe("id: { prod: tfm_old }");
  });

  it("gives no hint when another field or the source differs, and no key at all when there is none", () => {
    for (const [spec, liveFields] of [
      [{ enabled: false }, {}],
      [{ newEventName: "Placed" }, {}],
      [{ sourceId: "src_b" }, {}],
      [{}, { destinationMetadataId: "dest_1" }],
    ] as const) {
      const { docs, state } = renamed(spec, liveFields);
      const plan = computePlan(docs, state, options({ prune: "all" }));
      expect(plan.actions.map((a) => a.kind)).toEqual(["delete", "create"]);
      expect(Object.keys(plan)).not.toContain("renameHints");
    }
  });

  it("needs a delete: without prune the old object is unmanaged, and no hint is given", () => {
    const { docs, state } = renamed();
    expect(computePlan(docs, state, options()).renameHints).toBeUndefined();
  });

  it("pairs each deleted object once: two equal new documents get one hint", () => {
    const state = liveState([live("tfm_old", "Old", { if: SAME_IF })]);
    const plan = computePlan([doc("New A", { if: SAME_IF }), doc("New B", { if: SAME_IF })], state, options({ prune: "all" }));
    expect(plan.renameHints).toEqual([{ delete: "Old", create: "New A", idLine: "id: tfm_old" }]);
  });

  it("an id or an environment YAML would read as something else is quoted: the line reads back as the pin", () => {
    const words = [
      "tfm_1",
      "2NhispQ7Fe92M4h69ZO0f0EoNbg",
      "123",
      "1e5",
      "0x1F",
      "017",
      "yes",
      "off",
      "null",
      "true",
      "a b",
      "x: y",
      "#c",
      "a\u001b]0;t\u0007",
      "\u2028",
      "-1",
      "1_000",
    ];
    for (const word of words) {
      for (const version of ["1.1", "1.2"] as const) {
        expect(parse(idLine(word, undefined), { version })).toEqual({ id: word });
        expect(parse(idLine(word, word), { version })).toEqual({ id: { [word]: word } });
      }
      // eslint-disable-next-line no-control-regex -- what must not reach a terminal or a file raw
      expect(idLine(word, undefined)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    }
  });
});

describe("the rename hint in the reports", () => {
  const hostile = "Evil\u001b]0;owned\u0007 <b>`x`</b>";
  const plan = computePlan(
    [doc(`New ${hostile}`, { if: SAME_IF })],
    liveState([live("tfm_old", `Old ${hostile}`, { if: SAME_IF })]),
    options({ prune: "all", origin: { dir: "transformations", env: "prod" } }),
  );

  it("text: one note under the actions with the line to add, every name escaped", () => {
    const text = renderText(plan, { color: false });
    expect(text).toContain("Looks like a rename:");
    // The line to copy stands alone on its line, never wrapped.
    expect(text).toMatch(/at `transformations\/main\.yaml:1:1`:\n {6}id: \{ prod: tfm_old \}\n/);
    expect(text.indexOf("Looks like a rename:")).toBeGreaterThan(text.indexOf("+ create"));
    expect(text).not.toContain("\u001b");
    expect(text).not.toContain("\u0007");
  });

  it("Markdown: a tip under the actions, names as code spans, no HTML from a name", () => {
    const markdown = renderMarkdown(plan);
    expect(markdown).toContain("> [!TIP]\n> Looks like a rename:\n> - ");
    expect(markdown).toContain("`id: { prod: tfm_old }`");
    expect(markdown.indexOf("[!TIP]")).toBeGreaterThan(markdown.indexOf("### Actions"));
    // Names only inside code spans (long enough for the backticks they hold): no HTML from a name.
    expect(markdown).toContain("``Old Evil\\u001b]0;owned\\u0007 <b>`x`</b>`` (deleted)");
    expect(markdown).not.toContain("\u001b");
    expect(markdown).not.toContain("\u0007");
  });

  it("JSON: renameHints with delete, create and idLine, which the plan schema admits (apply reads a saved plan)", () => {
    expect(JSON.parse(renderJson(plan)).renameHints).toEqual([
      { delete: `Old ${hostile}`, create: `New ${hostile}`, idLine: "id: { prod: tfm_old }" },
    ]);
    expect(planSchemaIssues(JSON.parse(renderJson(plan)))).toEqual([]);
    expect(parsePlanJson(renderJson(plan)).renameHints).toEqual(plan.renameHints);
  });
});
