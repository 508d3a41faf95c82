import { describe, expect, it } from "vitest";
import { annotationLine, escapeCommandData, escapeCommandProperty } from "../../src/report/workflow-commands.js";
import { escapeControls, fenceText, fencedStream } from "../../src/escape/text-escape.js";
import { HOSTILE } from "./hostile-plan.js";
import { parseAnnotations } from "../helpers/annotations.js";

/** What the runner reads from the fenced output: every line that starts a workflow command. */
const commandLines = (text: string): string[] => text.split(/[\n\r]/).filter((line) => /^\s*(::|##\[)/.test(line));

describe("GitHub workflow commands (annotations)", () => {
  it("escapes data as GitHub requires: % first, then CR and LF; properties also : and ,", () => {
    expect(escapeCommandData("100% a\r\nb::c,d")).toBe("100%25 a%0D%0Ab::c,d");
    expect(escapeCommandProperty("a:b,c%\nd")).toBe("a%3Ab%2Cc%25%0Ad");
    // Already escaped text is escaped again, not taken as an escape: it reads back as written.
    expect(escapeCommandData("%0A")).toBe("%250A");
  });

  it("an annotation is one line; through the fence it is a workflow command, the only one", () => {
    const line = annotationLine({ level: "error", file: "transformations/a.yaml", line: 3, col: 5, title: "schema", message: "bad value" });
    const fenced = fenceText(`${line}\n`, true);
    expect(fenced).toBe("::error file=transformations/a.yaml,line=3,col=5,title=schema::bad value\n");
    expect(parseAnnotations(fenced)).toEqual([
      { level: "error", properties: { file: "transformations/a.yaml", line: "3", col: "5", title: "schema" }, message: "bad value" },
    ]);
  });

  it("hostile messages, titles and file names (line breaks, %, ::, ##[, controls) stay in their one annotation and read back exactly", () => {
    const lines = HOSTILE.map((text, i) =>
      annotationLine({
        level: i % 2 ? "warning" : "error",
        file: `${text}.yaml`,
        line: i + 1,
        col: 1,
        title: text,
        message: `${text} 100%`,
      }),
    );
    const fenced = fenceText(`${lines.join("\n")}\n`, true);
    const commands = commandLines(fenced);
    expect(commands).toHaveLength(HOSTILE.length);
    const parsed = parseAnnotations(fenced);
    // Line breaks travel as %0D/%0A; every other control character is shown escaped, as in text output, and `##[` as `##\u005b`.
    const shown = (text: string): string =>
      text
        .split(/([\r\n])/)
        .map((part) => (part === "\r" || part === "\n" ? part : escapeControls(part)))
        .join("")
        .replace(/##\[/g, "##\\u005b");
    expect(parsed.map((a) => a.properties.file)).toEqual(HOSTILE.map((text) => shown(`${text}.yaml`)));
    expect(parsed.map((a) => a.properties.title)).toEqual(HOSTILE.map(shown));
    expect(parsed.map((a) => a.message)).toEqual(HOSTILE.map((text) => shown(`${text} 100%`)));
  });

  it("a line that only looks like transync's annotation is still fenced: the fence lets through its own, never data", () => {
    const forged = "::error file=x,line=1::forged\n";
    expect(commandLines(fenceText(forged, true))).toEqual([]);
    const written: string[] = [];
    const stream = fencedStream({ write: (s: string) => written.push(s) });
    stream.write(`${annotationLine({ level: "warning", message: "own" })}\n`);
    stream.write("::error::forged\n");
    expect(commandLines(written.join(""))).toEqual(["::warning::own"]);
  });
});
