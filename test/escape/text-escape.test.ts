import { describe, expect, it } from "vitest";
import { escapeControls, escapeJsonText, fenceText, fencedStream } from "../../src/escape/text-escape.js";
import { renderText } from "../../src/report/index.js";
import { eventSectionText } from "../../src/report/render-event-changes.js";
import { renderApplyText } from "../../src/report/apply-result.js";
import { formatDiagnosticLine } from "../../src/desired/format-diagnostics.js";
import { createLogger } from "../../src/log.js";
import { HOSTILE, HOSTILE_ALL, hostileEvents, hostilePlan } from "../report/hostile-plan.js";

// eslint-disable-next-line no-control-regex -- what must not reach a terminal raw
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The colours transync paints with; the only escape sequences text output may hold. */
// eslint-disable-next-line no-control-regex -- SGR sequences
const OWN_COLOURS = /\u001b\[\d+m/g;
const h = (i: number): string => HOSTILE[i]!;

/** No raw control or bidi character but line feeds and transync's colours, no line that GitHub's runner reads as a command. */
function expectSafeText(text: string): void {
  expect(text.replace(OWN_COLOURS, "")).not.toMatch(UNSAFE);
  for (const line of text.replace(OWN_COLOURS, "").split(/[\n\r]/)) expect(line.trimStart()).not.toMatch(/^(::|##\[)/);
}

describe("escapeControls: the text rule", () => {
  it("shows every C0, DEL, C1, separator and bidi character escaped, and leaves the rest", () => {
    expect(escapeControls("a\nb\rc\td\u001b[2Ke\u007f\u0085\u009b\u2028\u202e\u2066")).toBe(
      "a\\nb\\rc\\td\\u001b[2Ke\\u007f\\u0085\\u009b\\u2028\\u202e\\u2066",
    );
    expect(escapeControls("café ✓ 😀 \u200d")).toBe("café ✓ 😀 \u200d");
    for (const text of HOSTILE) expect(escapeControls(escapeControls(text))).toBe(escapeControls(text));
  });

  it("JSON text: the characters JSON.stringify leaves raw become \\uXXXX, and the data reads back the same", () => {
    const value = { name: HOSTILE_ALL, [HOSTILE[7]!]: [HOSTILE[8]] };
    const json = escapeJsonText(JSON.stringify(value, null, 2));
    expect(json).not.toMatch(UNSAFE);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("the fence every byte the CLI writes goes through", () => {
  it("no line starts a workflow command, whatever white space or colour precedes it, and across writes", () => {
    expect(fenceText("a\n::error::x\n  ::warning::y\r::error::z\n\u001b[1m::notice::w", true)).toBe(
      "a\n:\\u003aerror::x\n  :\\u003awarning::y\\r::error::z\n\u001b[1m:\\u003anotice::w",
    );
    expect(fenceText("::error::first", true)).toBe(":\\u003aerror::first");
    expect(fenceText("mid::line", false)).toBe("mid::line");
    const written: string[] = [];
    const stream = fencedStream({ write: (s: string) => written.push(s) });
    stream.write("ends a line\n");
    stream.write("  ");
    stream.write("::error::split");
    stream.write(" then ::no\n  :");
    stream.write(":error::split after its first colon");
    expect(written.join("")).toBe("ends a line\n  :\\u003aerror::split then ::no\n  :\\u003aerror::split after its first colon");
  });

  it("no `##[` anywhere in a line, however the writes cut it; JSON reads back the same", () => {
    expect(fenceText("x ##[add-mask]m ###[error]e\n##[group]g", false)).toBe("x ##\\u005badd-mask]m ###\\u005berror]e\n##\\u005bgroup]g");
    for (const cut of [1, 2, 3]) {
      const written: string[] = [];
      const stream = fencedStream({ write: (s: string) => written.push(s) });
      const text = "name ##[add-mask]secret";
      stream.write(text.slice(0, 5 + cut));
      stream.write(text.slice(5 + cut));
      expect(written.join("")).toBe("name ##\\u005badd-mask]secret");
    }
    const value = { "##[error]key": ["a ##[add-mask]b", "\\##[", "#", "##"], "::error::x": "\n::warning::y" };
    expect(JSON.parse(fenceText(JSON.stringify(value, null, 2), true))).toEqual(value);
  });

  it("a long write without a command is written as it is, and the next write is fenced by the long one's last line", () => {
    const json = `${JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => ({ name: `T ${i}`, at: "a:b" })) }, null, 2)}\n`;
    const endings: Array<[string, string, string]> = [
      ["  :", ":error::x", "  :\\u003aerror::x"],
      ["status\r\u001b[2K", "::error::x", "status\r\u001b[2K::error::x"],
      ["line\n\u001b[1m ", "::error::x", "line\n\u001b[1m :\\u003aerror::x"],
      ["mid ##", "[add-mask]m", "mid ##\\u005badd-mask]m"],
      ["mid :", ":error::x", "mid ::error::x"],
    ];
    for (const [ending, next, shown] of endings) {
      const written: string[] = [];
      const stream = fencedStream({ write: (s: string) => written.push(s) });
      stream.write(json + ending);
      stream.write(next);
      expect(written.join("")).toBe(json + shown);
    }
  });

  it("lets through line feeds, colours and the status line's erase, and escapes every other control", () => {
    expect(fenceText("\u001b[31mred\u001b[0m\n\r\u001b[2Kstatus", true)).toBe("\u001b[31mred\u001b[0m\n\r\u001b[2Kstatus");
    expect(fenceText("x\u001b[2Ay\u001b]8;;u\u0007z\rw\u0085\u202e", true)).toBe("x\\u001b[2Ay\\u001b]8;;u\\u0007z\\rw\\u0085\\u202e");
  });
});

describe("text reports of hostile names, ids, file names, FQL and values (issue 20, item 2)", () => {
  it("plan text, with and without colour, and its event section", () => {
    for (const color of [false, true]) {
      const text = renderText(hostilePlan(), { color, events: hostileEvents() });
      expectSafeText(text);
      for (const action of hostilePlan().actions) expect(text).toContain(escapeControls(action.name));
      expect(text).toContain("Plan: 1 to create, 1 to update, 1 to delete.");
    }
    expectSafeText(eventSectionText(hostileEvents(), (_style, text) => text).join("\n"));
  });

  it("apply's result lines, with the API's error messages and what did not converge", () => {
    const plan = hostilePlan();
    const actions = plan.actions.map((a, index) => ({
      index,
      kind: a.kind,
      name: a.name,
      id: a.id,
      outcome: "failed" as const,
      attempts: 1,
      ms: 1,
      error: { status: 422, type: h(2), message: h(1) },
    }));
    const result = {
      actions,
      summary: { created: 0, updated: 0, deleted: 0, failed: actions.length, skipped: 0 },
      interrupted: false,
      durationMs: 1,
    };
    const verification = {
      checked: 1,
      diverged: [{ index: 0, id: h(2), name: h(0), field: "if", planned: h(4), actual: h(8) }],
      unreadable: [{ index: 1, id: h(1), name: h(3), message: h(9) }],
      notDeleted: [{ index: 2, id: h(5), name: h(6) }],
    };
    expectSafeText(renderApplyText(plan, result, verification));
  });

  it("validate's diagnostic line", () => {
    const line = formatDiagnosticLine({
      severity: "warning",
      file: HOSTILE[2]!,
      line: 1,
      col: 1,
      path: HOSTILE[0]!,
      message: HOSTILE_ALL,
      rule: "x",
    });
    expect(line.startsWith("line\\n::error")).toBe(true);
    expectSafeText(line);
  });
});

describe("log lines (src/log.ts)", () => {
  function logged(pretty: boolean): string {
    let out = "";
    const logger = createLogger({
      level: "info",
      destination: { write: (s: string) => void (out += s) },
      pretty: pretty ? { colorize: false } : undefined,
    });
    logger.warn({ name: HOSTILE_ALL, nested: { file: HOSTILE[2] } }, HOSTILE[1]);
    return out;
  }

  it("JSON: C0, C1, DEL and bidi characters as \\uXXXX, the record unchanged", () => {
    const line = logged(false);
    expect(line).not.toMatch(UNSAFE);
    expect(JSON.parse(line)).toMatchObject({ name: HOSTILE_ALL, nested: { file: HOSTILE[2] }, msg: HOSTILE[1] });
  });

  it("pretty (a terminal): every string escaped, one line per record", () => {
    const text = logged(true);
    expectSafeText(text);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
    expect(text).toContain(escapeControls(HOSTILE[1]!));
  });
});
