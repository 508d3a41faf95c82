import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fencedStream } from "../../src/escape/text-escape.js";
import { annotationLine } from "../../src/report/workflow-commands.js";
import { everyBracketCommand, runnerCommands } from "../helpers/runner-command-parser.js";
import { commandText } from "../security/command-forms.js";

/** `text` cut at the given offsets (each taken modulo its length): the writes a stream may receive. */
function cut(text: string, offsets: number[]): string[] {
  const at = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => text.slice(start, at[i] ?? text.length));
}

/** What reaches the log after `writes` pass one fenced stream. */
function fenced(writes: string[]): string {
  let out = "";
  const stream = fencedStream({ write: (chunk: string) => (out += chunk) });
  for (const chunk of writes) stream.write(chunk);
  return out;
}

const text = fc.array(fc.oneof(commandText, fc.string(), fc.constantFrom("\n", "\r", "\r\n", "\u0085", "\u2028", "#", "[", ":", " ")), {
  maxLength: 10,
});
const offsets = fc.array(fc.nat(), { maxLength: 8 });

/** Issue 33, finding 1: the fence itself, whatever the text and however the writes cut it. */
describe("the output fence against GitHub's runner (its parser, ported)", () => {
  it("no command in any text however it is cut into writes; JSON reads back the same data", () => {
    fc.assert(
      fc.property(text, offsets, (pieces, at) => {
        const raw = pieces.join("");
        const out = fenced(cut(raw, at));
        expect(runnerCommands(out)).toEqual([]);
        expect(everyBracketCommand(out)).toEqual([]);
        const json = JSON.stringify({ [raw]: pieces }, null, 2);
        expect(JSON.parse(fenced(cut(json, at)))).toEqual({ [raw]: pieces });
      }),
      { numRuns: 500 },
    );
  });

  it("transync's own annotation, written after any text, is the one command the runner finds", () => {
    fc.assert(
      fc.property(text, offsets, commandText, (pieces, at, message) => {
        const own = annotationLine({ level: "warning", file: message, title: message, message });
        const out = fenced([...cut(pieces.join(""), at), "\n", `${own}\n`, ...cut(pieces.join(""), at)]);
        expect(runnerCommands(out).map((c) => [c.form, c.command, c.properties.file])).toEqual([["::", "warning", expect.any(String)]]);
        expect(everyBracketCommand(out)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
