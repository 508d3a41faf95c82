import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/architecture.md, "A new flag": an options field and its flag declaration are tied by their name
// through defineCommand's mapped type (src/cli/define.ts), not by a reference. So the editor's rename
// (TypeScript's language service, what VS Code and other editors run) finds one side only, and the
// build fails naming the side left behind. This test holds the doc to what really happens.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const COMMAND = join(root, "test/cli/__editor-rename-command__.ts");
const SOURCE = `import type { CliContext } from "../../src/pipeline/context.js";
import { defineCommand } from "../../src/cli/define.js";
import { flag } from "../../src/cli/flags.js";

export interface FooOptions {
  fooBar?: boolean;
}

async function foo(_ctx: CliContext, options: FooOptions): Promise<0 | 1> {
  return options.fooBar ? 0 : 1;
}

export const FOO = defineCommand({
  name: "foo",
  description: "d",
  ends: "by itself",
  flags: { fooBar: flag("--foo-bar", "h") },
  load: () => Promise.resolve(foo),
});
`;

/** A language service over the one in-memory command; the rest of the program is read from disk. */
function languageService(text: () => string): ts.LanguageService {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  };
  const read = (file: string): string | undefined => (file === COMMAND ? text() : ts.sys.readFile(file));
  let version = 0;
  let seen = "";
  return ts.createLanguageService({
    getScriptFileNames: () => [COMMAND],
    getScriptVersion: (file) => {
      if (file !== COMMAND) return "0";
      if (text() !== seen) [seen, version] = [text(), version + 1];
      return String(version);
    },
    getScriptSnapshot: (file) => {
      const content = read(file);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (file) => file === COMMAND || ts.sys.fileExists(file),
    readFile: read,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
}

/** The text with every rename location of the identifier at `position` replaced by `to`, and the lines it touched. */
function renamed(service: ts.LanguageService, text: string, position: number, to: string): { text: string; lines: string[] } {
  const locations = service.findRenameLocations(COMMAND, position, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [];
  expect(locations.every((l) => l.fileName === COMMAND)).toBe(true);
  const starts = locations.map((l) => l.textSpan).sort((a, b) => b.start - a.start);
  let out = text;
  for (const span of starts) out = out.slice(0, span.start) + to + out.slice(span.start + span.length);
  const lines = locations.map((l) => text.slice(text.lastIndexOf("\n", l.textSpan.start) + 1, text.indexOf("\n", l.textSpan.start)).trim());
  return { text: out, lines: lines.sort() };
}

const errors = (service: ts.LanguageService): string[] =>
  service.getSemanticDiagnostics(COMMAND).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));

describe("an editor rename of an options field or its flag's key (docs/architecture.md, A new flag)", () => {
  // One service for the three (loading the program takes most of the time); each test sets the text.
  let text = SOURCE;
  const service = languageService(() => text);

  it("the command as written compiles", () => {
    text = SOURCE;
    expect(errors(service)).toEqual([]);
  });

  it("renaming the options field finds the field and its reads, not the declaration's key: the build fails naming the new field", () => {
    text = SOURCE;
    const result = renamed(service, text, text.indexOf("fooBar?:"), "fooBaz");
    expect(result.lines).toEqual(["fooBar?: boolean;", "return options.fooBar ? 0 : 1;"]);
    text = result.text;
    expect(text).toContain(`flags: { fooBar: flag("--foo-bar", "h") }`);
    expect(errors(service).join("\n")).toMatch(/optionsFieldsThatNoFlagFills: "fooBaz"/);
  });

  it("renaming the declaration's key finds the key only: the build fails naming the field no flag fills now", () => {
    text = SOURCE;
    const result = renamed(service, text, text.indexOf("fooBar: flag"), "fooBaz");
    expect(result.lines).toEqual([`flags: { fooBar: flag("--foo-bar", "h") },`]);
    text = result.text;
    expect(errors(service).join("\n")).toMatch(/optionsFieldsThatNoFlagFills: "fooBar"/);
  });

  it("docs/architecture.md says so, and no longer that the rename carries over to the key", () => {
    const doc = readFileSync(join(root, "docs/architecture.md"), "utf8").replace(/\s+/g, " ");
    expect(doc).not.toMatch(/renames the declaration's key too/);
    expect(doc).toMatch(/finds the options field and its reads but not the declaration's key/);
    expect(doc).toContain("test/cli/editor-rename.test.ts");
  });
});
