import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { planDigest } from "../../src/plan/digest.js";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors.js";
import { parsePlanJson, planCommentMarker, planSchemaIssues, renderJson, renderMarkdown, renderText } from "../../src/report/index.js";
import { emptyPlan, fixturePlan } from "./fixture-plan.js";
import { leftOutDetails } from "../../src/report/no-changes.js";
import { computePlan } from "../../src/plan/index.js";
import { doc, live, liveState, options } from "../plan/builders.js";

const GOLDEN_DIR = join(import.meta.dirname, "golden");

/** Compares with the golden file; `UPDATE_GOLDEN=1` rewrites it instead. */
function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

describe("golden files", () => {
  it("text", () => expectGolden("plan.txt", renderText(fixturePlan(), { color: false })));
  it("text with colour", () => expectGolden("plan.color.txt", renderText(fixturePlan(), { color: true })));
  it("text, no changes", () => expectGolden("empty.txt", renderText(emptyPlan(), { color: false })));
  it("json", () => expectGolden("plan.json", renderJson(fixturePlan())));
  it("markdown", () => expectGolden("plan.md", renderMarkdown(fixturePlan())));
  it("markdown, no changes", () => expectGolden("empty.md", renderMarkdown(emptyPlan())));
});

describe("renderText", () => {
  it("prints the summary line and no ANSI codes without colour", () => {
    const text = renderText(fixturePlan(), { color: false });
    expect(text.trimEnd().split("\n").at(-1)).toBe("Plan: 1 to create, 6 to update, 1 to delete.");
    expect(text).not.toContain("\u001b[");
    expect(text).toContain('newEventName: "Order Done" -> "Order Placed"');
    expect(text).toContain("# write-only, not verifiable (re-sent): hashPropertiesConfiguration");
    expect(text).toContain(`= "Drop test events" (rBoB01): drop`);
    expect(text).toContain('? "Hand-made" (c5Em02, source src_a)');
  });

  it("uses ANSI colour only when asked", () => {
    expect(renderText(fixturePlan(), { color: true })).toContain("\u001b[32m+\u001b[0m");
  });

  it("says when there is nothing to do", () => {
    expect(renderText(emptyPlan(), { color: false })).toMatch(/No changes\. Live state matches the desired state\.\n$/);
  });
});

describe("plans people can read", () => {
  const text = renderText(fixturePlan(), { color: false });
  const md = renderMarkdown(fixturePlan());

  it("shows one changed element of a 40-element array, not the whole array", () => {
    for (const out of [text, md]) {
      expect(out).toMatch(/\+\s+"property_new"/);
      expect(out).toMatch(/-\s+"property_17"/);
      expect(out).toContain("… 22 unchanged");
      expect(out).not.toContain("property_05");
    }
  });

  it("shows where a long string differs instead of both strings in full", () => {
    expect(text).toContain("if: (differs from character 55)");
    expect(text).toContain(`- "… properties.step >= 2 and`);
    expect(text).not.toContain("context.library.name");
  });

  it("shows every hash key as (sensitive), literal or from the environment, and never its value", () => {
    for (const out of [text, md]) {
      expect(out).toContain('"key":"(sensitive)"');
      expect(out).not.toContain("literal-pepper");
    }
    expect(renderJson(fixturePlan())).toContain('"fromEnv": "TRANSYNC_KEY_EMAIL"');
  });

  it("an update planned without reading a field says it neither compared nor sent it", () => {
    const plan = computePlan([doc("T", { enabled: false })], liveState([live("id1", "T")]), options());
    expect(renderText(plan, { color: false })).toContain("# not read, so neither compared nor sent: fqlDefinedProperties");
  });

  it("the text format shows the pull-request section that Markdown has", () => {
    expect(text).toContain("Pull request (base fedcba987654, head 0123456789ab):");
    expect(text).toContain("Live drift outside this pull request");
    expect(md).toContain("### Pull request");
  });

  it("says how live state was read and what write-only fields were compared with", () => {
    expect(text).toContain("Live state read with --refresh list: 9 API calls, 6 objects read in full with get.");
    expect(text).toContain("compared with the applied commit fedcba987654");
    expect(text).toContain("drop: true -> false (before: as applied at fedcba987654");
    expect(text).toMatch(/read from the list only.*"Drop test events".*--refresh full/);
    // A plan with no changes says it on stderr (src/commands/plan.ts logs these details).
    const empty = leftOutDetails(emptyPlan()).details.join("\n");
    expect(empty).toContain("cannot be verified");
    expect(empty).toContain("transync apply --record-ref");
  });
});

describe("renderMarkdown", () => {
  it("starts with the hidden marker and puts warnings before the summary table", () => {
    const md = renderMarkdown(fixturePlan());
    expect(md.split("\n")[0]).toBe(planCommentMarker("prod"));
    expect(md.indexOf("[!WARNING]")).toBeLessThan(md.indexOf("| Create |"));
    expect(md.match(/<details><summary><code>/g)).toHaveLength(8);
    expect(md).toContain("Brand new &lt;one&gt;");
    expect(md).toContain("Live drift outside this pull request");
  });

  it("is stable: the same plan renders the same bytes", () => {
    expect(renderMarkdown(fixturePlan())).toBe(renderMarkdown(fixturePlan()));
  });
});

describe("renderJson and parsePlanJson", () => {
  it("validates against schemas/plan.schema.json", () => {
    expect(planSchemaIssues(JSON.parse(renderJson(fixturePlan())))).toEqual([]);
    expect(planSchemaIssues(JSON.parse(renderJson(emptyPlan())))).toEqual([]);
  });

  it("round-trips through parsePlanJson", () => {
    const plan = fixturePlan();
    expect(renderJson(parsePlanJson(renderJson(plan)))).toBe(renderJson(plan));
  });

  it("does not depend on key order", () => {
    const plan = fixturePlan();
    const reversed = Object.fromEntries(Object.entries(plan).reverse()) as typeof plan;
    expect(renderJson(reversed)).toBe(renderJson(plan));
  });

  const bad: Array<[string, string, RegExp]> = [
    ["not JSON", "{", /plan\.json is not valid JSON/],
    ["not an object", "[]", /not a transync plan/],
    [
      "another format version",
      JSON.stringify({ ...fixturePlan(), formatVersion: 2 }),
      /format version 2, but this transync reads version 1/,
    ],
  ];
  it.each(bad)("refuses %s with a clear message", (_label, text, message) => {
    expect(() => parsePlanJson(text, "plan.json")).toThrow(ValidationError);
    expect(() => parsePlanJson(text, "plan.json")).toThrow(message);
  });

  it("lists every schema problem with where it is", () => {
    const plan = JSON.parse(renderJson(fixturePlan())) as Record<string, unknown> & { actions: Array<Record<string, unknown>> };
    plan.actions[0]!.kind = "explode";
    delete plan.workspaceId;
    plan.digest = planDigest(plan); // re-sealed: the schema check is what is under test
    try {
      parsePlanJson(JSON.stringify(plan), "plan.json");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const issues = (error as ValidationError).issues;
      expect(issues).toContainEqual({ where: "/", message: "must have required property 'workspaceId'" });
      expect(issues.some((i) => i.where === "/actions/0/kind")).toBe(true);
    }
  });
});
