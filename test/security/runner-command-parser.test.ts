import { describe, expect, it } from "vitest";
import {
  everyBracketCommand,
  parseBracketCommand,
  parseColonCommand,
  runnerCommands,
  runnerLines,
} from "../helpers/runner-command-parser.js";

/** The port of the runner's parser (test/helpers/runner-command-parser.ts) against the runner's own cases (src/Test/L0/Worker/ActionCommandL0.cs). */
const custom = new Set(["do-something"]);

describe("the runner's workflow-command parser, ported", () => {
  it("reads the `##[` form as the runner's TryParse does, with its unescaping", () => {
    expect(parseBracketCommand("##[do-something k1=v1;]msg", custom)).toMatchObject({
      command: "do-something",
      properties: { k1: "v1" },
      data: "msg",
    });
    expect(parseBracketCommand("##[do-something k1=%3B=%0D=%0A=%5D;]%3B-%0D-%0A-%5D", custom)).toMatchObject({
      properties: { k1: ";=\r=\n=]" },
      data: ";-\r-\n-]",
    });
    expect(parseBracketCommand("##[do-something k1=%253B=%250D;]%253B-%250D", custom)).toMatchObject({
      properties: { k1: "%3B=%0D" },
      data: "%3B-%0D",
    });
    // Anywhere in the line, in any case; only the first `##[` is looked at.
    expect(parseBracketCommand("a name ##[DO-SOMETHING]x", custom)).toMatchObject({ command: "DO-SOMETHING", data: "x" });
    expect(parseBracketCommand("##[other]x ##[do-something]y", custom)).toBeUndefined();
    expect(everyBracketCommand("##[other]x ##[error]y")).toMatchObject([{ command: "error", data: "y" }]);
    expect(parseBracketCommand("##[do-something", custom)).toBeUndefined();
  });

  it("reads the `::` form as TryParseV2 does: after leading white space only", () => {
    expect(parseColonCommand("::do-something k1=;=%2C=%0D=%0A=]=%3A,::;-%0D-%0A-]-:-,", custom)).toMatchObject({
      properties: { k1: ";=,=\r=\n=]=:" },
      data: ";-\r-\n-]-:-,",
    });
    expect(parseColonCommand("::do-something k1=,k2=,::", custom)).toMatchObject({ properties: {}, data: "" });
    expect(parseColonCommand("   ::do-something k1=v1,::msg", custom)).toMatchObject({ properties: { k1: "v1" }, data: "msg" });
    expect(parseColonCommand("\u0085\u2028\u00a0\u3000::do-something::msg", custom)).toMatchObject({ data: "msg" });
    expect(parseColonCommand("   >>>   ::do-something k1=v1,::msg", custom)).toBeUndefined();
    expect(parseColonCommand("::do-something", custom)).toBeUndefined();
  });

  it("splits lines at \\n, \\r and \\r\\n only; honours stop-commands until its token", () => {
    expect(runnerLines("a\r\nb\rc\nd\u0085e\u2028f\n")).toEqual(["a", "b", "c", "d\u0085e\u2028f"]);
    const found = runnerCommands(
      "x ##[add-mask]m\n::stop-commands::tok\n::error::hidden\n##[warning]hidden\n::tok::\n::notice::seen\r##[group]g",
    );
    expect(found.map((c) => `${c.form}${c.command}`)).toEqual(["##[add-mask", "::stop-commands", "::tok", "::notice", "##[group"]);
    expect(runnerCommands("::unknown::x\n##[section]y\n:: error::z")).toEqual([]);
  });
});
