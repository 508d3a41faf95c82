import { describe, expect, it } from "vitest";
import { loadProjectConfig } from "../../src/desired/load-project.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { memorySource } from "./memory-source.js";

async function load(project: string | undefined, env?: string) {
  const files: Record<string, string> = project === undefined ? {} : { "transync.yaml": project };
  const result = await loadProjectConfig(memorySource(files), { env });
  return { ...result, lines: result.diagnostics.map(formatDiagnosticLine) };
}

describe("loadProjectConfig", () => {
  it("uses defaults without a project file", async () => {
    const { config, lines } = await load(undefined);
    expect(config).toEqual({ dir: "transformations", environments: {}, destinations: {}, prune: false });
    expect(lines).toEqual([]);
  });

  it("names the environments the file declares even when one of them has an error, once per error", async () => {
    const text = [
      "apiVersion: transync/v1",
      "defaultEnvironment: nope",
      "environments:",
      "  prod: {sources: {web: src_w}, apiUrl: 'bad'}",
    ].join("\n");
    const { lines } = await load(text);
    expect(lines.filter((l) => l.includes("unknown environment"))).toEqual([
      `transync.yaml:2:1 defaultEnvironment: unknown environment "nope" (from defaultEnvironment); transync.yaml defines: prod`,
    ]);
    expect(lines.filter((l) => l.includes("apiUrl"))).toHaveLength(1);
  });

  it("reports a bad apiUrl once, not once per schema keyword", async () => {
    const { lines } = await load("apiVersion: transync/v1\napiUrl: not a url\n");
    expect(lines).toEqual(["transync.yaml:2:9 apiUrl: must start with http:// or https://"]);
  });

  it("reads every field, resolves scope aliases and maps prune: true to all", async () => {
    const text = [
      "apiVersion: transync/v1",
      "apiUrl: https://eu1.api.segmentapis.com",
      "dir: ./tf/",
      "defaultEnvironment: staging",
      "environments:",
      "  staging: {sources: {web: src_w}, apiUrl: 'http://127.0.0.1:4010'}",
      "scope: {sources: [web, src_raw]}",
      "destinations: {blueshift: 547610a5db31d978f14a5c4e}",
      "prune: true",
    ].join("\n");
    const { config, env, lines } = await load(text);
    expect(lines).toEqual([]);
    expect(env).toBe("staging");
    expect(config).toEqual({
      apiUrl: "https://eu1.api.segmentapis.com",
      dir: "tf",
      defaultEnvironment: "staging",
      environments: { staging: { sources: { web: "src_w" }, apiUrl: "http://127.0.0.1:4010" } },
      scopeSources: ["src_w", "src_raw"],
      destinations: { blueshift: "547610a5db31d978f14a5c4e" },
      prune: "all",
    });
  });

  it("reports schema errors at their position", async () => {
    const text = "apiUrl: ftp://x\ndirr: a\nprune: maybe\nenvironments:\n  staging: {sources: {web: 5}}\n";
    expect((await load(text)).lines).toEqual([
      "transync.yaml:1:9 apiUrl: must start with http:// or https://",
      'transync.yaml:2:1 dirr: unknown field "dirr"; did you mean "dir"?',
      'transync.yaml:3:8 prune: expected true, false, "all" or "removed" (got "maybe")',
      "transync.yaml:5:28 environments.staging.sources.web: expected a string, got 5",
    ]);
  });

  it("rejects an unknown environment, naming the known ones", async () => {
    const { lines, env } = await load("environments:\n  staging: {sources: {}}\n  prod: {sources: {}}\n", "qa");
    expect(env).toBeUndefined();
    expect(lines).toEqual(['transync.yaml:1:1 environments: unknown environment "qa" (from --env); transync.yaml defines: staging, prod']);
  });

  it("an undefined --env is one diagnostic: scope's aliases are not also reported as needing an environment", async () => {
    const text =
      "environments:\n  staging: {sources: {web: src_w, ios: src_i}}\n  prod: {sources: {web: src_pw}}\nscope: {sources: [web, ios]}\n";
    const { lines, env } = await load(text, "production");
    expect(env).toBeUndefined();
    expect(lines).toEqual([
      'transync.yaml:1:1 environments: unknown environment "production" (from --env); transync.yaml defines: staging, prod',
    ]);
  });

  it("reports a defaultEnvironment that names no environment even when --env picks a valid one", async () => {
    const { lines, env } = await load("defaultEnvironment: prdo\nenvironments:\n  staging: {sources: {}}\n  prod: {sources: {}}\n", "prod");
    expect(env).toBe("prod");
    expect(lines).toEqual([
      'transync.yaml:1:1 defaultEnvironment: unknown environment "prdo" (from defaultEnvironment); transync.yaml defines: staging, prod',
    ]);
  });

  it("rejects --env when there is no project file", async () => {
    expect((await load(undefined, "prod")).lines).toEqual([
      'transync.yaml:1:1 unknown environment "prod" (from --env): no transync.yaml found, so there are no environments',
    ]);
  });

  it("rejects an unknown apiVersion and a defaultEnvironment that does not exist", async () => {
    expect((await load("apiVersion: transync/v9\n")).lines).toEqual([
      'transync.yaml:1:13 apiVersion: unknown apiVersion "transync/v9"; this version of transync knows: transync/v1',
    ]);
    expect((await load("defaultEnvironment: prod\nenvironments: {staging: {}}\n")).lines).toEqual([
      'transync.yaml:1:1 defaultEnvironment: unknown environment "prod" (from defaultEnvironment); transync.yaml defines: staging',
    ]);
  });
});
