import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * src/plan and src/impact are pure (docs/architecture.md, "Rules of the house"): the one fence of
 * eslint.config.js (pureStage) refuses IO modules, IO libraries, IO globals and value imports from
 * the other stages. Linted as text at a path inside each room, so no probe file is ever written.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const FENCE = new Set(["no-restricted-imports", "no-restricted-globals"]);

const IMPURE = [
  'import { readFileSync } from "node:fs";',
  'import { parse } from "yaml";',
  'import { listAll } from "../live/read-live-state.js";',
  'import { loadDesired } from "../desired/load-desired.js";',
  "export const used = [readFileSync, parse, listAll, loadDesired];",
  "export function leak(): unknown {",
  "  console.log(process.env.HOME);",
  '  return fetch("http://127.0.0.1/");',
  "}",
].join("\n");

let eslint: ESLint;
beforeAll(() => {
  // Without type information (the probe is in no tsconfig): the fence needs none.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { project: null } },
      rules: {
        "@typescript-eslint/no-floating-promises": "off",
        "@typescript-eslint/no-misused-promises": "off",
        "@typescript-eslint/switch-exhaustiveness-check": "off",
      },
    },
  });
});

async function fenceMessages(room: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}/src/${room}/fence-probe.ts` });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && FENCE.has(m.ruleId)).map((m) => `${m.line}: ${m.message}`);
}

describe("the pure stages are fenced by ESLint", () => {
  it.each(["plan", "impact"])(
    "src/%s refuses IO modules, IO libraries, IO globals and values from other stages",
    async (room) => {
      const messages = await fenceMessages(room, IMPURE);
      expect(messages.filter((m) => m.includes(`src/${room} is pure`) || m.includes(`src/${room} imports only types`))).toHaveLength(7);
      expect(messages.join("\n")).toMatch(/node:fs/);
      expect(messages.join("\n")).toMatch(/'console'.*\n.*'process'.*\n.*'fetch'/);
    },
    60_000,
  );

  it.each(["plan", "impact"])("src/%s may import types from other stages, and node:crypto", async (room) => {
    const text = [
      'import type { LiveApi } from "../live/live-api.js";',
      'import { createHash } from "node:crypto";',
      "export const hash = (api: LiveApi): string => createHash('sha256').update(String(api)).digest('hex');",
    ].join("\n");
    expect(await fenceMessages(room, text)).toEqual([]);
  });

  it("src/impact may use src/desired's did-you-mean search (its room rule) and nothing else of it; src/plan not even that", async () => {
    const text = 'import { nearest } from "../desired/name-match.js";\nexport const near = nearest;\n';
    expect(await fenceMessages("impact", text)).toEqual([]);
    expect(await fenceMessages("plan", text)).toHaveLength(1);
  });

  it("the real files of both rooms pass the fence", async () => {
    const results = await eslint.lintFiles(["src/plan/**/*.ts", "src/impact/**/*.ts"]);
    const fenced = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId !== null && FENCE.has(m.ruleId)).map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(fenced).toEqual([]);
  });
});
