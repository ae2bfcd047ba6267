import { type DashboardMetrics, SERIES_MONTHS } from '../../../shared/api/dashboard.js';
import type { CounterFigures } from '../../data/counters.js';
import { dashboardPeriods } from './periods.js';

export interface MetricsScope {
  scope: DashboardMetrics['scope'];
  /** The counter scope: ALL or ORG#{id}. */
  counter: string;
  orgName: string | null;
  payeeKey: string | null;
}

/** Every counter item the dashboard reads for a scope at an instant: year, month, day and 12 months. */
export function metricsCounterKeys(counter: string, now: Date): { scope: string; period: string }[] {
  const p = dashboardPeriods(now, SERIES_MONTHS);
  return [...new Set([p.year, p.month, p.day, ...p.series])].map((period) => ({ scope: counter, period }));
}

/** Spec part 1 §3 "Dashboard metrics response" from the counter items (missing ones are zeros). */
export function metricsView(scope: MetricsScope, counters: ReadonlyMap<string, CounterFigures>, teamCount: number, now: Date): DashboardMetrics {
  const p = dashboardPeriods(now, SERIES_MONTHS);
  const at = (period: string): CounterFigures => counters.get(`${scope.counter}|${period}`) ?? { submissions: 0, inputs_rows: 0, stoppages_rows: 0 };
  const [year, month, day] = [at(p.year), at(p.month), at(p.day)];
  return {
    scope: scope.scope,
    org_name: scope.orgName,
    submissions: { ytd: year.submissions, month: month.submissions, today: day.submissions },
    inputs: { ytd: year.inputs_rows, mtd: month.inputs_rows, today: day.inputs_rows, payee_key: scope.payeeKey },
    stoppages: { ytd: year.stoppages_rows, mtd: month.stoppages_rows, today: day.stoppages_rows },
    team_count: teamCount,
    series: p.series.map((period) => ({ month: period.slice(2), ...at(period) })),
    as_of: now.toISOString(),
  };
}
