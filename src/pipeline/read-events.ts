import { readdir, stat } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ErrorIssue } from "../errors.js";
import { UsageError, ValidationError, userFileError } from "../errors.js";
import { boundedDistance } from "../desired/name-match.js";
import { MAX_EVENT_DEPTH, nestsDeeperThan } from "../simulate/json.js";
import type { JsonValue } from "../simulate/types.js";
import { lineCol, scanJson } from "../json/positions.js";
import { readUserFile, USER_FILE_MAX_BYTES } from "../desired/read-user-file.js";
import { confineToWorkingDirectory } from "../desired/confine-path.js";

const inside = (root: string, path: string): boolean => {
  const rel = relative(resolve(root), resolve(root, path));
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/** More sample events than this is a mistake (or a whole export): the simulator wants a sample. */
export const MAX_SAMPLE_EVENTS = 10_000;
/** Problems listed before the rest are only counted. */
const MAX_ISSUES = 20;
const EVENT_FILE = /\.(?:json|jsonl|ndjson)$/;
const JSON_LINES = /\.(?:jsonl|ndjson)$/;
const ENTRY_KEYS = ["source", "destination", "event"];
const SHAPE =
  'a sample is {"source": "<source id or alias>", "destination"?: "<destination metadata id or alias, or an alias of connections:>", "event": {...}}';

/** One sample as written: its source not yet resolved (an alias of --env, or an id). */
export interface RawSample {
  /** `file:line`. */
  where: string;
  source: string;
  destination?: string;
  event: JsonValue;
}

/**
 * Reads `plan --events FILE|DIR`: a JSON file (one sample or an array of them) or a JSON-lines file
 * (`.jsonl`, `.ndjson`: one sample per line), or every such file directly inside DIR, in name order.
 * Each file is read with the user-file guards (a link may not take it out of the working
 * directory); all of them together are capped at 64 MiB and
 * MAX_SAMPLE_EVENTS samples. Every malformed sample is reported with file:line, then ValidationError.
 */
export async function readSampleEvents(cwd: string, path: string): Promise<RawSample[]> {
  const files = await eventFiles(cwd, path);
  const samples: RawSample[] = [];
  const issues: ErrorIssue[] = [];
  let budget = USER_FILE_MAX_BYTES;
  for (const file of files) {
    if (budget <= 0)
      throw new UsageError(`the --events files in ${path} are over ${USER_FILE_MAX_BYTES / 1024 / 1024} MiB in all; keep a sample.`);
    const what = files.length > 1 ? `--events (${USER_FILE_MAX_BYTES / 1024 / 1024} MiB for all the files together)` : "--events";
    // A folder named outside the working directory holds its own files: a link there leading out of it is refused too.
    if (file !== path && !inside(cwd, path))
      await confineToWorkingDirectory(resolve(cwd, path), resolve(cwd, file), what, `the folder ${path}`);
    const text = await readUserFile(cwd, file, what, budget);
    budget -= Buffer.byteLength(text);
    const entries = JSON_LINES.test(file) ? jsonLines(file, text.replace(/^\uFEFF/, "")) : jsonDocument(file, text.replace(/^\uFEFF/, ""));
    for (const entry of entries) {
      if ("message" in entry) issues.push(entry);
      else {
        const sample = toSample(entry.value, entry.where);
        if ("message" in sample) issues.push(sample);
        else samples.push(sample);
      }
      if (samples.length + issues.length > MAX_SAMPLE_EVENTS) {
        throw new UsageError(
          `--events ${path} holds more than ${MAX_SAMPLE_EVENTS} sample events (the next one is at ${entry.where}); keep a sample of at most ${MAX_SAMPLE_EVENTS}.`,
        );
      }
    }
  }
  if (issues.length > 0) {
    const shown = issues.slice(0, MAX_ISSUES);
    if (issues.length > MAX_ISSUES) shown.push({ message: `… and ${issues.length - MAX_ISSUES} more` });
    throw new ValidationError(
      `${issues.length} sample event${issues.length === 1 ? " is" : "s are"} not valid (--events ${path}); ${SHAPE}.`,
      shown,
    );
  }
  return samples;
}

/** FILE, or the event files directly inside DIR (sorted; subfolders are not read). */
async function eventFiles(cwd: string, path: string): Promise<string[]> {
  let isDir: boolean;
  try {
    isDir = (await stat(resolve(cwd, path))).isDirectory();
  } catch (error) {
    throw userFileError(error, "--events", path, "read");
  }
  if (!isDir) return [path];
  const names = (await readdir(resolve(cwd, path), { withFileTypes: true }))
    .filter((d) => !d.isDirectory() && EVENT_FILE.test(d.name))
    .map((d) => d.name);
  if (names.length === 0) throw new UsageError(`--events ${path}: the folder has no *.json, *.jsonl or *.ndjson file.`);
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((name) => join(path, name));
}

type Entry = { where: string; value: unknown } | ErrorIssue;

function syntaxIssue(file: string, text: string, lineOffset: number): ErrorIssue {
  const offset = scanJson(text);
  const at = lineCol(text, Math.max(0, offset));
  const what =
    offset < 0 || offset >= text.length
      ? "it ends too soon"
      : `unexpected ${JSON.stringify(String.fromCodePoint(text.codePointAt(offset)!))}`;
  return { where: `${file}:${at.line + lineOffset}:${at.col}`, message: `not valid JSON (${what}).` };
}

/** One sample per non-blank line. */
function jsonLines(file: string, text: string): Entry[] {
  const entries: Entry[] = [];
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    try {
      entries.push({ where: `${file}:${index + 1}`, value: JSON.parse(line) as unknown });
    } catch {
      entries.push(syntaxIssue(file, line, index));
    }
  });
  return entries;
}

