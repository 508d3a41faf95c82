import { resolve } from "node:path";
import { InterruptedError, UsageError, userFileError } from "../errors.js";
import { FileRuleError } from "./file-tree.js";
import { readRegularFile } from "./fs-source.js";
import { refuseSpecialTarget, writeFileAtomic } from "../write-atomic.js";
import { confineToWorkingDirectory } from "./confine-path.js";

/** A plan file or a comment body is never near this; a larger one is a mistake (or /dev/zero). */
export const USER_FILE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads a file the user named on the command line (`apply PLANFILE`, `comment --file`) with the
 * desired state's guards: a regular file only (a FIFO never blocks, a device is refused), at most
 * `maxBytes`; named inside the working directory, no link may take it outside (confine-path.ts: the
 * repository's files are a pull request's to edit). Every failure is a UsageError naming the flag and the file.
 */
export async function readUserFile(cwd: string, file: string, what: string, maxBytes = USER_FILE_MAX_BYTES): Promise<string> {
  await confineToWorkingDirectory(cwd, file, what);
  try {
    return (await readRegularFile(resolve(cwd, file), maxBytes)).toString("utf8");
  } catch (error) {
    if (error instanceof FileRuleError) throw new UsageError(`cannot read ${what} ${file}: ${error.reason.replace(/^cannot read: /, "")}.`);
    throw userFileError(error, what, file, "read");
  }
}

/**
 * Reads standard input to its end with the same cap (`what` names it in the error, e.g. "the
 * event"). The caller checks first that stdin is not a terminal.
 */
export async function readUserStdin(
  stdin: AsyncIterable<unknown>,
  what: string,
  maxBytes = USER_FILE_MAX_BYTES,
  signal?: AbortSignal,
): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const iterator = stdin[Symbol.asyncIterator]();
  // Ctrl-C while waiting for input ends the read (exit 130), not only a second Ctrl-C.
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new InterruptedError(`Interrupted while reading ${what} from standard input.`));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) break;
      const chunk: unknown = next.value;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      bytes += buffer.length;
      if (bytes > maxBytes) throw new UsageError(`${what} on standard input is over ${maxBytes / 1024 / 1024} MiB.`);
      chunks.push(buffer);
    }
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Writes a file the user named (`plan --out`) through a temporary file renamed into place, so a
 * crash never leaves half a file (write-atomic.ts: a link at the temporary name is never followed,
 * a FIFO or device at the target is refused). Every failure (a missing folder, a denied permission,
 * a folder in the way) is a UsageError naming `what` and the file as given.
 */
export async function writeUserFile(cwd: string, file: string, content: string, what: string): Promise<void> {
  const path = resolve(cwd, file);
  await refuseSpecialTarget(path, file, what);
  try {
    await writeFileAtomic(path, content);
  } catch (error) {
    throw userFileError(error, what, file, "write");
  }
}
