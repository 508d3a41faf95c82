import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// src/commands/ holds command entry points only (docs/architecture.md): an HTTP client, the code that
// talks to GitHub, GitLab or any other server, lives in its room (src/live/ for Segment, src/forge/ for
// the pull-request hosts). This holds the rule on the syntax tree, so comments and prose do not count.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Modules that open connections or make requests. */
const HTTP_MODULE = /^(?:node:)?(?:http|https|http2|net|tls)$|^undici$|^@octokit\/|^node-fetch$|^axios$|^got$|^ky$/;
/** Constructors of requests, clients and the URLs they go to. */
const HTTP_CONSTRUCTORS = new Set(["URL", "URLSearchParams", "Request", "Headers", "Octokit", "XMLHttpRequest", "WebSocket"]);
/** An absolute http(s) address, or an API path such as `/api/v4` or `/repos/`. */
const API_ADDRESS = /https?:\/\/|\/api\/v\d|\/repos\/|\/projects\/|\/merge_requests\b/i;

/** Why `text` (one source file) holds an HTTP client, one line per mark; empty when it holds none. */
export function httpClientMarks(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const marks: string[] = [];
  const at = (node: ts.Node): string => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      // A type-only import (`import type { Server } from "node:http"`) names a shape and opens nothing.
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      if (!typeOnly && HTTP_MODULE.test(node.moduleSpecifier.text)) marks.push(`${at(node)} imports ${node.moduleSpecifier.text}`);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      const dynamicModule =
        (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) && first;
      if (dynamicModule && ts.isStringLiteral(first) && HTTP_MODULE.test(first.text)) marks.push(`${at(node)} imports ${first.text}`);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      // fetch itself, or any wrapper of it (boundedFetch); `x.fetch()` of a git remote is not HTTP here.
      if (ts.isIdentifier(callee) && /fetch$/i.test(name)) marks.push(`${at(node)} calls ${name}()`);
      if (ts.isPropertyAccessExpression(callee) && /^https?$/.test(callee.expression.getText(source)) && /^(request|get)$/.test(name))
        marks.push(`${at(node)} calls ${callee.getText(source)}()`);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && HTTP_CONSTRUCTORS.has(node.expression.text)) {
      marks.push(`${at(node)} constructs ${node.expression.text}`);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (API_ADDRESS.test(node.text) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        marks.push(`${at(node)} builds an API address ${JSON.stringify(node.text.slice(0, 60))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return marks;
}

describe("src/commands/ holds no HTTP client (docs/architecture.md)", () => {
  it("no file of src/commands/ imports an HTTP module, calls fetch, constructs a request or builds an API address", () => {
    const dir = join(root, "src", "commands");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    const marks = files.flatMap((f) => httpClientMarks(`src/commands/${f}`, readFileSync(join(dir, f), "utf8")));
    expect(marks).toEqual([]);
  });

  it("the check sees each kind of client (it can fail)", () => {
    const marksOf = (text: string): string[] => httpClientMarks("x.ts", text);
    expect(marksOf(`import { Octokit } from "@octokit/rest";`)).toEqual(["x.ts:1 imports @octokit/rest"]);
    expect(marksOf(`import { request } from "undici";`)).toHaveLength(1);
    expect(marksOf(`const h = await import("node:https");`)).toHaveLength(1);
    expect(marksOf(`await fetch(url, { method: "POST" });`)).toEqual(["x.ts:1 calls fetch()"]);
    expect(marksOf(`await boundedFetch(bounds)(url);`)).toEqual(["x.ts:1 calls boundedFetch()"]);
    expect(marksOf(`import http from "node:http";\nhttp.request(options);`)).toEqual([
      "x.ts:1 imports node:http",
      "x.ts:2 calls http.request()",
    ]);
    expect(marksOf("const url = `${apiUrl}/projects/${id}/merge_requests/${iid}/notes`;").length).toBeGreaterThan(0);
    expect(marksOf(`const base = "https://api.github.com";`)).toHaveLength(1);
    expect(marksOf(`const u = new URL(path, base);`)).toEqual(["x.ts:1 constructs URL"]);
    // Prose is not code: a comment may name an address.
    expect(marksOf(`// see https://docs.github.com/en/rest\nconst x = 1;`)).toEqual([]);
    expect(marksOf(`await git.fetch("origin");`)).toEqual([]);
    // A type names a shape and opens nothing; a value import beside it still counts.
    expect(marksOf(`import type { Server } from "node:http";`)).toEqual([]);
    expect(marksOf(`import { createServer, type Server } from "node:http";`)).toEqual(["x.ts:1 imports node:http"]);
  });
});
