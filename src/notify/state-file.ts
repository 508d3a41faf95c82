import { open } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { UsageError, userFileError } from "../errors.js";
import { refuseSpecialTarget, writeFileAtomic } from "../write-atomic.js";

/** Version of the `--state-file` format. */
export const NOTIFY_STATE_VERSION = 1;
/** A state file holds one entry per target, environment and event: far below this, unless it is not one. */
const MAX_STATE_BYTES = 1024 * 1024;
const DIGEST = /^[0-9a-f]{64}$/;

/** What was last told to one target of one environment of one event. */
export interface SentEntry {
  target: string;
  environment: string;
  event: string;
  digest: string;
  /** When it was told (ISO 8601), for a person reading the file. */
  at: string;
}

/**
 * What each target was last told, kept in memory (a reconciler's cycles) and, with `--state-file`,
 * in that file: read once, written atomically after each post that went through
 * (src/write-atomic.ts), so a crash never leaves half a file and two runs never tell the same twice.
 */
export class NotifyState {
  private readonly sent = new Map<string, SentEntry>();

  private constructor(private readonly path: string | undefined) {}

  /** The state of `file` (relative to `cwd`; a flag of the command line, so trusted); a missing file is an empty state. */
  static async open(cwd: string, file: string | undefined): Promise<NotifyState> {
    const state = new NotifyState(file === undefined ? undefined : isAbsolute(file) ? file : join(cwd, file));
    if (state.path !== undefined) for (const entry of parseState(await readState(state.path), file!)) state.sent.set(keyOf(entry), entry);
    return state;
  }

  lastDigest(target: string, environment: string, event: string): string | undefined {
    return this.sent.get(keyOf({ target, environment, event }))?.digest;
  }

  async record(entry: SentEntry): Promise<void> {
    this.sent.set(keyOf(entry), entry);
    if (this.path === undefined) return;
    await refuseSpecialTarget(this.path, this.path, "the notification state file");
    const entries = [...this.sent.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    await writeFileAtomic(this.path, `${JSON.stringify({ version: NOTIFY_STATE_VERSION, sent: entries }, null, 2)}\n`);
  }
}

function keyOf(entry: Pick<SentEntry, "target" | "environment" | "event">): string {
  return JSON.stringify([entry.target, entry.environment, entry.event]);
}

/** The file's text, at most MAX_STATE_BYTES; undefined when there is none yet. */
async function readState(path: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw userFileError(error, "the notification state file", path, "read");
  }
  try {
    const buffer = Buffer.alloc(MAX_STATE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_STATE_BYTES)
      throw new UsageError(`the notification state file ${path} is over 1 MiB: it is not one transync wrote; give another --state-file.`);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } catch (error) {
    throw error instanceof UsageError ? error : userFileError(error, "the notification state file", path, "read");
  } finally {
    await handle.close();
  }
}

function parseState(text: string | undefined, file: string): SentEntry[] {
  if (text === undefined) return [];
  const refuse = (why: string): never => {
    throw new UsageError(
      `the notification state file ${file} ${why}; it is not one transync wrote. Give another --state-file, or delete it (everything is then told once more).`,
    );
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse("is not JSON");
  }
  const { version, sent } = (parsed ?? {}) as { version?: unknown; sent?: unknown };
  if (version !== NOTIFY_STATE_VERSION) return refuse(`has version ${JSON.stringify(version)}, not ${NOTIFY_STATE_VERSION}`);
  if (!Array.isArray(sent) || !sent.every(isEntry)) return refuse("has a `sent` list that is not a list of entries");
  return sent;
}

function isEntry(value: unknown): value is SentEntry {
  const e = value as Partial<Record<keyof SentEntry, unknown>> | null;
  return (
    e !== null &&
    typeof e === "object" &&
    ["target", "environment", "event", "at"].every((k) => typeof e[k as keyof SentEntry] === "string") &&
    typeof e.digest === "string" &&
    DIGEST.test(e.digest)
  );
}
