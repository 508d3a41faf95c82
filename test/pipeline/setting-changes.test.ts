import { describe, expect, it } from "vitest";
import type { ProjectConfig } from "../../src/desired/types.js";
import { baseLabels, settingChanges } from "../../src/pipeline/setting-changes.js";

const project = (environments: ProjectConfig["environments"], extra: Partial<ProjectConfig> = {}): ProjectConfig => ({
  dir: "transformations",
  environments,
  destinations: {},
  prune: false,
  ...extra,
});
const same = (text: string): string => text;

describe("settingChanges: what a pull request changes in transync.yaml", () => {
  it("lists the plan environment's aliases, workspace and tokenEnv, the destination aliases and defaultEnvironment; not other environments'", () => {
    const base = project(
      { prod: { workspace: "prd", sources: { web: "src_web", gone: "src_gone" } }, staging: { sources: { web: "src_s" } } },
      { destinations: { amp: "meta_amp" }, defaultEnvironment: "prod" },
    );
    const head = project(
      {
        prod: { workspace: "prd", tokenEnv: "SEGMENT_API_TOKEN_X", sources: { web: "src_ios", added: "src_new" } },
        staging: { sources: {} },
      },
      { destinations: { amp: "meta_other" } },
    );
    expect(settingChanges(base, head, "prod")).toEqual([
      { setting: "defaultEnvironment", base: "prod", inThisPlan: false },
      { setting: "tokenEnv", env: "prod", head: "SEGMENT_API_TOKEN_X", inThisPlan: false },
      { setting: "source alias", env: "prod", name: "added", head: "src_new", inThisPlan: true },
      { setting: "source alias", env: "prod", name: "gone", base: "src_gone", inThisPlan: true },
      { setting: "source alias", env: "prod", name: "web", base: "src_web", head: "src_ios", inThisPlan: true },
      { setting: "destination alias", name: "amp", base: "meta_amp", head: "meta_other", inThisPlan: true },
    ]);
  });

  it("an alias named like an Object.prototype key is compared as the file's own value only", () => {
    const base = project({ prod: { sources: {} } });
    const head = project({ prod: { sources: { constructor: "src_c" } } });
    expect(settingChanges(base, head, "prod")).toEqual([
      { setting: "source alias", env: "prod", name: "constructor", head: "src_c", inThisPlan: true },
    ]);
  });
});

describe("baseLabels: ids named as the base names them", () => {
  const refs = (sources: Record<string, string>) => ({ sourceId: same, destinationId: same, aliases: { sources, destinations: {} } });

  it("a swap reads as the base names each id", () => {
    const base = project({ prod: { sources: { web: "src_web", ios: "src_ios" } } });
    expect(baseLabels(base, "prod", refs({ src_web: "ios", src_ios: "web" })).sources).toEqual({ src_web: "web", src_ios: "ios" });
  });

  it("an id the base does not name keeps the head's alias, unless the base gives that alias to another id", () => {
    const base = project({ prod: { sources: { web: "src_web" } } });
    const labels = baseLabels(base, "prod", refs({ src_new: "android", src_evil: "web" })).sources;
    expect(labels).toEqual({ src_web: "web", src_new: "android" });
  });

  it("an id __proto__ (a live slug's source) keeps its head alias as an own key, not the labels' prototype", () => {
    const base = project({ prod: { sources: { web: "src_web" } } });
    const head = JSON.parse('{"__proto__":"android"}') as Record<string, string>;
    const labels = baseLabels(base, "prod", refs(head)).sources;
    expect(Object.hasOwn(labels, "__proto__")).toBe(true);
    expect(Object.entries(labels)).toEqual([
      ["src_web", "web"],
      ["__proto__", "android"],
    ]);
  });
});
