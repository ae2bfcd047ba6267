/** Spec part 1 §3 "Dashboard metrics response". */
export interface DashboardMetrics {
  submissions: { ytd: number; month: number; today: number };
  inputs: { ytd: number; mtd: number; today: number; payee_key: string | null };
  stoppages: { ytd: number; mtd: number; today: number };
  team_count: number;
}

/** Spec part 1 §3 "Billing response". */
export interface Billing {
  plan: string | null;
  usage: number | null;
  amount_due: number | null;
  next_invoice: string | null;
}

export interface DashboardMetricsState {
  metrics: DashboardMetrics | null;
  /** null when no billing exists (the API answers 404): cards read 'Billing not configured'. */
  billing: Billing | null;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

const NOT_WIRED: DashboardMetricsState = {
  metrics: null,
  billing: null,
  isFetching: false,
  error: null,
  refetch: () => Promise.resolve(),
};

/**
 * Dashboard figures and billing. Not wired yet: GET /api/dashboard/metrics and GET /api/billing
 * are not in shared/routes.ts, so nothing is fetched and every figure reads '—'. Wire it with
 * useQuery + callRoute keeping this return shape, and the dashboard needs no change.
 */
export function useDashboardMetrics(): DashboardMetricsState {
  return NOT_WIRED;
}
