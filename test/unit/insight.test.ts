import { describe, expect, it } from 'vitest';
import type { StoredBillingPlan } from '#data/directory/billing-plans.js';
import type { StoredHistoryItem } from '#data/history/entries-read.js';
import { billingPlanRequestSchema } from '#shared/api/dashboard.js';
import { HISTORY_MESSAGES, historyQuerySchema } from '#shared/api/history.js';
import { runningDeductions } from '#shared/rules/borrower-record.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { dashboardPeriods, monthsEnding } from '../../lambdas/api/dashboard/periods.js';
import {
  amountDueNgwee,
  metricsCounterKeys,
  metricsView,
  nextInvoiceDate,
  organisationBillingView,
  platformBillingView,
} from '../../lambdas/api/dashboard/views.js';
import { historyView } from '../../lambdas/api/history/views.js';

const item = (over: Partial<StoredHistoryItem>): StoredHistoryItem => ({
  nrc: '123456/78/9',
  month: '2026-05',
  dispute: null,
  first_name: null,
  last_name: null,
  start_date: '2026-05-01',
  end_date: '2027-12-31',
  installment: 100,
  payee_key: 'A001',
  kind: 'input',
  org_name: 'Alpha Bank',
  submitted_at: '2026-05-02T08:00:00.000Z',
  submission_id: null,
  employee_no: null,
  without_nrc: false,
  ...over,
});

