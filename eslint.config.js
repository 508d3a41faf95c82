import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Stages whose files may import values only from these; every other stage, types only. */
const STAGES = ["live", "apply", "commands", "pipeline", "emulator", "desired"];

/** Globals that reach the world outside a pure stage: the process, the network, the console, timers. */
const IO_GLOBALS = ["process", "fetch", "console", "setTimeout", "setInterval", "setImmediate", "performance", "require"];

/**
 * The fence of a pure stage: no IO (node:crypto is allowed for fingerprints), no IO libraries or
 * globals, and only types from the other stages, but for the names `valuesFrom` allows per stage.
 */
function pureStage(dir, valuesFrom = {}) {
  const stage = (name) => ({
    group: [`../${name}/*`],
    allowTypeImports: true,
    ...(valuesFrom[name] ? { allowImportNames: valuesFrom[name] } : {}),
    message: `${dir} imports only types from other stages.`,
  });
  return {
    files: [`${dir}/**/*.ts`],
    rules: {
      "no-restricted-globals": ["error", ...IO_GLOBALS.map((name) => ({ name, message: `${dir} is pure: no IO.` }))],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "!node:crypto", "fs", "http", "https", "child_process"],
              message: `${dir} is pure: no IO (node:crypto is allowed for fingerprints).`,
            },
            ...STAGES.map(stage),
            { group: ["simple-git", "pino", "fastify", "yaml", "ajv"], message: `${dir} is pure: no IO libraries.` },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": ["error", { selector: "ExportDefaultDeclaration", message: "Use named exports." }],
    },
  },
  {
    // Typed rules: a promise nobody awaits, a promise where a callback's result is ignored, a switch
    // that misses a member of its union. `project` (one program) is faster here than projectService.
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        performance: "readonly",
      },
    },
  },
  // The plan and impact stages are pure (docs/architecture.md, "Rules of the house").
  pureStage("src/plan"),
  // src/impact's room rule (src/impact/volume.ts) lets it use src/desired's did-you-mean search, pure string work.
  pureStage("src/impact", { desired: ["nearest"] }),
);
