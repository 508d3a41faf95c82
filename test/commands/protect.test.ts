import { describe, expect, it } from "vitest";
import { doc } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import { useNamedObjects } from "../helpers/named-objects.js";

const SRC = "src_web";
const APP = "src_app";

/** A document in YAML (not JSON), so `protect: true` has a line of its own: line 7. */
function yamlDoc(name: string, sourceId: string, extra: string): string {
  return `apiVersion: transync/v1\nkind: Transformation\nname: ${name}\nsourceId: ${sourceId}\nenabled: true\nif: "event = 'Order Completed'"\n${extra}`;
}

describe("protected objects: never deleted, never moved, whatever the prune setting (issue 35)", () => {
  const live = useNamedObjects();
  const { start, run, held } = live;

  it("transync.yaml `protect:` keeps an object no document describes through `--prune`, naming it and the line, with no write", async () => {
    await start(
      [
        { id: "tfm_hand", name: "Hand made", sourceId: SRC },
        { id: "tfm_old", name: "Old", sourceId: SRC },
      ],
      {
        "transync.yaml": "apiVersion: transync/v1\nprune: true\nprotect:\n  - tfm_hand\n",
        "transformations/a.yaml": doc("A", SRC),
      },
    );
    const plan = await run("plan", "--prune");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("cannot plan: 1 protected object would be deleted or moved");
    expect(plan.stderr).toContain(
      'transync.yaml:4:5: "Hand made" (tfm_hand) is protected (by id tfm_hand) and this plan would delete it (prune: all)',
    );
    const apply = await run("apply", "--auto-approve", "--prune");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("tfm_hand");
    // Refused as a whole, before any write: A is not created, Old is not deleted.
    expect(held()).toEqual(["tfm_hand:Hand made@src_web", "tfm_old:Old@src_web"]);
    // Without the prune, the protected object is only listed as unmanaged: nothing to refuse.
    expect((await run("apply", "--auto-approve", "--no-prune")).code).toBe(0);
    expect(held()).toContain("tfm_hand:Hand made@src_web");
  });

  it("the refusal shows a hostile live name escaped: no control character reaches the terminal", async () => {
    await start([{ id: "tfm_evil", name: "Evil\u001b]0;owned\u0007\nline", sourceId: SRC }], {
      "transync.yaml": "apiVersion: transync/v1\nprotect: [tfm_evil]\n",
      "transformations/a.yaml": doc("A", SRC),
    });
    const plan = await run("plan", "--prune");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("tfm_evil");
    expect(plan.stderr).not.toContain("\u0007");
    expect(plan.stderr).not.toContain("\u001b");
    expect(plan.stderr).not.toContain("\nline");
  });

  it("an environment's own `protect:` (by name) adds to the top level's, for that environment only", async () => {
    await start([{ id: "tfm_hand", name: "Hand made", sourceId: SRC }], {
      "transync.yaml":
        "apiVersion: transync/v1\nenvironments:\n  prod:\n    sources: { web: src_web }\n    protect: [Hand made]\n  staging:\n    sources: { web: src_web }\n",
      "transformations/a.yaml": doc("A", "web"),
    });
    const prod = await run("plan", "--env", "prod", "--prune");
    expect(prod.code).toBe(1);
    expect(prod.stderr).toContain('transync.yaml:5:15: "Hand made" (tfm_hand) is protected (by name "Hand made")');
    const staging = await run("plan", "--env", "staging", "--prune", "--format", "json");
    expect(staging.code, staging.stderr).toBe(0);
    expect(JSON.parse(staging.stdout).summary.delete).toBe(1);
  });

  it("a document's `protect: true` refuses moving its object to another source, naming the document's line", async () => {
    await start([{ id: "tfm_a", name: "A", sourceId: SRC }], {
      "transformations/a.yaml": yamlDoc("A", APP, "id: tfm_a\nprotect: true\n"),
    });
    const apply = await run("apply", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      'transformations/a.yaml:8:10: "A" (tfm_a) is protected (by id tfm_a) and this plan would move it from source src_web to src_app',
    );
    expect(held()).toEqual(["tfm_a:A@src_web"]);
  });

  it("`protect` is transync's own: never sent to the API, and a protected document applies like any other", async () => {
    await start([], { "transformations/a.yaml": yamlDoc("A", SRC, "protect: true\n") });
    const apply = await run("apply", "--auto-approve");
    expect(apply.code, apply.stderr).toBe(0);
    expect(held()).toEqual([expect.stringMatching(/:A@src_web$/)]);
    expect(JSON.stringify(live.emulator.transformations("ws_test"))).not.toContain("protect");
    expect((await run("plan", "--prune", "--detailed-exitcode")).code).toBe(0);
  });

  it("`protect` must be a boolean: a clear validation error naming the file", async () => {
    await start([], { "transformations/a.yaml": yamlDoc("A", SRC, "protect: yes please\n") });
    const res = await run("validate");
    expect(res.code).toBe(1);
    expect(res.stdout + res.stderr).toMatch(/transformations\/a\.yaml:7/);
  });

  it("apply PLANFILE re-checks transync.yaml where it runs: a plan saved before the protection is refused, no write", async () => {
    await start([{ id: "tfm_hand", name: "Hand made", sourceId: SRC }], { "transformations/a.yaml": doc("A", SRC) });
    expect((await run("plan", "--prune", "--out", "plan.json")).code).toBe(0);
    live.project.write("transync.yaml", "apiVersion: transync/v1\nprotect: [Hand made]\n");
    const apply = await run("apply", "plan.json", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("the saved plan plan.json cannot be applied");
    expect(apply.stderr).toContain('transync.yaml:2:11: "Hand made" (tfm_hand) is protected');
    expect(held()).toEqual(["tfm_hand:Hand made@src_web"]);
  });

  it("a pull request that removes `protect: true` and the document in one change is refused: --base reads the base's protections too", async () => {
    await start([{ id: "tfm_a", name: "A", sourceId: SRC }], {
      "transformations/a.yaml": yamlDoc("A", SRC, "id: tfm_a\nprotect: true\n"),
      "transformations/b.yaml": doc("B", SRC),
    });
    git(live.project.dir, "init", "-q");
    commitAll(live.project.dir, "base");
    git(live.project.dir, "branch", "base");
    live.project.remove("transformations/a.yaml");
    commitAll(live.project.dir, "remove A and its protection");
    const plan = await run("plan", "--base", "base", "--prune=removed");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('transformations/a.yaml:8:10 (at the base base): "A" (tfm_a) is protected (by id tfm_a)');
    expect(plan.stderr).toContain("a pull request cannot unprotect and remove it in one step");
    const apply = await run("apply", "--base", "base", "--prune=removed", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(held()).toEqual(["tfm_a:A@src_web"]);
  });
});