describe('shiftMonth / monthsEnding', () => {
  it('moves across year ends both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
  });
  it('lists the months ending with the last, oldest first', () => {
    expect(monthsEnding('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsEnding('2026-07', 12)).toHaveLength(12);
  });
});

describe('dashboardPeriods', () => {
  it('uses Zambia time: 23:30 UTC on 31 December is already the new year', () => {
    const p = dashboardPeriods(new Date('2025-12-31T23:30:00Z'), 12);
    expect(p).toMatchObject({ year: 'Y#2026', month: 'M#2026-01', day: 'D#2026-01-01', current: '2026-01' });
    expect(p.series[0]).toBe('M#2025-02');
    expect(p.series.at(-1)).toBe('M#2026-01');
  });
});

describe('historyQuerySchema', () => {
  it('reduces the NRC to digits and defaults to 3 months', () => {
    expect(historyQuerySchema.parse({ nrc: ' 123456/78/9 ' })).toEqual({ nrc: '123456789', months: 3 });
    expect(historyQuerySchema.parse({ nrc: '123456', months: '6' })).toEqual({ nrc: '123456', months: 6 });
  });
  it.each([[{ nrc: '12345' }], [{ nrc: 'abc/de' }], [{}], [{ nrc: '1'.repeat(21) }]])('refuses %j with the spec’s message', (query) => {
    const result = historyQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(HISTORY_MESSAGES.invalidNrc);
  });
  it.each(['0', '13', '2.5', 'three'])('refuses months=%s', (months) => {
    expect(historyQuerySchema.safeParse({ nrc: '123456789', months }).error?.issues[0]?.message).toBe(HISTORY_MESSAGES.invalidMonths);
  });
});

describe('runningDeductions', () => {
  it('counts each lender’s latest input that is still running', () => {
    const a = item({ payee_key: 'A001', month: '2026-05', installment: 100 });
    const aOld = item({ payee_key: 'A001', month: '2026-04', installment: 80 });
    const b = item({ payee_key: 'B002', month: '2026-04', installment: 250.5 });
    expect(new Set(runningDeductions([aOld, a, b], '2026-05'))).toEqual(new Set([a, b]));
  });
  it('leaves out a lender whose latest word is a stoppage, even in the same month', () => {
    const input = item({ payee_key: 'A001', month: '2026-05' });
    const stop = item({ payee_key: 'A001', month: '2026-05', kind: 'stoppage', installment: 0 });
    expect(runningDeductions([input, stop], '2026-05').length).toBe(0);
  });
  it('leaves out an input that ended before the window’s last month', () => {
    expect(runningDeductions([item({ month: '2026-03', end_date: '2026-04-30' })], '2026-05').length).toBe(0);
    expect(runningDeductions([item({ month: '2026-03', end_date: '2026-05-31' })], '2026-05').length).toBe(1);
  });
});

describe('historyView', () => {
  const window = { months: 3, from: '2026-03', to: '2026-05' };
  it('orders newest first, names the borrower, and totals the current deductions in ngwee', () => {
    const view = historyView(
      '123456789',
      [
        item({ month: '2026-03', payee_key: 'A001', installment: 0.1, first_name: 'Old', last_name: 'Name' }),
        item({ month: '2026-05', payee_key: 'A001', installment: 0.1, first_name: 'Mary', last_name: 'Banda' }),
        item({ month: '2026-04', payee_key: 'B002', installment: 0.2 }),
        item({ month: '2026-05', payee_key: 'C003', kind: 'stoppage', installment: 0 }),
      ],
      window,
    );
    expect(view.name).toBe('Mary Banda');
    expect(view.items.map((i) => [i.month, i.payee_key, i.counted])).toEqual([
      ['2026-05', 'A001', true],
      ['2026-05', 'C003', false],
      ['2026-04', 'B002', true],
      ['2026-03', 'A001', false],
    ]);
    expect(view.total_monthly_installment).toBe(0.3);
    expect(view.active_lenders).toBe(2);
    expect(view).toMatchObject({ nrc: '123456/78/9', months: 3, from_month: '2026-03', to_month: '2026-05' });
  });
  it('answers an empty history with the NRC in slashed form and no name', () => {
    expect(historyView('123456789', [], window)).toMatchObject({ nrc: '123456/78/9', name: null, items: [], total_monthly_installment: 0, active_lenders: 0 });
  });
});

describe('metricsView', () => {
  const now = new Date('2026-05-10T10:00:00Z');
  it('reads year, month, day and 12 months from the counters of its scope only', () => {
    const keys = metricsCounterKeys('ORG#x', now);
    expect(keys).toHaveLength(14);
    const counters = new Map([
      ['ORG#x|Y#2026', { submissions: 9, late_submissions: 4, inputs_rows: 900, stoppages_rows: 90 }],
      ['ORG#x|M#2026-05', { submissions: 3, late_submissions: 2, inputs_rows: 300, stoppages_rows: 30 }],
      ['ORG#x|D#2026-05-10', { submissions: 1, late_submissions: 0, inputs_rows: 100, stoppages_rows: 10 }],
      ['ALL|M#2026-05', { submissions: 99, late_submissions: 9, inputs_rows: 9, stoppages_rows: 9 }],
    ]);
    const view = metricsView({ scope: 'organisation', counter: 'ORG#x', orgName: 'Alpha', payeeKey: 'A001' }, counters, 4, now);
    expect(view).toMatchObject({
      scope: 'organisation',
      submissions: { ytd: 9, month: 3, today: 1 },
      late: { ytd: 4, month: 2, today: 0 },
      inputs: { ytd: 900, mtd: 300, today: 100, payee_key: 'A001' },
      stoppages: { ytd: 90, mtd: 30, today: 10 },
      team_count: 4,
    });
    expect(view.series).toHaveLength(12);
    expect(view.series.at(-1)).toEqual({ month: '2026-05', submissions: 3, inputs_rows: 300, stoppages_rows: 30 });
    expect(view.series[0]).toEqual({ month: '2025-06', submissions: 0, inputs_rows: 0, stoppages_rows: 0 });
  });
});

describe('billing', () => {
  const plan = (over: Partial<StoredBillingPlan>): StoredBillingPlan => ({
    org_id: 'o1',
    org_name: 'Alpha',
    payee_key: 'A001',
    plan_name: 'Standard',
    pricing: 'per_upload',
    price_per_upload_ngwee: 1250,
    flat_fee_ngwee: null,
    currency: 'ZMW',
    updated_at: '2026-05-01T00:00:00Z',
    updated_by: null,
    updated_by_email: null,
    ...over,
  });
  it('charges a price per upload or a flat fee, exactly', () => {
    expect(amountDueNgwee(plan({}), 3)).toBe(3750);
    expect(amountDueNgwee(plan({ pricing: 'flat', price_per_upload_ngwee: null, flat_fee_ngwee: 500_000 }), 0)).toBe(500_000);
    expect(organisationBillingView(plan({ price_per_upload_ngwee: 10 }), 3, '2026-05')).toMatchObject({
      amount_due: 0.3,
      usage: 3,
      price_per_upload: 0.1,
      next_invoice: '2026-06-01',
    });
  });
  it('invoices on the first day of the next month', () => {
    expect(nextInvoiceDate('2026-12')).toBe('2027-01-01');
  });
  it('sums the billed organisations for the platform', () => {
    const plans = [plan({ org_id: 'a' }), plan({ org_id: 'b', pricing: 'flat', price_per_upload_ngwee: null, flat_fee_ngwee: 100_00 })];
    const usage: Record<string, number> = { a: 2, b: 5 };
    expect(platformBillingView(plans, (id) => usage[id] ?? 0, '2026-05')).toMatchObject({
      scope: 'platform',
      plan: '2 organisations',
      pricing: 'mixed',
      usage: 7,
      amount_due: 125,
      organisations: 2,
    });
  });
});

describe('billingPlanRequestSchema', () => {
  it('accepts a price per upload or a flat fee', () => {
    expect(billingPlanRequestSchema.parse({ plan_name: ' Standard ', pricing: 'per_upload', price_per_upload: 12.5 })).toEqual({
      plan_name: 'Standard',
      pricing: 'per_upload',
      price_per_upload: 12.5,
    });
    expect(billingPlanRequestSchema.safeParse({ plan_name: 'Flat', pricing: 'flat', flat_fee: 5000 }).success).toBe(true);
  });
  it.each([
    [{ plan_name: 'X', pricing: 'per_upload', price_per_upload: 0 }, 'Price per upload must be more than 0.'],
    [{ plan_name: 'X', pricing: 'per_upload', price_per_upload: -5 }, 'Price per upload must be more than 0.'],
    [{ plan_name: 'X', pricing: 'flat', flat_fee: 10.005 }, 'Flat fee can have at most 2 decimals.'],
    [{ plan_name: 'X', pricing: 'flat', flat_fee: '100' }, 'Flat fee must be a number.'],
    [{ plan_name: ' ', pricing: 'flat', flat_fee: 100 }, 'Enter a plan name.'],
    [{ plan_name: 'X', pricing: 'free' }, 'Choose a price per upload or a flat fee.'],
  ])('refuses %j', (body, message) => {
    expect(billingPlanRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
  it('takes 2 decimals as they are typed (0.29 and 1.1 are not float noise)', () => {
    for (const value of [0.29, 1.1, 19.99, 1234567.89])
      expect(billingPlanRequestSchema.safeParse({ plan_name: 'X', pricing: 'flat', flat_fee: value }).success).toBe(true);
  });
});
