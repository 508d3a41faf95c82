import { describe, expect, it } from "vitest";
import { stepLog } from "../../src/action/step-log.js";
import { fenceText } from "../../src/escape/text-escape.js";
import { annotationLine } from "../../src/report/workflow-commands.js";
import { runnerCommands } from "../helpers/runner-command-parser.js";

/** Two runs of transync on one step's log: each fenced alone, as src/action/run-action.ts writes them. */
function twoRuns(first: string, second: string, log: (text: string) => void, startLine: () => void): void {
  log(fenceText(first, true));
  startLine();
  log(fenceText(second, true));
}

describe("the Action's step log (src/action/step-log.ts)", () => {
  it("a run that ends its output mid-line cannot complete a command with the next run's text", () => {
    let raw = "";
    twoRuns(
      "name ##",
      "[add-mask]secret\n",
      (text) => void (raw += text),
      () => undefined,
    );
    expect(runnerCommands(raw).map((c) => c.command)).toEqual(["add-mask"]);
    let logged = "";
    const log = stepLog({ write: (text: string) => ((logged += text), true) });
    twoRuns(
      "name ##",
      "[add-mask]secret\n",
      (text) => log.write(text),
      () => log.startLine(),
    );
    twoRuns(
      "  :",
      ":error::forged\n",
      (text) => log.write(text),
      () => log.startLine(),
    );
    expect(runnerCommands(logged)).toEqual([]);
  });

  it("the action's own annotation starts its line, after a run that left one open; nothing is added after a line break", () => {
    let logged = "";
    const log = stepLog({ write: (text: string) => ((logged += text), true), isTTY: false });
    log.write("no line break");
    log.startLine();
    log.write(fenceText(`${annotationLine({ level: "notice", message: "own" })}\n`, true));
    log.startLine();
    expect(logged).toBe("no line break\n::notice::own\n");
    expect(runnerCommands(logged).map((c) => [c.command, c.data])).toEqual([["notice", "own"]]);
    expect(log.isTTY).toBe(false);
  });
});
