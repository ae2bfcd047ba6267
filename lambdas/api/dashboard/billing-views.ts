import type { BillingPlan, BillingResponse, OrganisationBillingResponse } from '../../../shared/api/dashboard.js';
import type { StoredBillingPlan } from '../../data/billing.js';
import type { Organisation } from '../../data/directory.js';
import { shiftMonth } from './periods.js';

const zmw = (ngwee: number | null) => (ngwee === null ? null : ngwee / 100);
export const toNgwee = (amount: number) => Math.round(amount * 100);

/** What a plan charges for a period with this many uploads, in ngwee: the flat fee, or the price times the uploads. */
export function amountDueNgwee(plan: Pick<StoredBillingPlan, 'pricing' | 'price_per_upload_ngwee' | 'flat_fee_ngwee'>, usage: number): number {
  return plan.pricing === 'flat' ? (plan.flat_fee_ngwee ?? 0) : usage * (plan.price_per_upload_ngwee ?? 0);
}

/** Periods are calendar months: the next invoice is the first day of the next month. */
export const nextInvoiceDate = (period: string) => `${shiftMonth(period, 1)}-01`;

/** An organisation's billing for the period. */
export function organisationBilling(plan: StoredBillingPlan, usage: number, period: string): BillingResponse {
  return {
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
export function platformBilling(plans: readonly StoredBillingPlan[], usageOf: (orgId: string) => number, period: string): BillingResponse {
  const pricings = new Set(plans.map((plan) => plan.pricing));
  const usage = plans.reduce((sum, plan) => sum + usageOf(plan.org_id), 0);
  const due = plans.reduce((sum, plan) => sum + amountDueNgwee(plan, usageOf(plan.org_id)), 0);
  return {
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

export function presentPlan(plan: StoredBillingPlan | null): BillingPlan | null {
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

export function organisationBillingResponse(org: Organisation, plan: StoredBillingPlan | null): OrganisationBillingResponse {
  return {
    organisation: { org_id: org.org_id, org_name: org.org_name, payee_key: org.payee_key ?? null, client_type: org.client_type === 'pmec' ? 'pmec' : 'fi' },
    plan: presentPlan(plan),
  };
}
