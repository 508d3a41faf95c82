import { describe, expect, it } from "vitest";
import { activeFreezes, parseWindowDuration, readFreezeWindows, type FreezeWindow } from "../../src/desired/freeze.js";
import type { RuleReporter } from "../../src/desired/rules.js";

const at = (iso: string) => Date.parse(iso);

function read(raw: unknown, environments = ["staging", "prod"]): { windows: FreezeWindow[]; errors: string[] } {
  const errors: string[] = [];
  const reporter: RuleReporter = { report: (_s, rule, path, message) => errors.push(`${rule} ${path.join(".")}: ${message}`) };
  return { windows: readFreezeWindows(raw, environments, reporter), errors };
}

describe("freeze windows", () => {
  const { windows } = read([
    { name: "black-friday", from: "2026-11-26T00:00Z", to: "2026-12-01T00:00Z", environments: ["prod"] },
    { name: "weekend", cron: "0 18 * * 5", duration: "62h" },
  ]);

  it("a fixed window is on from `from` (included) to `to` (excluded), for its environments only", () => {
    expect(activeFreezes(windows, "prod", at("2026-11-25T23:59Z"))).toEqual([]);
    expect(activeFreezes(windows, "prod", at("2026-11-26T00:00Z"))).toEqual([{ name: "black-friday", endsAtMs: at("2026-12-01T00:00Z") }]);
    expect(activeFreezes(windows, "staging", at("2026-11-26T12:00Z"))).toEqual([]);
    expect(activeFreezes(windows, undefined, at("2026-11-26T12:00Z"))).toEqual([]);
    expect(activeFreezes(windows, "prod", at("2026-12-01T00:00Z"))).toEqual([]);
  });

  it("a recurring window is on from each matching start for its duration, in every environment", () => {
    const weekend = { name: "weekend", endsAtMs: at("2026-12-07T08:00Z") };
    expect(activeFreezes(windows, "staging", at("2026-12-04T17:59Z"))).toEqual([]); // a Friday
    expect(activeFreezes(windows, "staging", at("2026-12-04T18:00Z"))).toEqual([weekend]);
    expect(activeFreezes(windows, undefined, at("2026-12-07T07:59:59Z"))).toEqual([weekend]);
    expect(activeFreezes(windows, "staging", at("2026-12-07T08:00Z"))).toEqual([]);
  });

  it("both at once when both are on", () => {
    expect(activeFreezes(windows, "prod", at("2026-11-28T10:00Z")).map((w) => w.name)).toEqual(["black-friday", "weekend"]);
  });

  it("reports each bad field at its place, and keeps no bad window", () => {
    const { windows: kept, errors } = read([
      { name: "a", from: "2026-11-26", to: "2026-12-01T00:00Z" },
      { name: "b", from: "2026-12-01T00:00Z", to: "2026-11-26T00:00Z" },
      { name: "c", cron: "0 18 * * FRI", duration: "62h" },
      { name: "d", cron: "0 18 * * 5", duration: "soon" },
      { name: "e", from: "2026-11-26T00:00Z", to: "2026-12-01T00:00Z", environments: ["prd"] },
      { name: "f", from: "2026-02-30T00:00Z", to: "2026-12-01T00:00Z" },
    ]);
    expect(kept).toEqual([]);
    expect(errors).toEqual([
      expect.stringMatching(/^freeze-window freeze\.0\.from: freeze window "a": expected a UTC instant/),
      expect.stringMatching(/^freeze-window freeze\.1\.to: .*"to" \(2026-11-26T00:00Z\) must be after "from"/),
      expect.stringMatching(/^freeze-window freeze\.2\.cron: .*bad day of week "FRI"/),
      expect.stringMatching(/^freeze-window freeze\.3\.duration: .*got "soon"/),
      'unknown-environment freeze.4.environments.0: freeze window names unknown environment "prd"; transync.yaml defines: staging, prod',
      expect.stringMatching(/^freeze-window freeze\.5\.from:/),
    ]);
  });

  it("a window is fixed or recurring, never both or half of one", () => {
    const { windows: kept, errors } = read([
      { name: "both", from: "2026-11-26T00:00Z", to: "2026-12-01T00:00Z", cron: "0 18 * * 5", duration: "1h" },
      { name: "half", from: "2026-11-26T00:00Z" },
      { name: "none" },
    ]);
    expect(kept).toEqual([]);
    expect(errors).toEqual([
      expect.stringMatching(/^freeze-window freeze\.0\.cron: .*not both$/),
      expect.stringMatching(/^freeze-window freeze\.1\.from: .*this one has from$/),
      expect.stringMatching(/^freeze-window freeze\.2\.name: .*this one has neither$/),
    ]);
  });

  it("reads durations in days, hours and minutes", () => {
    expect(parseWindowDuration("62h")).toBe(62 * 3_600_000);
    expect(parseWindowDuration("2d12h30m")).toBe((2 * 1440 + 12 * 60 + 30) * 60_000);
    expect(parseWindowDuration("0m")).toBeUndefined();
    expect(parseWindowDuration("")).toBeUndefined();
    expect(parseWindowDuration("h")).toBeUndefined();
  });
});
