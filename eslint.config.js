import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
  {
    // The plan stage is pure: it may import only types and fast-json-patch.
    files: ["src/plan/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "!node:crypto", "fs", "http", "https", "child_process"],
              message: "src/plan is pure: no IO (node:crypto is allowed for fingerprints).",
            },
            {
              group: ["../live/*", "../apply/*", "../commands/*", "../pipeline/*", "../emulator/*", "../desired/*"],
              allowTypeImports: true,
              message: "src/plan imports only types from other stages.",
            },
            { group: ["simple-git", "pino", "fastify", "yaml", "ajv"], message: "src/plan is pure: no IO libraries." },
          ],
        },
      ],
    },
  },
);
