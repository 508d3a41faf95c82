import { describe, expect, it } from "vitest";
import { eventSectionMarkdown, eventSectionText, MAX_EVENT_CHARS, shortEvent, type EventSection } from "../../src/report/render-event-changes.js";
import type { JsonValue } from "../../src/simulate/types.js";

const plain = (_style: string, text: string) => text;

function section(fields: Partial<EventSection["changes"]> = {}): EventSection {
  return {
    from: "events",
    unknownWriteOnly: [],
    changes: {
      events: 2,
      failed: 0,
      transformations: [
        {
          kind: "update",
          name: "Evil <b>`name`</b>",
          id: "tfm_1",
          matched: 2,
          changed: 2,
          examples: [{ where: "e.jsonl:1", sourceId: "src", before: { a: 1 }, after: null, paths: [], pathCount: 0 }],
        },
        { kind: "create", name: "Quiet", matched: 0, changed: 0, examples: [] },
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

  it("text: a line per changed transformation, examples as - before / + after, the rest counted", () => {
    const lines = eventSectionText(section(), plain);
    expect(lines).toEqual([
      "What changes for real events (2 sample events from events, run offline through the live transformations and through this plan's (docs/simulator.md)):",
      '  ~ update "Evil <b>`name`</b>" (tfm_1): matches 2 sample events; 2 come out differently',
      "      e.jsonl:1 (source src)",
      '        - {"a":1}',
      "        + dropped",
      "      … and 1 more",
      '  + create "Quiet": matches no sample event',
    ]);
  });

  it("markdown: names escaped, examples in a diff block, quiet ones listed, cautions as a warning; one line stays one line", () => {
    const md = eventSectionMarkdown({ ...section({ failed: 1, firstFailure: { where: "x.jsonl:3", message: 'FQL "a\n# b" does not parse' } }), unknownWriteOnly: ["Gone"] });
    expect(md).toContain("<b>Evil &lt;b&gt;`name`&lt;/b&gt;</b>");
    expect(md).toContain('```diff\n# e.jsonl:1 (source src)\n- {"a":1}\n+ dropped\n# … and 1 more\n```');
    expect(md).toContain("- `+` create `Quiet`: matches no sample event");
    expect(md).toContain("> [!WARNING]\n> - 1 sample event could not be simulated; the first, at x.jsonl&#58;3&#58; FQL &quot;a\\\\n# b&quot; does not parse");
    expect(md).toContain('deleted &quot;Gone&quot;&#58; simulated without them.');
    expect(md).not.toMatch(/\n# b/);
  });

  it("a plan that changes no transformation says so", () => {
    expect(eventSectionText(section({ transformations: [] }), plain)).toContain("  The plan changes no transformation.");
    expect(eventSectionMarkdown(section({ transformations: [] }))).toContain("The plan changes no transformation.");
  });
});
