import { describe, expect, it } from "vitest";
import { diffDesired, documentChanges, parseNameStatus, type DocSummary } from "../../src/git/pr-diff.js";
import { gitdir } from "./gitdir.js";

describe("diffDesired", () => {
  it("reports exactly the added, modified, removed and renamed files below the folder", async () => {
    const repo = await gitdir();
    const long = "name: renamed\nsourceId: src1\nifCondition: event = 'Order Completed'\n".repeat(4);
    const base = await repo.commit("base", {
      "t/keep.yaml": "name: keep\n",
      "t/change.yaml": "name: change\n",
      "t/gone.yaml": "name: gone\n",
      "t/old-name.yaml": long,
      "outside/x.yaml": "x",
    });
    await repo.git.raw(["checkout", "--quiet", "-b", "pr"]);
    const head = await repo.commit("head", {
      "t/change.yaml": "name: change\ndrop: true\n",
      "t/gone.yaml": null,
      "t/old-name.yaml": null,
      "t/new-name.yaml": long,
      "t/sub/added.yaml": "name: added\n",
      "outside/x.yaml": "changed outside",
    });

    const { files } = await diffDesired(repo.dir, base, head, "t");
    expect(files).toEqual([
      { path: "t/change.yaml", status: "modified" },
      { path: "t/gone.yaml", status: "removed" },
      { path: "t/new-name.yaml", status: "renamed" },
      { path: "t/sub/added.yaml", status: "added" },
    ]);
    // Refs work as well as shas; no change gives no files.
    expect((await diffDesired(repo.dir, "main", "pr", "./t/")).files).toHaveLength(4);
    expect((await diffDesired(repo.dir, "pr", "pr", "t")).files).toEqual([]);
  });

  it("gives paths relative to a subfolder root", async () => {
    const repo = await gitdir();
    const base = await repo.commit("base", { "infra/t/a.yaml": "a" });
    const head = await repo.commit("head", { "infra/t/a.yaml": "a2" });
    expect((await diffDesired(`${repo.dir}/infra`, base, head, "t")).files).toEqual([{ path: "t/a.yaml", status: "modified" }]);
  });

  it("names a missing base ref", async () => {
    const repo = await gitdir();
    await repo.commit("base", { "t/a.yaml": "a" });
    await expect(diffDesired(repo.dir, "origin/main", "HEAD", "t")).rejects.toThrow(/base ref "origin\/main" not found.*fetch-depth: 0/);
  });

  it("parses copies as added and type changes as modified", () => {
    expect(parseNameStatus("C075\0a.yaml\0b.yaml\0T\0c.yaml\0")).toEqual([
      { path: "b.yaml", status: "added" },
      { path: "c.yaml", status: "modified" },
    ]);
  });
});

function doc(name: string, extra: Partial<DocSummary> = {}): DocSummary {
  return { name, file: `t/${name}.yaml`, canonical: `{"name":"${name}"}`, writeOnly: '{"drop":false}', ...extra };
}

describe("documentChanges", () => {
  it("lists added, modified and removed documents, matching by name", () => {
    const base = [doc("same"), doc("edited"), doc("gone")];
    const head = [doc("same", { file: "t/moved.yaml" }), doc("edited", { canonical: "{}" }), doc("new")];
    expect(documentChanges(base, head)).toEqual({
      transformations: [
        { name: "edited", status: "modified" },
        { name: "gone", status: "removed" },
        { name: "new", status: "added" },
      ],
      removed: { ids: [], names: ["gone"] },
      writeOnlyChanged: [],
    });
  });

  it("matches pinned documents by id, so a rename is a modification, and removes pinned ones by id", () => {
    const base = [doc("old-name", { id: "tfm_1" }), doc("pinned-gone", { id: "tfm_2" }), doc("free")];
    const head = [doc("new-name", { id: "tfm_1" }), doc("free", { id: "tfm_3" })];
    const changes = documentChanges(base, head);
    expect(changes.transformations).toEqual([
      { name: "free", id: "tfm_3", status: "modified" },
      { name: "new-name", id: "tfm_1", status: "modified" },
      { name: "pinned-gone", id: "tfm_2", status: "removed" },
    ]);
    expect(changes.removed).toEqual({ ids: ["tfm_2"], names: [] });
  });

  it("treats a re-pin to another id as a removal and an addition", () => {
    const changes = documentChanges([doc("x", { id: "tfm_old" })], [doc("x", { id: "tfm_new" })]);
    expect(changes.transformations).toEqual([
      { name: "x", id: "tfm_new", status: "added" },
      { name: "x", id: "tfm_old", status: "removed" },
    ]);
    expect(changes.removed).toEqual({ ids: ["tfm_old"], names: [] });
  });

  it("detects a change of write-only fields alone", () => {
    const base = [doc("hashing", { id: "tfm_1" }), doc("dropper")];
    const head = [
      doc("hashing", { id: "tfm_1", writeOnly: '{"drop":false,"hashPropertiesConfiguration":{"algorithm":"SHA-256"}}' }),
      doc("dropper", { writeOnly: '{"drop":true}' }),
    ];
    const changes = documentChanges(base, head);
    expect(changes.writeOnlyChanged).toEqual(["dropper", "hashing"]);
    expect(changes.transformations.map((t) => t.status)).toEqual(["modified", "modified"]);
    expect(changes.removed).toEqual({ ids: [], names: [] });
  });

  it("reports nothing when nothing changed", () => {
    const docs = [doc("a"), doc("b", { id: "tfm_b" })];
    expect(documentChanges(docs, [...docs].reverse())).toEqual({
      transformations: [],
      removed: { ids: [], names: [] },
      writeOnlyChanged: [],
    });
  });
});
