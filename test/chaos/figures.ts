/** The figures one chaos run prints; the four "must be 0" ones decide the exit code with scenario errors. */
export interface Figures {
  rounds: number;
  /** HTTP requests answered by the suite's emulators and fake servers (fuzz excluded), plus hand edits. */
  operations: number;
  /** transync runs (in process or as a process). */
  runs: number;
  /** Injected 429/500/503/dropped replies, kills, and lying replies. */
  faults: number;
  /** Retries transync reported (`apply --format json` → `api.retries`). */
  retries: number;
  fuzzRequests: number;
  duplicates: number;
  lost: number;
  envelopeViolations: number;
  leaks: number;
}

export const MUST_BE_ZERO = ["duplicates", "lost", "envelopeViolations", "leaks"] as const;

export function emptyFigures(): Figures {
  return {
    rounds: 0,
    operations: 0,
    runs: 0,
    faults: 0,
    retries: 0,
    fuzzRequests: 0,
    duplicates: 0,
    lost: 0,
    envelopeViolations: 0,
    leaks: 0,
  };
}

export function addFigures(into: Figures, more: Partial<Figures>): void {
  for (const [key, value] of Object.entries(more) as Array<[keyof Figures, number | undefined]>) into[key] += value ?? 0;
}

/** One scenario's outcome: `failures` are broken promises (exit 1); `error` is a scenario that could not run. */
export interface ScenarioResult {
  name: string;
  figures: Figures;
  failures: string[];
  /** Where a secret was found (never the secret). */
  leaks: string[];
  notes: string[];
  error?: string;
  ms: number;
}

export function scenarioPassed(result: ScenarioResult): boolean {
  return result.error === undefined && result.failures.length === 0 && MUST_BE_ZERO.every((key) => result.figures[key] === 0);
}

/** The block printed at the end of a run (docs/reliability.md describes it). */
export function renderFigures(seed: number, results: ScenarioResult[]): string {
  const total = emptyFigures();
  for (const r of results) addFigures(total, r.figures);
  const mark = (key: (typeof MUST_BE_ZERO)[number]) => (total[key] === 0 ? "ok" : "MUST BE 0");
  const lines = [
    `== transync reliability figures (seed ${seed}) ==`,
    `rounds               ${total.rounds}`,
    `operations           ${total.operations}`,
    `transync runs        ${total.runs}`,
    `faults injected      ${total.faults}`,
    `retries              ${total.retries}`,
    `fuzz requests        ${total.fuzzRequests}`,
    `duplicates           ${total.duplicates}  (${mark("duplicates")})`,
    `lost objects         ${total.lost}  (${mark("lost")})`,
    `envelope violations  ${total.envelopeViolations}  (${mark("envelopeViolations")})`,
    `leaks                ${total.leaks}  (${mark("leaks")})`,
    "scenarios:",
    ...results.map(renderScenario),
  ];
  const ok = results.every(scenarioPassed);
  lines.push(`result: ${ok ? "PASS" : "FAIL"}`);
  return `${lines.join("\n")}\n`;
}

function renderScenario(r: ScenarioResult): string {
  const status = r.error !== undefined ? "ERROR" : scenarioPassed(r) ? "pass" : "FAIL";
  const f = r.figures;
  const counts = `dup ${f.duplicates}, lost ${f.lost}, env ${f.envelopeViolations}, leaks ${f.leaks}`;
  const detail = [
    ...(r.error !== undefined ? [`error: ${r.error}`] : []),
    ...r.failures.slice(0, 8),
    ...r.leaks.slice(0, 3).map((l) => `leak: ${l}`),
    ...r.notes,
  ]
    .map((s) => `\n      - ${s}`)
    .join("");
  return `  ${status.padEnd(5)} ${r.name.padEnd(22)} ${(r.ms / 1000).toFixed(1).padStart(6)} s  (${counts})${detail}`;
}
