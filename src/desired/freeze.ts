/**
 * Freeze windows (`freeze:` in transync.yaml, docs/gitops.md): spans of time in which apply and
 * reconcile refuse to write, either fixed (`from`, `to`) or recurring (`cron`, `duration`). Read and
 * checked here; whether one is on at a given time is `activeFreezes`, a pure function of that time.
 */
import type { FieldPath } from "./positions.js";
import { latestMatchBetween, parseCron, type CronSpec } from "./cron.js";

/** Where findings go: rules.ts's RuleReporter (not imported: types.ts imports this file, and rules.ts types.ts). */
export interface FreezeReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string): void;
}

interface WindowBase {
  name: string;
  /** The environments it holds for; undefined = every run, with or without an environment. */
  environments?: string[];
}

export type FreezeWindow =
  (WindowBase & { kind: "fixed"; fromMs: number; toMs: number }) | (WindowBase & { kind: "recurring"; cron: CronSpec; durationMs: number });

/** A window that is on: its name and when it ends (ms since the epoch, UTC). */
export interface ActiveFreeze {
  name: string;
  endsAtMs: number;
}

const MINUTE_MS = 60_000;
/** The longest recurring window: a year (the backward search of its start stays bounded). */
const MAX_DURATION_MS = 366 * 24 * 60 * MINUTE_MS;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The windows of a `freeze:` list (but those the schema refused: `schemaFailed`, by index); each bad date, backwards span, bad cron or
 * duration and unknown environment is reported at its field.
 */
export function readFreezeWindows(
  raw: unknown,
  environments: readonly string[],
  reporter: FreezeReporter,
  schemaFailed: ReadonlySet<number> = new Set(),
): FreezeWindow[] {
  if (!Array.isArray(raw)) return [];
  const windows: FreezeWindow[] = [];
  raw.forEach((entry: Record<string, unknown>, i) => {
    if (schemaFailed.has(i) || entry === null || typeof entry !== "object") return;
    const window = readWindow(entry, i, reporter);
    const envs = entry.environments as string[] | undefined;
    let known = true;
    envs?.forEach((env, j) => {
      if (environments.includes(env)) return;
      known = false;
      const defined =
        environments.length > 0 ? `transync.yaml defines: ${environments.join(", ")}` : "transync.yaml defines no environments";
      reporter.report(
        "error",
        "unknown-environment",
        ["freeze", i, "environments", j],
        `freeze window names unknown environment "${env}"; ${defined}`,
      );
    });
    if (window && known) windows.push(envs ? { ...window, environments: envs } : window);
  });
  return windows;
}

function readWindow(entry: Record<string, unknown>, i: number, reporter: FreezeReporter): FreezeWindow | undefined {
  const name = String(entry.name);
  const bad = (field: string, message: string): undefined => {
    reporter.report("error", "freeze-window", ["freeze", i, field], `freeze window "${name}": ${message}`);
    return undefined;
  };
  const fixed = ["from", "to"].filter((k) => entry[k] !== undefined);
  const recurring = ["cron", "duration"].filter((k) => entry[k] !== undefined);
  const form = "a window has either `from` and `to` (fixed) or `cron` and `duration` (recurring)";
  if (fixed.length > 0 && recurring.length > 0) return bad(recurring[0]!, `${form}, not both`);
  if (fixed.length + recurring.length < 2)
    return bad(fixed[0] ?? recurring[0] ?? "name", `${form}; this one has ${[...fixed, ...recurring].join(" and ") || "neither"}`);
  if (recurring.length > 0) {
    const cron = parseCron(String(entry.cron));
    if ("error" in cron) return bad("cron", cron.error);
    const durationMs = parseWindowDuration(String(entry.duration));
    if (durationMs === undefined) return bad("duration", `expected a duration such as 90m, 62h or 2d12h, got "${String(entry.duration)}"`);
    if (durationMs > MAX_DURATION_MS) return bad("duration", "a recurring window lasts at most 366d");
    return { kind: "recurring", name, cron, durationMs };
  }
  const fromMs = instant(entry.from);
  if (fromMs === undefined) return bad("from", `expected a UTC instant such as 2026-11-26T00:00Z, got "${String(entry.from)}"`);
  const toMs = instant(entry.to);
  if (toMs === undefined) return bad("to", `expected a UTC instant such as 2026-12-01T00:00Z, got "${String(entry.to)}"`);
  if (toMs <= fromMs) return bad("to", `"to" (${String(entry.to)}) must be after "from" (${String(entry.from)})`);
  return { kind: "fixed", name, fromMs, toMs };
}

/** An ISO 8601 instant with its zone (`Z` or an offset), as the YAML holds it (a string, or a Date the parser made). */
function instant(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== "string" || !INSTANT.test(value)) return undefined;
  const [y, mo, d, h, mi, s] = /^(\d+)-(\d+)-(\d+)T(\d+):(\d+)(?::(\d+))?/.exec(value)!.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Date.parse rolls 2026-02-30 over into March: a date that is not on the calendar is refused instead.
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `90m`, `62h`, `2d`, `2d12h30m`: whole minutes at least 1. */
export function parseWindowDuration(text: string): number | undefined {
  const m = /^(?:(\d{1,4})d)?(?:(\d{1,5})h)?(?:(\d{1,6})m)?$/.exec(text);
  if (!m || text === "") return undefined;
  const minutes = Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return minutes >= 1 ? minutes * MINUTE_MS : undefined;
}

/** The windows on at `nowMs` for a run in `env`: a window with `environments` holds only for those. */
export function activeFreezes(windows: readonly FreezeWindow[], env: string | undefined, nowMs: number): ActiveFreeze[] {
  const active: ActiveFreeze[] = [];
  for (const w of windows) {
    if (w.environments !== undefined && (env === undefined || !w.environments.includes(env))) continue;
    const endsAtMs = windowEnd(w, nowMs);
    if (endsAtMs !== undefined) active.push({ name: w.name, endsAtMs });
  }
  return active;
}

/** When the window ends if it is on at `nowMs`: a recurring one is on from a matching start `s` while `s <= now < s + duration`. */
function windowEnd(w: FreezeWindow, nowMs: number): number | undefined {
  if (w.kind === "fixed") return w.fromMs <= nowMs && nowMs < w.toMs ? w.toMs : undefined;
  const start = latestMatchBetween(w.cron, nowMs - w.durationMs + 1, nowMs);
  return start === undefined ? undefined : start + w.durationMs;
}

/** `black-friday (until 2026-12-01T00:00Z)`, joined: how messages name the windows on. */
export function describeFreezes(active: readonly ActiveFreeze[]): string {
  return active.map((a) => `"${a.name}" (until ${isoMinute(a.endsAtMs)})`).join(", ");
}

/** An instant to the minute, or the second when it has seconds: `2026-12-01T00:00Z`. */
export function isoMinute(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith(":00.000Z") ? `${iso.slice(0, 16)}Z` : `${iso.slice(0, 19)}Z`;
}
