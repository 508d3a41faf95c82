import { xmlAttribute, xmlText } from "../escape/xml-escape.js";
import { failureDetails, skipReason } from "./test-results.js";
import type { CaseResult, TestTotals } from "../simulate/test-cases/types.js";

const attributes = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlAttribute(String(v))}"`)
    .join("");

function testcase(r: CaseResult): string[] {
  const open = `    <testcase${attributes({ name: r.case.name, classname: r.case.file, file: r.case.file, line: r.case.line })}`;
  if (r.status === "passed") return [`${open}/>`];
  if (r.status === "skipped") return [`${open}>`, `      <skipped${attributes({ message: skipReason(r) })}/>`, "    </testcase>"];
  const first = r.failures[0]!;
  const message = `${r.case.file}:${r.case.line}: ${first.expectation}: ${first.message}`;
  return [
    `${open}>`,
    `      <failure${attributes({ message, type: first.expectation })}>${xmlText(failureDetails(r).join("\n"))}</failure>`,
    "    </testcase>",
  ];
}

/** `transync test --format junit`: one <testsuite> per test file, one <testcase> per case. */
export function renderJunit(results: readonly CaseResult[], totals: TestTotals): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const r of results) {
    const list = byFile.get(r.case.file) ?? [];
    list.push(r);
    byFile.set(r.case.file, list);
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: "transync test", tests: results.length, failures: totals.failed, errors: 0, ...(totals.skipped > 0 ? { skipped: totals.skipped } : {}) })}>`,
  ];
  for (const [file, rs] of byFile) {
    const count = (status: CaseResult["status"]): number => rs.filter((r) => r.status === status).length;
    const suite = { name: file, tests: rs.length, failures: count("failed"), errors: 0, skipped: count("skipped") };
    lines.push(`  <testsuite${attributes(suite)}>`);
    for (const r of rs) lines.push(...testcase(r));
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
