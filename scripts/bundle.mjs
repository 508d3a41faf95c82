#!/usr/bin/env node
// `npm run bundle`: the two files the package and the GitHub Action run, each one ESM file with every
// dependency inlined (docs/architecture.md, "The bundle"):
//   dist/bundle/transync.mjs  the CLI (package.json "bin")
//   dist/bundle/action.mjs    the Action's entry (action.yml "main")
//   dist/bundle/check-worker.mjs  the worker thread plan checks many documents on (src/desired/worker-read.ts),
//                             found beside whichever of the two runs
// Same bytes on every build from the same sources and lockfile: no timestamps, no absolute paths,
// module comments relative to the checkout. `node scripts/bundle.mjs --outdir DIR` writes elsewhere
// (scripts/check-bundle.mjs compares a fresh build with the committed one). Plain JavaScript: it
// runs with esbuild alone, before anything is compiled.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const ENTRIES = { transync: "src/bin.ts", action: "src/action/main.ts", "check-worker": "src/desired/check-worker.ts" };

/**
 * src/ loads some packages lazily, on first use, with `createRequire(import.meta.url)("yaml")` (so a
 * run that never needs them never loads them). esbuild cannot see through createRequire: it would
 * leave a require that looks in node_modules at run time, which the installed package does not have.
 * Rewritten to a plain `require("yaml")`, esbuild inlines the package and still loads it lazily
 * (a function that initialises the module on its first call). Any other use of createRequire fails
 * the build rather than leave a run-time lookup behind.
 */
export const lazyRequires = {
  name: "transync-lazy-requires",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const contents = source
        .replace(/^const require = createRequire\(import\.meta\.url\);$/m, "")
        .replaceAll("createRequire(import.meta.url)(", "require(");
      const left = /createRequire\(/.exec(contents.replace(/import \{ createRequire \} from "node:module";/, ""));
      const file = relative(ROOT, args.path).split(sep).join("/");
      if (left) return { errors: [{ text: `${file}: a createRequire the bundle cannot inline (see scripts/bundle.mjs)` }] };
      return { contents, loader: "ts" };
    });
  },
};

/**
 * Bundled CommonJS packages (pino, fastify's, simple-git's) require Node's builtins: in an ESM bundle
 * that needs a `require` in scope. It resolves builtins only; every package is inlined (the smoke
 * test runs the bundle from a folder with no node_modules).
 */
const BANNER = [
  "// transync, bundled by scripts/bundle.mjs from src/ and its dependencies (npm run bundle). Do not edit.",
  'import { createRequire as __transyncCreateRequire } from "node:module";',
  "const require = __transyncCreateRequire(import.meta.url);",
].join("\n");

export async function bundle(outdir = join(ROOT, "dist", "bundle")) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // node_modules is a symlink in worktrees: module comments name node_modules/…, never the link's target.
    preserveSymlinks: true,
    legalComments: "eof",
    banner: { js: BANNER },
    plugins: [lazyRequires],
    logLevel: "warning",
    metafile: true,
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--outdir");
  const outputs = await bundle(at > 0 ? process.argv[at + 1] : undefined);
  for (const output of outputs) console.log(`bundle: ${relative(process.cwd(), join(ROOT, output)) || output}`);
}
