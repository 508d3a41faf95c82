import { describe, expect, it } from "vitest";
import { loadProjectConfig } from "../../src/desired/load-project.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { memorySource } from "./memory-source.js";

async function load(lines: string[], env?: string) {
  const result = await loadProjectConfig(memorySource({ "transync.yaml": [...lines, ""].join("\n") }), { env });
  return { guards: result.config.guards, lines: result.diagnostics.map(formatDiagnosticLine) };
}

const PROJECT = [
  "apiVersion: transync/v1",
  "environments:",
  "  staging: { sources: { web: src_w } }",
  "  prod:",
  "    sources: { web: src_p }",
  "    guards: { maxDroppedPerDay: 1000, unknownVolume: warn }",
  "guards:",
  "  maxDroppedPerDay: 50000",
  "  maxDroppedShare: 0.05",
  "  maxChangedShare: 0.25",
];

describe("guards: in transync.yaml", () => {
  it("the top-level limits hold in every run; an environment's keys replace the top-level keys of the same name", async () => {
    expect((await load(PROJECT, "staging")).guards).toEqual({
      maxDroppedPerDay: 50_000,
      maxDroppedShare: 0.05,
      maxChangedShare: 0.25,
      unknownVolume: "refuse",
    });
    expect((await load(PROJECT, "prod")).guards).toEqual({
      maxDroppedPerDay: 1_000,
      maxDroppedShare: 0.05,
      maxChangedShare: 0.25,
      unknownVolume: "warn",
    });
    expect((await load(PROJECT)).guards).toMatchObject({ maxDroppedPerDay: 50_000 });
  });

  it("no guards: anywhere: none", async () => {
    expect((await load(PROJECT.slice(0, 6).filter((l) => !l.includes("guards")))).guards).toBeUndefined();
  });

  it("a bad value is an error at its line and column, and sets no limit", async () => {
    const { guards, lines } = await load([
      "apiVersion: transync/v1",
      "guards:",
      "  maxDroppedPerDay: -1",
      "  maxDroppedShare: 5",
      "  unknownVolume: ignore",
      "  maxDropped: 3",
    ]);
    expect(lines).toEqual([
      "transync.yaml:3:21 guards.maxDroppedPerDay: must be >= 0",
      "transync.yaml:4:20 guards.maxDroppedShare: must be <= 1",
      'transync.yaml:5:18 guards.unknownVolume: must be one of "refuse", "warn" (got "ignore")',
      'transync.yaml:6:3 guards.maxDropped: unknown field "maxDropped"; known fields: maxDroppedPerDay, maxDroppedShare, maxChangedShare, unknownVolume',
    ]);
    expect(guards).toEqual({ unknownVolume: "refuse" });
  });
});
