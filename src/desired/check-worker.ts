/**
 * The worker thread's side of checkFileTextsOffThread (worker-read.ts): the entry a worker runs, in
 * the bundle its own file (dist/bundle/check-worker.mjs, scripts/bundle.mjs). It checks each file
 * text it is sent with checkFileText, the same pure function the main thread runs, and sends the
 * result back; a file whose check throws is answered `failed`, and the main thread checks that one
 * itself, so its error is the one an in-thread check raises.
 */
import { parentPort, workerData } from "node:worker_threads";
import { checkFileText, type DocumentContext } from "./check-file.js";
import type { CheckRequest, CheckReply } from "./worker-read.js";

const context = (workerData as { context: DocumentContext }).context;

parentPort?.on("message", (request: CheckRequest) => {
  let reply: CheckReply;
  try {
    reply = { id: request.id, result: checkFileText(request.file, request.text, context) };
  } catch {
    reply = { id: request.id, failed: true };
  }
  parentPort?.postMessage(reply);
});
