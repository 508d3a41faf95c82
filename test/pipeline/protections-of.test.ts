import { describe, expect, it } from "vitest";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { DocumentInput } from "../../src/model/transformation.js";
import { protectionsOf } from "../../src/pipeline/protections.js";

const at = { file: "transformations/filters.yaml", line: 7, col: 10 };
const filterDoc = (spec: Record<string, unknown>, extra: Partial<DesiredResource> = {}): DesiredResource => ({
  kind: "DestinationFilter",
  name: "Drop internal",
  spec: spec as unknown as DocumentInput,
  location: { file: at.file, line: 1, col: 1 },
  protectedAt: at,
  ...extra,
});

// A document's `protect: true` of another kind protects its live object by the name its plan action
// carries (src/plan/protect.ts): a Destination Filter's title, which may differ from its document's name.
describe("protectionsOf: the documents of every kind", () => {
  const state = (otherKinds: DesiredResource[]) => ({ project: {} as never, resources: [], otherKinds });

  it("a filter document protects its live title, its pin when pinned", () => {
    expect(protectionsOf(state([filterDoc({ title: "Internal dropper" })]))).toEqual([{ name: "Internal dropper", where: at }]);
    expect(protectionsOf(state([filterDoc({ title: "Internal dropper" }, { id: "df_1" })]))).toEqual([{ id: "df_1", where: at }]);
    expect(protectionsOf(state([filterDoc({ title: "Drop internal" }, { protectedAt: undefined })]))).toEqual([]);
  });

  it("at a pull request's base, each is marked with the base", () => {
    expect(protectionsOf(state([filterDoc({ title: "T" })]), "origin/main")).toEqual([{ name: "T", where: at, atBase: "origin/main" }]);
  });
});
