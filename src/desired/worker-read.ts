import { Worker, type WorkerOptions } from "node:worker_threads";
import { checkFileText, type CheckedFile, type DocumentContext } from "./check-file.js";

/** One file's text, read, to be checked. */
export interface FileText {
  file: string;
  text: string;
}

/** What the main thread sends the worker (check-worker.ts): one file. */
export interface CheckRequest extends FileText {
  id: number;
}

/** What the worker sends back: the file's CheckedFile, or `failed` when its check threw (the main thread checks it again). */
export type CheckReply = { id: number; result: CheckedFile } | { id: number; failed: true };

/**
 * When the documents are checked on a worker thread: their files hold this many characters of text
 * or more (256 KiB of ASCII YAML, about 1,500 documents of block YAML; docs/performance.md, "The
 * worker thread"). Below it a worker's start-up (a second V8 isolate loading check-worker.mjs) costs
 * more than the check. An object, not a constant, so the tests can run one corpus both ways.
 */
export const OFF_THREAD = { minChars: 256 * 1024 };

/** The files checked, and whether the worker thread checked every one (plan logs it at debug level). */
export interface CheckedFiles {
  files: CheckedFile[];
  onWorker: boolean;
}

/**
 * Every file's CheckedFile, in the order of `texts`. With `offThread` and texts of OFF_THREAD.minChars
 * or more, checkFileText runs on a worker thread: the main thread stays free for what runs meanwhile
 * (plan's list of live state, whose next page is requested when the previous one arrives). The result
 * is the same either way (the same function, its result copied by structured clone); a worker that
 * cannot start, or fails, leaves its files to the main thread.
 */
export async function checkFileTexts(texts: readonly FileText[], context: DocumentContext, offThread: boolean): Promise<CheckedFiles> {
  const chars = texts.reduce((sum, t) => sum + t.text.length, 0);
  const worker = offThread && chars >= OFF_THREAD.minChars ? startCheckWorker(context) : undefined;
  let settled = false;
  const onMain = mainThreadChecker(context, () => settled);
  let onWorker = worker !== undefined;
  try {
    const files = await Promise.all(
      texts.map(async (t) => {
        const result = await worker?.check(t);
        if (result !== undefined) return result;
        onWorker = false;
        return onMain(t);
      }),
    );
    return { files, onWorker };
  } finally {
    settled = true;
    worker?.stop();
  }
}

/**
 * checkFileText on the main thread, one file per turn of the event loop: what runs meanwhile (the
 * list's next page) waits for one file's check at most, never for all of them. Once the check has
 * ended (`ended`: a file's error), the files still queued are not checked.
 */
function mainThreadChecker(context: DocumentContext, ended: () => boolean): (text: FileText) => Promise<CheckedFile> {
  let queue: Promise<unknown> = Promise.resolve();
  return (t) => {
    const checked = queue.then(nextTurn).then(() => (ended() ? UNCHECKED : checkFileText(t.file, t.text, context)));
    queue = checked.catch(() => undefined);
    return checked;
  };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a file left over after an error is answered with; nobody reads it (the check has failed). */
const UNCHECKED: CheckedFile = { checked: [], diagnostics: [], documents: 0, lint: [] };

interface CheckWorker {
  /** The file's CheckedFile, or undefined when the worker could not check it. */
  check(text: FileText): Promise<CheckedFile | undefined>;
  stop(): void;
}

/** A worker running check-worker.ts, or undefined when none can be made (the context cannot be copied, say). */
function startCheckWorker(context: DocumentContext): CheckWorker | undefined {
  let worker: Worker;
  try {
    const [entry, options] = workerEntry();
    worker = new Worker(entry, { ...options, workerData: { context } });
  } catch {
    return undefined;
  }
  // Not unref'd: while it checks, it may be all that keeps the process alive (a list of one page
  // ends first); checkFileTexts ends it once every file is back, or on the first error.
  const pending = new Map<number, (result: CheckedFile | undefined) => void>();
  let gone = false;
  const giveUp = (): void => {
    gone = true;
    for (const done of pending.values()) done(undefined);
    pending.clear();
  };
  worker.on("message", (reply: CheckReply) => {
    pending.get(reply.id)?.("result" in reply ? reply.result : undefined);
    pending.delete(reply.id);
  });
  // A worker that fails to load (its file missing beside an older bundle) or dies leaves its files to the main thread.
  worker.on("error", giveUp);
  worker.on("exit", giveUp);
  let next = 0;
  return {
    check: (text) =>
      new Promise((resolve) => {
        if (gone) return resolve(undefined);
        const id = next++;
        pending.set(id, resolve);
        worker.postMessage({ id, ...text } satisfies CheckRequest);
      }),
    stop: () => void worker.terminate(),
  };
}

/**
 * The worker's file beside this module's: in the bundle (dist/bundle/transync.mjs, action.mjs)
 * dist/bundle/check-worker.mjs, a build entry of its own (scripts/bundle.mjs); from `npm run build`
 * dist/src/desired/check-worker.js. From the sources (tsx, the tests) check-worker.ts, which a
 * worker can load only once tsx's loader is registered in it: on Node 20 a worker's `--import`
 * hooks do not reach its entry, so a two-line entry registers tsx (its `tsx/esm/api`), then imports it.
 */
function workerEntry(): [string | URL, WorkerOptions] {
  const here = import.meta.url;
  const extension = here.slice(here.lastIndexOf("."));
  if (extension !== ".ts") return [new URL(`./check-worker${extension}`, here), {}];
  // The sources run from the checkout: tsx is in its node_modules, two folders up from src/desired/.
  const tsx = new URL("../../node_modules/tsx/dist/esm/api/index.mjs", here).href;
  const entry = new URL("./check-worker.ts", here).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return [code, { eval: true }];
}
