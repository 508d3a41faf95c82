/**
 * Events per day as the reports and warnings write them. On its own so that the reports
 * (src/report/volume-text.ts) format a volume without loading the estimates and the FQL engine behind
 * them: a plan without volumes never needs those.
 */
const PER_DAY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** `41,203`; under one a day shows `<1`, not a misleading 0. */
export function perDayText(perDay: number): string {
  return perDay > 0 && perDay < 0.5 ? "<1" : PER_DAY.format(Math.round(perDay));
}
