#!/usr/bin/env node
// `npm run sea`: transync as one executable file for this platform, a Node single-executable
// application (https://nodejs.org/api/single-executable-applications.html) of the CLI, written to
// dist/sea/transync (transync.exe on Windows; dist/ is git-ignored but for the bundle). No Node needed
// where it runs: the binary is a copy of the Node that builds it, with the CLI injected into it.
//   1. esbuild: src/bin.ts as one CommonJS file (a single executable runs its main script as
//      CommonJS on Node 20 and 22), every dependency inlined as in scripts/bundle.mjs.
//   2. The files the CLI reads from the package root at run time (package.json, schemas/,
//      examples/ci/) become assets of the executable under the same paths: readPackageFile
//      (src/version.ts) reads them with node:sea when it runs as one.
//   3. `node --experimental-sea-config` writes the preparation blob; postject injects it into a copy
//      of this Node, flipping the fuse; on macOS the copy is signed again (ad hoc).
// `--out FILE` writes the executable elsewhere. scripts/check-sea.mjs runs what this builds.
import { build } from "esbuild";
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { lazyRequires } from "./bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Node's fuse in its binary that says "a single-executable blob is here" once postject flips it. */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** What the CLI reads from the package root (src/version.ts, readPackageFile): files, or folders taken whole. */
export const PACKAGE_FILES = ["package.json", "schemas", "examples/ci"];

export const defaultOutput = () => join(ROOT, "dist", "sea", process.platform === "win32" ? "transync.exe" : "transync");

/** Every file of PACKAGE_FILES, as asset key (its path from the package root, with `/`) to its path on disk. */
function packageAssets() {
  const assets = {};
  const add = (path) => {
    const full = join(ROOT, path);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) add(`${path}/${name}`);
    else assets[path] = full;
  };
  for (const path of PACKAGE_FILES) add(path);
  return assets;
}

/** src/bin.ts as one CommonJS file. import.meta is empty in it: the code that reads it (packageRoot) never runs in the executable. */
async function bundleCommonJs(file) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["src/bin.ts"],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    preserveSymlinks: true,
    legalComments: "eof",
    plugins: [lazyRequires],
    logLevel: "warning",
    logOverride: { "empty-import-meta": "silent" },
  });
}

/** The executable's blob (written to work/transync.blob): the CommonJS bundle, its code cache, the package's files as assets. */
function prepareBlob(work, main) {
  const blob = join(work, "transync.blob");
  const config = {
    main,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    assets: packageAssets(),
  };
  const configFile = join(work, "sea-config.json");
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  quietly(process.execPath, ["--experimental-sea-config", configFile]);
  return blob;
}

/**
 * postject, from its own CLI: the binary parser it runs prints a warning per ELF note section it does
 * not know, noise on every build; its output is shown only when it fails.
 */
function inject(executable, blob) {
  const cli = createRequire(import.meta.url).resolve("postject/dist/cli.js");
  const macho = process.platform === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : [];
  quietly(process.execPath, [cli, executable, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...macho]);
}

function quietly(file, args) {
  const run = spawnSync(file, args, { encoding: "utf8" });
  if (run.status === 0) return;
  process.stderr.write(`${run.stdout ?? ""}${run.stderr ?? ""}`);
  throw new Error(`sea: ${[file, ...args].join(" ")} failed (${run.error?.message ?? `exit ${run.status}`})`);
}

/** macOS refuses to run a binary whose signature no longer matches: drop Node's before the injection, sign ad hoc after. */
function codesign(args) {
  if (process.platform === "darwin") execFileSync("codesign", args, { stdio: "inherit" });
}

/** Assets of a single executable (node:sea's getAsset) came with Node 20.12 and 21.7. */
function refuseOldNode() {
  try {
    if (typeof createRequire(import.meta.url)("node:sea").getAsset === "function") return;
  } catch {
    // no node:sea at all
  }
  throw new Error(
    `sea: Node ${process.version} cannot build it: single-executable assets need Node 20.12 or later (22 is what releases use).`,
  );
}

export async function buildSea(output = defaultOutput()) {
  refuseOldNode();
  const work = join(dirname(output), "sea-build");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const main = join(work, "transync.cjs");
  await bundleCommonJs(main);
  const blob = prepareBlob(work, main);
  rmSync(output, { force: true });
  copyFileSync(process.execPath, output);
  codesign(["--remove-signature", output]);
  inject(output, blob);
  codesign(["--sign", "-", output]);
  rmSync(work, { recursive: true, force: true });
  return output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  const output = await buildSea(at > 0 ? process.argv[at + 1] : undefined);
  console.log(`sea: ${relative(process.cwd(), output) || output} (Node ${process.version}, ${process.platform}-${process.arch})`);
}
