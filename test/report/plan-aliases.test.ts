import { describe, expect, it } from "vitest";
import { computePlan } from "../../src/plan/index.js";
import { renderJson, renderPlan } from "../../src/report/index.js";
import { aliasesById } from "../../src/report/id-aliases.js";
import { doc, live, liveState, options } from "../plan/builders.js";

const aliases = aliasesById({ web: "src_web_staging", ios: "src_ios" }, { amplitude: "dst_meta_1" });

function plan() {
  const desired = [
    doc("Created", { sourceId: "src_web_staging", destinationMetadataId: "dst_meta_1" }),
    doc("Moved", { sourceId: "src_ios" }),
  ];
  const liveObjects = [live("id_moved", "Moved", { sourceId: "src_web_staging" }), live("id_hand", "Hand made", { sourceId: "src_ios" })];
  return computePlan(desired, liveState(liveObjects), options());
}

describe("text and Markdown show an alias next to an id; JSON keeps ids", () => {
  it("text: source and destination values and the unmanaged objects' sources", () => {
    const text = renderPlan(plan(), "text", { color: false, aliases });
    expect(text).toContain("      + sourceId: web (src_web_staging)\n");
    expect(text).toContain("      + destinationMetadataId: amplitude (dst_meta_1)\n");
    expect(text).toContain("      ~ sourceId: web (src_web_staging) -> ios (src_ios)\n");
    expect(text).toContain('"Hand made" (id_hand, source ios (src_ios))');
  });

  it("Markdown: the same, inside the diff and the unmanaged list", () => {
    const md = renderPlan(plan(), "markdown", { color: false, aliases });
    expect(md).toContain("+ sourceId: web (src_web_staging)\n");
    expect(md).toContain("- sourceId: web (src_web_staging)\n+ sourceId: ios (src_ios)\n");
    expect(md).toContain("- `Hand made` (`id_hand`, source `ios (src_ios)`)");
  });

  it("an id without an alias is shown as before; JSON holds ids only", () => {
    const text = renderPlan(plan(), "text", { color: false, aliases: aliasesById({}, {}) });
    expect(text).toContain('      + sourceId: "src_web_staging"\n');
    const json = renderPlan(plan(), "json", { color: false, aliases });
    expect(json).toBe(renderJson(plan()));
    expect(json).not.toContain("amplitude");
  });
});
