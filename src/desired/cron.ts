/**
 * A minimal 5-field cron expression (minute hour day-of-month month day-of-week), in UTC, for the
 * weekly form of a freeze window (freeze.ts). Each field takes `*`, numbers, lists (`1,3`), ranges
 * (`1-5`) and steps (`*\/15`, `8-18/2`); day-of-week 0 and 7 are Sunday. As in Vixie cron, when both
 * day fields are restricted, a day matches if either does. No dependency: none is in the project.
 */

export interface CronSpec {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** Whether day-of-month and day-of-week were written as `*` (the Vixie rule of either-day matching). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
] as const;

const MINUTE_MS = 60_000;

/** The expression's spec, or a message saying what is wrong in which field. */
export function parseCron(text: string): CronSpec | { error: string } {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5)
    return { error: `a cron expression has 5 fields (minute hour day-of-month month day-of-week), found ${parts.length}` };
  const sets: Set<number>[] = [];
  for (const [i, field] of FIELDS.entries()) {
    const set = parseField(parts[i]!, field.min, field.max);
    if (typeof set === "string") return { error: `bad ${field.name} "${parts[i]}": ${set}` };
    sets.push(set);
  }
  const daysOfWeek = new Set([...sets[4]!].map((d) => d % 7));
  return {
    minutes: sets[0]!,
    hours: sets[1]!,
    daysOfMonth: sets[2]!,
    months: sets[3]!,
    daysOfWeek,
    anyDayOfMonth: parts[2] === "*",
    anyDayOfWeek: parts[4] === "*",
  };
}

function parseField(text: string, min: number, max: number): Set<number> | string {
  const out = new Set<number>();
  for (const item of text.split(",")) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(item);
    if (!m) return `expected *, a number, a range a-b or a step /n, got "${item}"`;
    const from = m[1] === "*" ? min : Number(m[2]);
    const to = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max) return `values run from ${min} to ${max}`;
    if (from > to) return `the range ${from}-${to} is backwards`;
    if (step < 1) return "a step is at least 1";
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

function dayMatches(spec: CronSpec, d: Date): boolean {
  if (!spec.months.has(d.getUTCMonth() + 1)) return false;
  const dom = spec.daysOfMonth.has(d.getUTCDate());
  const dow = spec.daysOfWeek.has(d.getUTCDay());
  if (spec.anyDayOfMonth || spec.anyDayOfWeek) return dom && dow;
  return dom || dow;
}

/** Whether the minute starting at `ms` (UTC) matches. */
export function cronMatches(spec: CronSpec, ms: number): boolean {
  const d = new Date(ms);
  return dayMatches(spec, d) && spec.hours.has(d.getUTCHours()) && spec.minutes.has(d.getUTCMinutes());
}

/**
 * The latest matching minute `s` with `earliest <= s <= at` (both in ms), or undefined. Walks back
 * from `at`, skipping a whole day when the day does not match and a whole hour when the hour does
 * not, so a window of days costs a few hundred steps, not one per minute.
 */
export function latestMatchBetween(spec: CronSpec, earliest: number, at: number): number | undefined {
  let t = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  while (t >= earliest) {
    const d = new Date(t);
    if (!dayMatches(spec, d)) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - MINUTE_MS;
    } else if (!spec.hours.has(d.getUTCHours())) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()) - MINUTE_MS;
    } else if (spec.minutes.has(d.getUTCMinutes())) {
      return t;
    } else {
      t -= MINUTE_MS;
    }
  }
  return undefined;
}
