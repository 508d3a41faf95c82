import { describe, expect, it } from "vitest";
import {
  eventSectionMarkdown,
  eventSectionText,
  MAX_EVENT_CHARS,
  shortEvent,
  type EventSection,
} from "../../src/report/render-event-changes.js";
import type { JsonValue } from "../../src/simulate/types.js";

const plain = (_style: string, text: string) => text;

function section(fields: Partial<EventSection["changes"]> = {}, aliases?: EventSection["aliases"]): EventSection {
  return {
    from: "events",
    unknownWriteOnly: [],
    ...(aliases ? { aliases } : {}),
    changes: {
      events: 3,
      failed: 0,
      changed: 2,
      examples: [
        {
          where: "e.jsonl:1",
          sourceId: "src",
          before: { a: 1 },
          after: null,
          paths: [],
          pathCount: 0,
          appliedBefore: ["Keep"],
          appliedAfter: ["Keep", "Evil <b>`name`</b>"],
        },
      ],
      transformations: [
        { kind: "update", name: "Evil <b>`name`</b>", id: "tfm_1", matched: 2 },
        { kind: "create", name: "Quiet", matched: 0 },
      ],
      ...fields,
    },
  };
}

describe("the event section", () => {
  it("shortEvent: dropped, short JSON as is, long JSON cut without splitting a surrogate pair, too deep said", () => {
    expect(shortEvent(null)).toBe("dropped");
    expect(shortEvent({ a: "b" })).toBe('{"a":"b"}');
    const emoji = shortEvent({ s: "x".repeat(MAX_EVENT_CHARS - 8) + "😀".repeat(100) });
    expect(emoji).toMatch(/… \(\d+ more characters\)$/);
    expect(emoji.slice(0, emoji.indexOf("…"))).not.toMatch(/[\uD800-\uDBFF]$/);
    let deep: JsonValue = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(shortEvent(deep)).toBe("(an event nested too deeply to show)");
  });

  it("text: each event that changes once, with what applied on each side; then the changed transformations and what they match", () => {
    const lines = eventSectionText(section(), plain);
    expect(lines).toEqual([
      "What changes for real events (3 sample events from events, run offline through the live transformations and through this plan's (docs/simulator.md)):",
      "  2 of 3 sample events come out differently (each shown once: - through every live transformation, + through every planned one):",
      "      e.jsonl:1 (source src)",
      '        applied now: "Keep"; after the plan: "Keep", "Evil <b>`name`</b>"',
      '        - {"a":1}',
      "        + dropped",
      "      … and 1 more",
      "  The transformations this plan changes:",
      '    ~ update "Evil <b>`name`</b>" (tfm_1): matches 2 sample events',
      '    + create "Quiet": matches no sample event',
    ]);
  });

  it("text and Markdown: a source or destination with an alias shows it next to the id", () => {
    const aliases = { sources: { src: "web" }, destinations: { dst_1: "amplitude" } };
    const examples = [
      {
        where: "e.jsonl:1",
        sourceId: "src",
        destinationId: "dst_1",
        before: {},
        after: null,
        paths: [],
        pathCount: 0,
        appliedBefore: [],
        appliedAfter: [],
      },
    ];
    expect(eventSectionText(section({ examples, changed: 1 }, aliases), plain)).toContain(
      "      e.jsonl:1 (source web (src), destination amplitude (dst_1))",
    );
    expect(eventSectionMarkdown(section({ examples, changed: 1 }, aliases))).toContain(
      "# e.jsonl:1 (source web (src), destination amplitude (dst_1))",
    );
  });

  it("markdown: names escaped, the events in one diff block, each once; transformations listed; cautions as a warning; one line stays one line", () => {
    const md = eventSectionMarkdown({
      ...section({ failed: 1, firstFailure: { where: "x.jsonl:3", message: 'FQL "a\n# b" does not parse' } }),
      unknownWriteOnly: ["Gone"],
    });
    expect(md).toContain(
      '```diff\n# e.jsonl:1 (source src)\n# applied now: "Keep"; after the plan: "Keep", "Evil <b>`name`</b>"\n- {"a":1}\n+ dropped\n# … and 1 more\n```',
    );
    expect(md).toContain("- `~` update ``Evil <b>`name`</b>`` (`tfm_1`): matches 2 sample events");
    expect(md).toContain("- `+` create `Quiet`: matches no sample event");
    expect(md).toContain(
      "> [!WARNING]\n> - 1 sample event could not be simulated; the first, at x.jsonl&#58;3&#58; FQL &quot;a\\\\n# b&quot; does not parse",
    );
    expect(md).toContain("deleted &quot;Gone&quot;&#58; simulated without them.");
    expect(md).not.toMatch(/\n# b/);
  });

  it("no event that changes: said in one line", () => {
    expect(eventSectionText(section({ changed: 0, examples: [] }), plain)).toContain("  No sample event comes out differently.");
    expect(eventSectionMarkdown(section({ changed: 0, examples: [] }))).toContain("No sample event comes out differently.");
  });

  it("a plan that changes no transformation says so", () => {
    expect(eventSectionText(section({ transformations: [] }), plain)).toContain("  The plan changes no transformation.");
    expect(eventSectionMarkdown(section({ transformations: [] }))).toContain("The plan changes no transformation.");
  });
});
