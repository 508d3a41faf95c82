import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyLint, strictDiagnostics, type DocumentLint } from "../../src/desired/lint.js";
import { LINT_RULE_IDS } from "../../src/desired/lint-rules.js";
import type { Diagnostic } from "../../src/desired/types.js";

const warning = (file: string, line: number, rule: string): Diagnostic => ({
  file,
  line,
  col: 3,
  severity: "warning",
  path: "if",
  rule,
  message: "m",
});

/** Document b.yaml lines 10-20 silences same-scope and drop-ignores. */
const lint: DocumentLint = {
  file: "b.yaml",
  from: { line: 10, col: 1 },
  to: { line: 20, col: 1 },
  ignores: [
    { rule: "same-scope", reason: "on purpose", index: 0, at: { file: "b.yaml", line: 14, col: 7 } },
    { rule: "drop-ignores", reason: "kept", index: 1, at: { file: "b.yaml", line: 16, col: 7 } },
  ],
};

describe("applyLint: which warnings a document silences (pure)", () => {
  it("silences the named warning inside the document only, keeps it with its reason, and reports the ignore that matched nothing", () => {
    const inside = warning("b.yaml", 12, "same-scope");
    const { diagnostics, unused } = applyLint(
      [inside, warning("b.yaml", 21, "same-scope"), warning("a.yaml", 12, "same-scope"), warning("b.yaml", 12, "same-property")],
      [lint],
    );
    expect(diagnostics.map((d) => d.silenced?.reason)).toEqual(["on purpose", undefined, undefined, undefined]);
    expect(unused).toEqual([
      expect.objectContaining({ file: "b.yaml", line: 16, col: 7, path: "lint.ignore.1", rule: "unused-lint-ignore", severity: "warning" }),
    ]);
    // Applied again to what it marked, the same result (plan's load marks; validate applies once more over all).
    expect(applyLint(diagnostics, [lint]).diagnostics).toEqual(diagnostics);
  });

  it("never silences an error, nor an unused-lint-ignore", () => {
    const error: Diagnostic = { ...warning("b.yaml", 12, "same-scope"), severity: "error" };
    const unusedWarning = warning("b.yaml", 12, "unused-lint-ignore");
    const silenceAll: DocumentLint = { ...lint, ignores: [{ ...lint.ignores[0]!, rule: "unused-lint-ignore" }] };
    expect(applyLint([error], [lint]).diagnostics).toEqual([error]);
    expect(applyLint([unusedWarning], [silenceAll]).diagnostics).toEqual([unusedWarning]);
  });

  it("--strict turns the warnings not silenced into errors", () => {
    const { diagnostics } = applyLint([warning("b.yaml", 12, "same-scope"), warning("b.yaml", 13, "fql-compare-type")], [lint]);
    expect(strictDiagnostics(diagnostics).map((d) => d.severity)).toEqual(["warning", "error"]);
  });
});

describe("the warning ids", () => {
  it("docs/desired-state.md's table lists every id, and no other", () => {
    const doc = readFileSync("docs/desired-state.md", "utf8");
    const section = doc.slice(doc.indexOf("## Warnings and `lint`"));
    const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| id |")));
    const ids = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...LINT_RULE_IDS].sort());
  });
});
