import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

/** Every error status written in the emulator's source: `new HttpError(N`, `.status(N`, `writeHead(N`, `status: N`. */
function statusesInSource(): Map<number, string[]> {
  const found = new Map<number, string[]>();
  const dir = join(ROOT, "src", "emulator");
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const match of text.matchAll(/(?:HttpError\(|\.status\(|writeHead\(|status: )([1-5]\d\d)\b/g)) {
      const status = Number(match[1]);
      found.set(status, [...(found.get(status) ?? []), file]);
    }
  }
  return found;
}

/** The statuses of the error table in docs/emulator.md (rows `| 4xx | ...`). */
function statusesInDocs(): Set<number> {
  const text = readFileSync(join(ROOT, "docs", "emulator.md"), "utf8");
  return new Set([...text.matchAll(/^\| ([45]\d\d) \|/gm)].map((m) => Number(m[1])));
}

describe("docs/emulator.md lists every status the emulator can send", () => {
  it("every error status in src/emulator is a row of the table, and every row is sent somewhere", () => {
    const source = statusesInSource();
    const documented = statusesInDocs();
    const errors = [...source.keys()].filter((s) => s >= 400);
    expect(errors.length).toBeGreaterThan(10); // the scan finds what it looks for
    for (const status of errors)
      expect(documented.has(status), `${status} (sent in ${source.get(status)?.join(", ")}) is not in docs/emulator.md`).toBe(true);
    for (const status of documented)
      expect(source.has(status), `docs/emulator.md lists ${status}, which src/emulator never sends`).toBe(true);
  });

  it("no 415: the emulator never answers Unsupported Media Type", () => {
    expect(statusesInSource().has(415)).toBe(false);
    expect(statusesInDocs().has(415)).toBe(false);
  });
});
