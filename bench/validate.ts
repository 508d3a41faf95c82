/**
 * Benchmark of `validate`: 10,000 transformations in 500 files in a temp dir.
 * Run: npx tsx bench/validate.ts   (target: under 2 s and under 300 MB peak RSS)
 */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fsSource } from "../src/desired/fs-source.js";
import { loadDesired } from "../src/desired/load-desired.js";
import { builtCliMs } from "./support.js";

const FILES = 500;
const PER_FILE = 20;

function document(n: number): string {
  return [
    "apiVersion: transync/v1",
    "kind: Transformation",
    `name: Transformation ${n}`,
    `sourceId: src_${n % 7}`,
    "enabled: true",
    `if: event = 'Event ${n}' and (properties.total > ${n} or contains(context.page.path, '/shop'))`,
    `newEventName: Event ${n} Renamed`,
    "propertyRenames:",
    "  - { oldName: total, newName: revenue }",
    "propertyValueTransformations:",
    `  - { propertyPaths: [properties.currency, context.locale], propertyValue: "v${n}" }`,
  ].join("\n");
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "transync-bench-"));
  try {
    await mkdir(join(dir, "transformations"));
    for (let f = 0; f < FILES; f++) {
      const docs = Array.from({ length: PER_FILE }, (_, i) => document(f * PER_FILE + i));
      await writeFile(join(dir, "transformations", `file-${f}.yaml`), `${docs.join("\n---\n")}\n`);
    }
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const { state, diagnostics } = await loadDesired(fsSource(dir));
    const elapsedMs = performance.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    console.log(`validated ${state.resources.length} transformations in ${state.files.length} files (${errors} errors)`);
    console.log(`time: ${(elapsedMs / 1000).toFixed(2)} s (target < 2 s)`);
    const cli = builtCliMs(["validate"], dir);
    console.log(
      `built CLI, own process: ${(cli / 1000).toFixed(2)} s (this checkout bundled, node transync.mjs validate, startup included)`,
    );
    console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB (target < 300 MB)`);
    if (errors > 0 || state.resources.length !== FILES * PER_FILE) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
