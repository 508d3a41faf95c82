import { describe, expect, it } from "vitest";
import { doc } from "../helpers/project.js";
import { useNamedObjects } from "../helpers/named-objects.js";

const SRC = "src_web";

describe("plan: an unpinned rename is shown as one (issue 35)", () => {
  const live = useNamedObjects();
  const { start, run, held } = live;

  it("a delete and a create of equal documents get the id line, and with that line the plan renames in place", async () => {
    await start([{ id: "tfm_old", name: "Old", sourceId: SRC }], {
      "transync.yaml": "apiVersion: transync/v1\n",
      "transformations/a.yaml": doc("New", SRC),
    });
    const text = await run("plan", "--prune");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("Looks like a rename:");
    expect(text.stdout).toMatch(/"Old" \(deleted\) and "New" \(created\) differ only by their name\./);
    expect(text.stdout).toMatch(/at `transformations\/a\.yaml:1:1`:\n {6}id: tfm_old\n/);
    const json = await run("plan", "--prune", "--format", "json");
    expect(JSON.parse(json.stdout).renameHints).toEqual([{ delete: "Old", create: "New", idLine: "id: tfm_old" }]);
    const markdown = await run("plan", "--prune", "--format", "markdown");
    expect(markdown.stdout).toContain("> Looks like a rename:");
    expect(markdown.stdout).toContain("`id: tfm_old`");

    // The line added as the hint says: one update that renames, nothing deleted, and no hint.
    live.project.write("transformations/a.yaml", doc("New", SRC, { id: "tfm_old" }));
    const pinned = await run("plan", "--prune", "--format", "json");
    const plan = JSON.parse(pinned.stdout);
    expect(plan.actions.map((a: { kind: string; reasons?: string[] }) => [a.kind, a.reasons])).toEqual([["update", ["rename"]]]);
    expect(pinned.stdout).not.toContain("renameHints");
    expect((await run("apply", "--auto-approve", "--prune")).code).toBe(0);
    expect(held()).toEqual(["tfm_old:New@src_web"]);
  });
});
