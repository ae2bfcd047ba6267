import type { StoredBillingPlan } from '#data/directory/billing-plans.js';
import type { Organisation } from '#data/directory/organisations.js';
import type { CounterFigures } from '#data/submissions/counters.js';
import { type BillingPlan, type BillingResponse, type DashboardMetrics, type OrganisationBillingResponse, SERIES_MONTHS } from '#shared/api/dashboard.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { dashboardPeriods } from './periods.js';

/** Responses of the dashboard routes (metrics and billing), built from stored records. */

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
export function metricsView(
  scope: MetricsScope,
  counters: ReadonlyMap<string, CounterFigures>,
  teamCount: number,
  now: Date,
  disputes: DashboardMetrics['disputes'] = null,
): DashboardMetrics {
  const p = dashboardPeriods(now, SERIES_MONTHS);
  const at = (period: string): CounterFigures =>
    counters.get(`${scope.counter}|${period}`) ?? { submissions: 0, late_submissions: 0, inputs_rows: 0, stoppages_rows: 0 };
  const [year, month, day] = [at(p.year), at(p.month), at(p.day)];
  return {
    scope: scope.scope,
    org_name: scope.orgName,
    submissions: { ytd: year.submissions, month: month.submissions, today: day.submissions },
    late: { ytd: year.late_submissions, month: month.late_submissions, today: day.late_submissions },
    inputs: { ytd: year.inputs_rows, mtd: month.inputs_rows, today: day.inputs_rows, payee_key: scope.payeeKey },
    stoppages: { ytd: year.stoppages_rows, mtd: month.stoppages_rows, today: day.stoppages_rows },
    team_count: teamCount,
    disputes,
    series: p.series.map((period) => {
      const { submissions, inputs_rows, stoppages_rows } = at(period);
      return { month: period.slice(2), submissions, inputs_rows, stoppages_rows };
    }),
    as_of: now.toISOString(),
  };
}

const zmw = (ngwee: number | null) => (ngwee === null ? null : ngwee / 100);
export const toNgwee = (amount: number) => Math.round(amount * 100);

/** What a plan charges for a period with this many uploads, in ngwee: the flat fee, or the price times the uploads. */
export function amountDueNgwee(plan: Pick<StoredBillingPlan, 'pricing' | 'price_per_upload_ngwee' | 'flat_fee_ngwee'>, usage: number): number {
  return plan.pricing === 'flat' ? (plan.flat_fee_ngwee ?? 0) : usage * (plan.price_per_upload_ngwee ?? 0);
}

/** Periods are calendar months: the next invoice is the first day of the next month. */
export const nextInvoiceDate = (period: string) => `${shiftMonth(period, 1)}-01`;

/** An organisation's billing for the period. */
export function organisationBillingView(plan: StoredBillingPlan, usage: number, period: string): BillingResponse {
  return {
    configured: true,
    scope: 'organisation',
    org_name: plan.org_name || null,
    plan: plan.plan_name,
    pricing: plan.pricing,
    price_per_upload: zmw(plan.price_per_upload_ngwee),
    flat_fee: zmw(plan.flat_fee_ngwee),
    currency: 'ZMW',
    period,
    usage,
    amount_due: amountDueNgwee(plan, usage) / 100,
    next_invoice: nextInvoiceDate(period),
    organisations: 1,
  };
}

/** The platform's billing: every billed organisation's usage and amount due, summed. */
export function platformBillingView(plans: readonly StoredBillingPlan[], usageOf: (orgId: string) => number, period: string): BillingResponse {
  const pricings = new Set(plans.map((plan) => plan.pricing));
  const usage = plans.reduce((sum, plan) => sum + usageOf(plan.org_id), 0);
  const due = plans.reduce((sum, plan) => sum + amountDueNgwee(plan, usageOf(plan.org_id)), 0);
  return {
    configured: true,
    scope: 'platform',
    org_name: null,
    plan: `${plans.length} organisation${plans.length === 1 ? '' : 's'}`,
    pricing: pricings.size === 1 ? [...pricings][0]! : 'mixed',
    price_per_upload: null,
    flat_fee: null,
    currency: 'ZMW',
    period,
    usage,
    amount_due: due / 100,
    next_invoice: nextInvoiceDate(period),
    organisations: plans.length,
  };
}

export function planView(plan: StoredBillingPlan | null): BillingPlan | null {
  if (!plan) return null;
  return {
    plan_name: plan.plan_name,
    pricing: plan.pricing,
    price_per_upload: zmw(plan.price_per_upload_ngwee),
    flat_fee: zmw(plan.flat_fee_ngwee),
    currency: 'ZMW',
    updated_at: plan.updated_at,
    updated_by_email: plan.updated_by_email,
  };
}

export function organisationPlanView(org: Organisation, plan: StoredBillingPlan | null): OrganisationBillingResponse {
  return {
    organisation: { org_id: org.org_id, org_name: org.org_name, payee_key: org.payee_key ?? null, client_type: org.client_type === 'pmec' ? 'pmec' : 'fi' },
    plan: planView(plan),
  };
}