/** One sample, or an array of samples (each at the line where it starts). */
function jsonDocument(file: string, text: string): Entry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [syntaxIssue(file, text, 0)];
  }
  if (!Array.isArray(value)) return [{ where: `${file}:${lineCol(text, text.search(/\S/)).line}`, value }];
  const offsets: number[] = [];
  scanJson(text, (offset) => offsets.push(offset));
  const lines = linesAt(text, offsets);
  return value.map((item, i) => ({ where: `${file}:${lines[i] ?? 1}`, value: item as unknown }));
}

/** The 1-based lines of ascending offsets, in one pass. */
function linesAt(text: string, offsets: readonly number[]): number[] {
  let line = 1;
  let from = 0;
  return offsets.map((offset) => {
    for (let i = text.indexOf("\n", from); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
      line++;
      from = i + 1;
    }
    return line;
  });
}

/** Checks one sample's shape; unknown keys are errors, so a misspelt "destination" is never ignored. */
export function toSample(value: unknown, where: string): RawSample | ErrorIssue {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { where, message: `not a sample: ${SHAPE}.` };
  const entry = value as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !ENTRY_KEYS.includes(key));
  if (unknown !== undefined) {
    const close = ENTRY_KEYS.find((key) => boundedDistance(key, unknown, 2) <= 2);
    return { where, message: `unknown key ${JSON.stringify(unknown)}${close ? ` (did you mean "${close}"?)` : ""}; ${SHAPE}.` };
  }
  if (typeof entry.source !== "string" || entry.source === "")
    return { where, message: '"source" must be the source id the event comes from, or an alias of --env (a non-empty string).' };
  if (entry.destination !== undefined && (typeof entry.destination !== "string" || entry.destination === "")) {
    return { where, message: '"destination", when given, must be a destination metadata id (a non-empty string).' };
  }
  const event = entry.event;
  if (typeof event !== "object" || event === null || Array.isArray(event))
    return {
      where,
      message: '"event" must be the event as a JSON object, e.g. {"type": "track", "event": "Order Completed", "properties": {}}.',
    };
  if (nestsDeeperThan(event, MAX_EVENT_DEPTH))
    return { where, message: `"event" is nested more than ${MAX_EVENT_DEPTH} levels deep; no real event is.` };
  return {
    where,
    source: entry.source,
    ...(entry.destination !== undefined ? { destination: entry.destination as string } : {}),
    event: event as JsonValue,
  };
}
