import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { completionSpec } from "../../src/cli/completion.js";
import { quietProgram } from "../helpers/program.js";
import { REPOSITORY_URL } from "../../src/cli/help.js";

// Help is read by people who installed the package, not the checkout: a `docs/x.md` it names must be
// in the package (package.json "files"), and a link must be a full URL.

/** The files `npm pack` would put in the package (no scripts run). */
function packedFiles(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" });
  const [packed] = JSON.parse(out) as [{ files: { path: string }[] }];
  return new Set(packed.files.map((f) => f.path));
}

/** Every command's --help and the program's, as a user sees them. */
async function everyHelp(): Promise<string[]> {
  const names = completionSpec(quietProgram(process.cwd()).program).commands.map((c) => c.name);
  const texts: string[] = [];
  for (const args of [["--help"], ...names.filter((n) => n !== "help").map((n) => [n, "--help"])]) {
    const run = await runCli(args);
    expect(run.code, args.join(" ")).toBe(0);
    texts.push(run.stdout);
  }
  return texts;
}

describe("--help links", () => {
  it("every docs/*.md path help mentions is in the packed file list", async () => {
    const files = packedFiles();
    const text = (await everyHelp()).join("\n");
    // A path inside a URL is the repository's, checked below.
    const paths = new Set([...text.replace(/https:\/\/\S+/g, "").matchAll(/\bdocs\/[\w./-]+\.md\b/g)].map((m) => m[0]));
    expect(paths.size).toBeGreaterThan(0);
    expect([...paths].filter((p) => !files.has(p))).toEqual([]);
  }, 60_000);

  it("every link help shows is a full https URL of the repository package.json names", async () => {
    const text = (await everyHelp()).join("\n");
    const urls = [...text.matchAll(/\bhttps?:\/\/[^\s)"'`]+/g)].map((m) => m[0]).filter((u) => !/127\.0\.0\.1|localhost/.test(u));
    for (const url of urls) expect(url).toMatch(/^https:\/\//);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { repository: { url: string }; homepage: string };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY_URL}.git`);
    expect(pkg.homepage.startsWith(REPOSITORY_URL)).toBe(true);
    expect(urls.some((u) => u.startsWith(`${REPOSITORY_URL}/`))).toBe(true);
  }, 60_000);
});
