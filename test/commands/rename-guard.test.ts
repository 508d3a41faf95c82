import { describe, expect, it } from "vitest";
import { doc, docs } from "../helpers/project.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { useNamedObjects } from "../helpers/named-objects.js";

const SRC = "src_web";
const APP = "src_app";

describe("a rename or move onto a taken name is refused, by plan and again by apply under the lock", () => {
  const live = useNamedObjects();
  const { start, run, held } = live;

  it("plan and apply refuse `id: tfm_a, name: B` while tfm_b holds B in that source, naming both ids, with no write", async () => {
    await start(
      [
        { id: "tfm_a", name: "A", sourceId: SRC },
        { id: "tfm_b", name: "B", sourceId: SRC },
      ],
      { "transformations/a.yaml": doc("B", SRC, { id: "tfm_a" }) },
    );
    const plan = await run("plan");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(
      /transformations\/a\.yaml:1:1: this document renames tfm_a from "A" to "B", but tfm_b already holds "B" in source src_web/,
    );
    const apply = await run("apply", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("tfm_b already holds");
    expect(held()).toEqual(["tfm_a:A@src_web", "tfm_b:B@src_web"]);
  });

  it("plan refuses moving a pinned object into a source that holds its name", async () => {
    await start(
      [
        { id: "tfm_a", name: "A", sourceId: SRC },
        { id: "tfm_x", name: "A", sourceId: APP },
      ],
      { "transformations/a.yaml": doc("A", APP, { id: "tfm_a" }) },
    );
    const plan = await run("plan");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/moves tfm_a from source src_web to src_app, but tfm_x already holds "A" in source src_app/);
  });

  it("a rename onto a name whose holder the same plan deletes is applied: the delete runs first", async () => {
    await start(
      [
        { id: "tfm_a", name: "A", sourceId: SRC },
        { id: "tfm_b", name: "B", sourceId: SRC },
      ],
      { "transformations/a.yaml": doc("B", SRC, { id: "tfm_a" }) },
    );
    const apply = await run("apply", "--auto-approve", "--prune");
    expect(apply.code, apply.stderr).toBe(0);
    expect(held()).toEqual(["tfm_a:B@src_web"]);
  });

  it("apply PLANFILE re-checks under the lock: a holder that appeared since the plan refuses the rename, before any write", async () => {
    await start([{ id: "tfm_a", name: "A", sourceId: SRC }], { "transformations/a.yaml": docs(doc("B", SRC, { id: "tfm_a" })) });
    expect((await run("plan", "--out", "plan.json")).code).toBe(0);
    const made = await fetch(`${live.emulator.url}/transformations`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "B", sourceId: SRC, enabled: true, if: "event = 'by hand'" }),
    });
    expect(made.status).toBeLessThan(300);
    const before = held();
    const apply = await run("apply", "plan.json", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/stale plan[\s\S]*"B" \(\S+\) now holds "B" in source src_web, which the plan's rename of tfm_a takes/);
    expect(held()).toEqual(before);
  });
});
