import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rewriteAsBlockYaml, writeScenario } from "../../bench/plan-scenario.js";
import { checkFileTexts, OFF_THREAD, type FileText } from "../../src/desired/worker-read.js";
import type { DocumentContext } from "../../src/desired/check-file.js";
import type { ProjectConfig } from "../../src/desired/types.js";

const config: ProjectConfig = { dir: "transformations", environments: {}, destinations: {}, prune: false };
const context: DocumentContext = { config, env: undefined, envFailed: false };

/**
 * The documents a plan checks off the main thread (issue 40): the same function on a worker thread,
 * its result copied back, so what the plan is made of is the same, byte for byte.
 */
describe("checkFileTexts: many documents checked on a worker thread", () => {
  let dir: string;
  let texts: FileText[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "transync-worker-read-"));
    writeScenario(dir, 3000, (i) => i % 3 === 0);
    rewriteAsBlockYaml(join(dir, "transformations"));
    const folder = join(dir, "transformations");
    texts = readdirSync(folder)
      .sort()
      .map((file) => ({ file: `transformations/${file}`, text: readFileSync(join(folder, file), "utf8") }));
    // One file with findings: the exact path's diagnostics and positions come back from the worker too.
    texts.push({ file: "transformations/bad.yaml", text: "apiVersion: transync/v1\nkind: Transformation\nname: 3\nsourceId: [x]\n" });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the bench corpus (block YAML, over the threshold): checked on the worker, the same JSON as on the main thread", async () => {
    expect(texts.reduce((sum, t) => sum + t.text.length, 0)).toBeGreaterThanOrEqual(OFF_THREAD.minChars);
    const main = await checkFileTexts(texts, context, false);
    const worker = await checkFileTexts(texts, context, true);
    expect([main.onWorker, worker.onWorker]).toEqual([false, true]);
    expect(JSON.stringify(worker.files)).toBe(JSON.stringify(main.files));
    expect(worker.files.at(-1)!.diagnostics.length).toBeGreaterThan(0);
    expect(main.files.flatMap((f) => f.checked).filter((c) => c.resource)).toHaveLength(3000);
  });

  it("on the main thread, the files are checked one per turn of the event loop: what runs meanwhile waits for one file at most", async () => {
    let checked = false;
    const run = checkFileTexts(texts, context, false).then((result) => ((checked = true), result));
    await new Promise((resolve) => setImmediate(resolve)); // a turn, as a page's reply would take
    expect(checked).toBe(false);
    expect((await run).files).toHaveLength(texts.length);
  });

  it("a few documents (under the threshold) start no worker", async () => {
    const few = texts.slice(0, 1);
    expect(few[0]!.text.length).toBeLessThan(OFF_THREAD.minChars);
    const checked = await checkFileTexts(few, context, true);
    expect(checked.onWorker).toBe(false);
    expect(checked.files[0]!.checked).toHaveLength(100);
  });

  it("a file whose check throws on the worker is checked again on the main thread: the error is the one an in-thread check raises", async () => {
    // No environments at all (never so after load-project.ts): resolving a source alias throws a TypeError.
    const broken = { config: { ...config, environments: null }, env: "prod", envFailed: false } as unknown as DocumentContext;
    const text = texts[0]!.text.replaceAll("sourceId: src_", "sourceId: web_");
    const big = Array.from({ length: Math.ceil(OFF_THREAD.minChars / text.length) + 1 }, (_, i) => ({ file: `t/${i}.yaml`, text }));
    const inThread = await checkFileTexts(big, broken, false).catch((error: unknown) => error);
    expect(inThread).toBeInstanceOf(TypeError);
    await expect(checkFileTexts(big, broken, true)).rejects.toThrow((inThread as TypeError).message);
  });

  it("a worker that cannot start (a context structured clone cannot copy) leaves every file to the main thread, same result", async () => {
    const uncopyable = { ...context, config: { ...config, note: () => "a function" } as ProjectConfig };
    const checked = await checkFileTexts(texts, uncopyable, true);
    expect(checked.onWorker).toBe(false);
    expect(JSON.stringify(checked.files)).toBe(JSON.stringify((await checkFileTexts(texts, context, false)).files));
  });
});
