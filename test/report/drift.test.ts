import { describe, expect, it } from "vitest";
import { DRIFT_RENDERERS, type DriftReport } from "../../src/report/drift.js";
import MarkdownIt from "markdown-it";
import { HOSTILE } from "./hostile-plan.js";

// eslint-disable-next-line no-control-regex -- what must not reach a terminal or a CI log raw
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A report whose every string from the API (actor, email, event type, time, name, id, field) is hostile. */
function hostileReport(): DriftReport {
  const h = (i: number): string => HOSTILE[i % HOSTILE.length]!;
  return {
    version: 1,
    environment: "prod",
    workspaceId: h(0),
    basis: { commit: "a".repeat(40), source: "applied", ref: "refs/transync/applied/prod" },
    sinceDays: 30,
    drifted: [
      {
        kind: "update",
        name: h(1),
        id: h(2),
        fields: [h(3)],
        changedBy: { actor: h(4), actorEmail: h(5), type: h(6), timestamp: h(7) },
      },
    ],
  };
}

describe("drift report renderers", () => {
  it("text: who changed it, in the issue's words; every string from the API escaped", () => {
    const report = hostileReport();
    const text = DRIFT_RENDERERS.text(report);
    expect(text).not.toMatch(UNSAFE);
    expect(text.split("\n")).toHaveLength(5);
    const plain = DRIFT_RENDERERS.text({
      ...report,
      workspaceId: "ws",
      drifted: [
        {
          kind: "update",
          name: "A",
          id: "t1",
          fields: ["enabled"],
          changedBy: { actor: "users/U1", actorEmail: "a@x.io", type: "Transformation Updated", timestamp: "2026-11-20T14:02:11Z" },
        },
      ],
    });
    expect(plain).toContain('  update "A" (t1): enabled\n    changed by a@x.io (users/U1), Transformation Updated, 2026-11-20T14:02:11Z\n');
  });

  it("markdown: one table row per object, every string from the API or a file held in its cell (no link, HTML or extra row)", () => {
    const h = (i: number): string => HOSTILE[i % HOSTILE.length]!;
    const report: DriftReport = {
      ...hostileReport(),
      acknowledged: [
        {
          kind: "unmanaged",
          name: `${h(8)} | [x](https://e.vil) <b>`,
          id: h(9),
          fields: [],
          acknowledgements: [
            { fields: [], until: "2026-12-04", reason: `<img src=x> ${h(10)}`, owner: "a@x.io | y", where: "transync.yaml:9:7" },
            { fields: [], until: "2026-11-01", reason: "old", owner: "o", where: "transync.yaml:10:7", expired: true },
          ],
        },
      ],
      staleAcknowledgements: [{ name: `${h(11)}\n## forged`, fields: ["if"], until: "2026-12-04", where: "transync.yaml:11:7" }],
    };
    const markdown = DRIFT_RENDERERS.markdown(report);
    expect(markdown).not.toMatch(UNSAFE);
    const tokens = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {});
    const headings = tokens.flatMap((t, i) => (t.type === "heading_open" ? [tokens[i + 1]!.content] : []));
    expect(headings).toHaveLength(3);
    expect(tokens.filter((t) => t.type === "html_block")).toEqual([]);
    expect(tokens.flatMap((t) => t.children ?? []).filter((t) => t.type === "link_open" || t.type === "html_inline")).toEqual([]);
    // Two tables, a header and one row each: no cell was split into another row or column.
    const rows = tokens.filter((t) => t.type === "tr_open");
    expect(rows).toHaveLength(4);
    const cells = tokens.reduce<number[]>(
      (counts, t) =>
        t.type === "tr_open"
          ? [...counts, 0]
          : t.type === "td_open" || t.type === "th_open"
            ? [...counts.slice(0, -1), counts.at(-1)! + 1]
            : counts,
      [],
    );
    expect(cells).toEqual([5, 5, 5, 5]);
    expect(markdown).toContain("acknowledgement EXPIRED after 2026-11-01, counts again");
  });

  it("json: the strings kept exact, no raw control character", () => {
    const report = hostileReport();
    const json = DRIFT_RENDERERS.json(report);
    expect(json).not.toMatch(UNSAFE);
    expect(JSON.parse(json)).toEqual(report);
  });
});
