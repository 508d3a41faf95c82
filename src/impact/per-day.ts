/**
 * Events per day as the reports and warnings write them. On its own so that the reports
 * (src/report/volume-text.ts) format a volume without loading the estimates and the FQL engine behind
 * them: a plan without volumes never needs those.
 */
// Made on first use: building a number format loads locale data, tens of ms that a plan without
// volumes would pay on loading the reports.
let format: Intl.NumberFormat | undefined;

/** `41,203`; under one a day shows `<1`, not a misleading 0. */
export function perDayText(perDay: number): string {
  if (perDay > 0 && perDay < 0.5) return "<1";
  format ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  return format.format(Math.round(perDay));
}
