import { counterPeriods } from '#data/submissions/counters.js';
import { shiftMonth } from '#shared/rules/dates.js';

/** The `count` months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonth(last, i - count + 1));
}

/** The counter periods of an instant (Zambia time): this year, this month, today, and the chart's months. */
export function dashboardPeriods(now: Date, seriesMonths: number) {
  const [year, month, day] = counterPeriods(now.toISOString()) as [string, string, string];
  const current = month.slice(2);
  return { year, month, day, current, series: monthsEnding(current, seriesMonths).map((m) => `M#${m}`) };
}
