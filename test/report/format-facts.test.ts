import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultFormat, FORMAT_FACTS, FORMATS, formatFacts, type FormatFactsOf, type Format } from "../../src/report/formats.js";

/**
 * Each format carries the facts a command acts on (src/report/formats.ts): whether a program parses
 * it, whether plan's event section and volumes go with it, ... A command reads those facts, never
 * the format's name, so a new format cannot be half-added: without its facts the build fails, and
 * with them every command already knows what to do with it.
 */

/** `format === "json"`, `options.format !== 'text'`, `"markdown" === format`: a choice made by a format's name. */
const BY_NAME = /\bformat\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*(?:options\.)?format\b/;

describe("facts of each output format (src/report/formats.ts)", () => {
  it("no command picks its behaviour by a format's name: each reads the format's facts", () => {
    const byName: string[] = [];
    for (const dir of ["src/commands", "src/pipeline", "src/report"]) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
        const lines = readFileSync(join(dir, file), "utf8").split("\n");
        lines.forEach((line, i) => {
          if (BY_NAME.test(line)) byName.push(`${dir}/${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(byName).toEqual([]);
  });

  it("src/report/formats.ts imports nothing: the CLI loads it at start-up, before any command", () => {
    expect(readFileSync("src/report/formats.ts", "utf8")).not.toMatch(/^\s*(import|export .* from)\b/m);
  });

  it("the pattern sees the comparisons it must refuse", () => {
    for (const line of ['options.format === "json"', "format !== 'text'", '"markdown" === options.format', 'if (format == "github")'])
      expect(line).toMatch(BY_NAME);
    expect('const format = options.format ?? defaultFormat("test");').not.toMatch(BY_NAME);
  });

  it("every format of every command has its facts, and no facts are kept for a format that does not exist", () => {
    for (const [command, formats] of Object.entries(FORMATS)) {
      expect(Object.keys(FORMAT_FACTS[command as keyof typeof FORMATS]), command).toEqual([...formats]);
    }
    expect(Object.keys(FORMAT_FACTS)).toEqual(Object.keys(FORMATS));
  });

  it("what the commands did by name, they now do by fact (same behaviour)", () => {
    // plan: JSON is parsed by programs, so it has no event section and no left-out notes on stderr;
    // Markdown (the pull-request comment) has volumes on by default and reports a failed plan.
    expect(formatFacts("plan", "json")).toMatchObject({ parsed: true, eventSection: false, holdsLeftOutDetails: true });
    expect(formatFacts("plan", "markdown")).toMatchObject({ parsed: false, volumesByDefault: true, reportsFailure: true });
    expect(formatFacts("plan", "text")).toMatchObject({ eventSection: true, volumesByDefault: false, reportsFailure: false });
    expect(formatFacts("apply", "json").parsed).toBe(true);
    expect(formatFacts("apply", "text").parsed).toBe(false);
    expect(formatFacts("test", "github").annotations).toBe(true);
    expect(formatFacts("test", "junit")).toMatchObject({ parsed: true, annotations: false });
  });

  it("a format without its facts, or facts missing one, does not compile", () => {
    // @ts-expect-error `markdown` has no facts: every format of plan needs them
    const missingFormat: { [F in Format<"plan">]: FormatFactsOf<"plan"> } = {
      text: { parsed: false, eventSection: true, volumesByDefault: false, reportsFailure: false, holdsLeftOutDetails: false },
      json: { parsed: true, eventSection: false, volumesByDefault: false, reportsFailure: false, holdsLeftOutDetails: true },
    };
    // @ts-expect-error `annotations` is a fact every format of test must state
    const missingFact: FormatFactsOf<"test"> = { parsed: false };
    expect([Object.keys(missingFormat), missingFact]).toEqual([["text", "json"], { parsed: false }]);
  });

  it("test/security/hostile-output.test.ts runs every format of every command on hostile strings", () => {
    const text = readFileSync("test/security/hostile-output.test.ts", "utf8");
    const ran = new Set<string>();
    for (const m of text.matchAll(/\brun\("([a-z]+)"([^)]*)\)/g)) {
      const format = /"--format", "([a-z]+)"/.exec(m[2]!)?.[1];
      ran.add(`${m[1]} ${format ?? "(default)"}`);
    }
    const missing = Object.entries(FORMATS).flatMap(([command, formats]) =>
      formats
        .filter((format) => {
          const isDefault = format === defaultFormat(command as keyof typeof FORMATS);
          return !ran.has(`${command} ${format}`) && !(isDefault && ran.has(`${command} (default)`));
        })
        .map((format) => `${command} --format ${format}`),
    );
    expect(missing).toEqual([]);
    expect(ran.size).toBeGreaterThan(10);
  });
});
