#!/usr/bin/env node
// `npm run check:bundle` (.ci/run runs it): the committed bundle (dist/bundle/, which the package's bin
// and the GitHub Action run) must be byte for byte what `npm run bundle` builds from the sources and
// the lockfile, the "check-dist" convention of JavaScript actions. A fresh build goes to a temporary
// folder; every file of either side is compared. `--bundle-dir DIR` checks another folder (the test).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle } from "./bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--bundle-dir");
const committed = at > 0 ? process.argv[at + 1] : join(ROOT, "dist", "bundle");

const filesOf = (dir) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

/** The files that differ between the two folders (present on one side only, or other bytes). */
function differences(expected, actual) {
  const names = [...new Set([...filesOf(expected), ...filesOf(actual)])].sort();
  return names.filter((name) => {
    const read = (dir) => (filesOf(dir).includes(name) ? readFileSync(join(dir, name)) : undefined);
    const [want, have] = [read(expected), read(actual)];
    return want === undefined || have === undefined || !want.equals(have);
  });
}

const fresh = mkdtempSync(join(tmpdir(), "transync-bundle-"));
try {
  await bundle(fresh);
  const stale = differences(fresh, committed);
  const shown = relative(process.cwd(), committed) || committed;
  if (stale.length > 0) {
    console.error(
      `check-bundle: ${shown} is not what the sources build (${stale.join(", ")} differ): run npm run bundle and commit dist/bundle/.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`check-bundle: ${shown} is current.`);
  }
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
