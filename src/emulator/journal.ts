import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import type { Logger } from "../log.js";
import { ValidationError, userFileError } from "../errors.js";
import { DataFileLock } from "./data-lock.js";
import type { EmulatorStore, StoreRecord, StoreSnapshot } from "./store.js";

/** Rewrite the file as one snapshot after this many appended records. */
const COMPACT_EVERY = 1000;

/**
 * `--data-file`: an append-only journal of JSON lines. Line 1 is a snapshot of the whole state;
 * each successful write appends one record and fsyncs before the reply, so a write costs one
 * small append, and state survives a restart and `kill -9`. Compaction (startup, every 1000
 * records, shutdown) writes a new snapshot to a temp file and renames it over the journal.
 */
export class Journal {
  private fd: number | undefined;
  private lock: DataFileLock | undefined;
  private appended = 0;
  /** The file's real path once locked: a symbolic link stays a link (compaction renames over its target). */
  private path: string;

  constructor(
    private readonly file: string,
    private readonly store: EmulatorStore,
    private readonly logger: Logger,
  ) {
    this.path = file;
  }

  /** Locks the file (another emulator on it refuses to start), loads it into the store (when it exists), then compacts it. */
  open(): void {
    this.lock = DataFileLock.acquire(this.file, this.logger);
    this.path = this.lock.dataPath;
    let mode: "read" | "write" = "read";
    try {
      if (existsSync(this.path)) this.load();
      mode = "write";
      this.compact();
    } catch (error) {
      this.release();
      throw userFileError(error, "--data-file", this.file, mode);
    }
  }

  /** Gives up the file without compacting (startup failed). */
  release(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.lock?.release();
    this.lock = undefined;
  }

  append(record: StoreRecord): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    fsyncSync(this.fd);
    if (++this.appended >= COMPACT_EVERY) this.compact();
  }

  close(): void {
    if (this.fd === undefined) return;
    this.compact();
    this.release();
  }

  private load(): void {
    const lines = readFileSync(this.path, "utf8").split("\n");
    const records: unknown[] = [];
    let badLine: number | undefined;
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] === "") continue;
      try {
        records.push(JSON.parse(lines[i]!) as unknown);
      } catch {
        badLine = i + 1;
        break;
      }
    }
    if (records.length === 0 && badLine === undefined) return;
    const [head, ...rest] = records;
    if (!isSnapshot(head))
      throw new ValidationError(
        `data file ${this.file}: the first line is not an emulator snapshot; move the file away or pass another --data-file.`,
      );
    this.store.restore(head.snapshot);
    for (const record of rest) this.store.commit(record as StoreRecord);
    if (badLine !== undefined) this.reportCorruptTail(badLine, lines.length, records.length);
  }

  /** A torn or corrupt tail (a crash mid-write): keep a copy, recover every whole record before it. */
  private reportCorruptTail(line: number, totalLines: number, recovered: number): void {
    const copy = `${this.path}.corrupt-${Date.now()}`;
    copyFileSync(this.path, copy, constants.COPYFILE_EXCL); // never over an existing name (or through a link planted there)
    this.logger.warn(
      { file: this.file, line, discardedLines: totalLines - line, recoveredRecords: recovered, copy },
      `data file ${this.file}: line ${line} is truncated or corrupt; recovered the ${recovered} records before it, the original is kept as ${copy}`,
    );
  }

  private compact(): void {
    // A new name, created exclusively: nothing planted beside the file (a link) is written through.
    const tmp = `${this.path}.tmp-${process.pid}-${randomBytes(8).toString("hex")}`;
    const fd = openSync(tmp, "wx");
    try {
      writeSync(fd, `${JSON.stringify({ op: "snapshot", snapshot: this.store.snapshot() })}\n`);
      fsyncSync(fd);
    } catch (error) {
      unlinkSync(tmp);
      throw error;
    } finally {
      closeSync(fd);
    }
    if (this.fd !== undefined) closeSync(this.fd);
    renameSync(tmp, this.path);
    this.fd = openSync(this.path, "a");
    this.appended = 0;
  }
}

function isSnapshot(value: unknown): value is { op: "snapshot"; snapshot: StoreSnapshot } {
  const v = value as { op?: unknown; snapshot?: { version?: unknown } } | undefined;
  return v?.op === "snapshot" && (v.snapshot?.version === 1 || v.snapshot?.version === 2);
}
