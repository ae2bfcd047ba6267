import { beforeAll, describe, expect, inject, it } from 'vitest';
import { billingResponseSchema, type BillingResponse, type DashboardMetrics, type OrganisationBillingResponse } from '../../shared/api/dashboard.js';
import type { HistoryResponse } from '../../shared/api/history.js';
import { currentMonth, lastDayOfMonth } from '../../shared/rules/dates.js';
import type { Role } from '../../shared/roles.js';
import { createUser, signIn } from '../support/cognito.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';

/**
 * Issue 7 parts 3 and 4: borrower history after a real ingestion, dashboard metrics by scope, billing
 * and the billing plan platform admins set; each refusal.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
Object.assign(process.env, twin.env);
const { auditOfSubject } = await import('../../lambdas/data/audit.js');

type Json = Record<string, unknown>;
const get = async <T = Json>(token: string | null, path: string) => {
  const res = await fetch(`${twin.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T & { error?: string; message?: string } };
};
const put = async <T = Json>(token: string, path: string, body: unknown) => {
  const res = await fetch(`${twin.url}${path}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T & { error?: string; message?: string } };
};

async function member(org: SeededOrg | null, roles: Role[]) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  if (org) await seedMembership(twin, org, subOf(idToken), 'approved', roles[0]);
  return { ...user, token: idToken, sub: subOf(idToken) };
}

async function submit(token: string, org: SeededOrg, kind: 'inputs' | 'stoppages', nrcs: string[]) {
  const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs) : stoppagesRows(month, org.payeeKey, nrcs));
  const upload = await api.upload(token, { doc_kind: kind, month, payee_key: org.payeeKey, file_name: `${kind}.xlsx`, size: data.length, content_type: XLSX_MIME }, data);
  const res = await api.submit(token, upload.id);
  expect(res.status).toBe(200);
  return api.waitForIngestion(token, upload.id);
}

const base = 600_000 + Math.floor(Math.random() * 300_000);
const nrcs = [nrcOf(1, base), nrcOf(2, base)];
let orgA: SeededOrg;
let orgB: SeededOrg;
let lender: Awaited<ReturnType<typeof member>>;
let otherLender: Awaited<ReturnType<typeof member>>;
let loner: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let pendingToken: string;
let platformBefore: DashboardMetrics;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey(), 'Alpha Lending'), seedOrganisation(twin, uniquePayeeKey(), 'Beta Finance')]);
  [lender, otherLender, loner, admin] = await Promise.all([member(orgA, ['fi_admin']), member(orgB, ['fi_admin']), member(null, ['data_user']), member(null, ['sys_admin'])]);
  await member(orgA, ['data_user']);
  const pending = await createUser(twin, []);
  pendingToken = (await signIn(twin, pending.email, pending.password)).idToken;
  platformBefore = (await get<DashboardMetrics>(admin.token, '/api/dashboard/metrics')).body;
  await submit(lender.token, orgA, 'inputs', nrcs);
  await submit(lender.token, orgA, 'stoppages', [nrcs[1]!]);
});

describe('GET /api/history', () => {
  it('finds an ingested borrower for a user of another lender, with the total monthly installment', async () => {
    const res = await get<HistoryResponse>(otherLender.token, `/api/history?nrc=${encodeURIComponent(nrcs[0]!)}&months=3`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nrc: nrcs[0], name: 'First1 Last1', months: 3, to_month: month, total_monthly_installment: 250, active_lenders: 1 });
    expect(res.body.items).toEqual([
      { month, start_date: `${month}-01`, end_date: lastDayOfMonth(month), submitted_at: expect.any(String), org_name: 'Alpha Lending', payee_key: orgA.payeeKey, kind: 'input', installment: 250, counted: true, dispute: null, rejected: false, employee_no: 'E1', without_nrc: false },
    ]);
  });

  it('shows a stopped deduction beside its input and leaves it out of the total', async () => {
    const res = await get<HistoryResponse>(lender.token, `/api/history?nrc=${nrcs[1]!.replace(/\D/g, '')}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => [i.kind, i.installment, i.counted]).sort()).toEqual([['input', 250, false], ['stoppage', 0, false]]);
    expect(res.body).toMatchObject({ name: 'First2 Last2', total_monthly_installment: 0, active_lenders: 0 });
  });

  it('answers an unknown borrower with no items', async () => {
    const res = await get<HistoryResponse>(loner.token, '/api/history?nrc=999999/99/9');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: null, items: [], total_monthly_installment: 0 });
  });

  it.each([
    ['/api/history?nrc=12345', 'Enter a valid NRC (at least 6 digits).'],
    ['/api/history?nrc=abc%2Fde', 'Enter a valid NRC (at least 6 digits).'],
    ['/api/history', 'Enter a valid NRC (at least 6 digits).'],
    ['/api/history?nrc=123456789&months=24', 'Months must be a whole number from 1 to 12.'],
  ])('refuses %s with a message a person can act on', async (path, message) => {
    expect(await get(lender.token, path)).toEqual({ status: 400, body: { error: 'validation_failed', message } });
  });

  it('refuses callers who are signed out or still pending', async () => {
    expect((await get(null, `/api/history?nrc=${nrcs[0]}`)).status).toBe(401);
    expect((await get(pendingToken, `/api/history?nrc=${nrcs[0]}`)).status).toBe(403);
  });

  it('writes every lookup to the audit log: who, their roles and organisation, which NRC, the outcome', async () => {
    const digits = nrcs[0]!.replace(/\D/g, '');
    const trail = await auditOfSubject(`NRC#${digits}`);
    expect(trail).toContainEqual(
      expect.objectContaining({ action: 'history.lookup', actor_email: otherLender.email, actor_roles: ['fi_admin'], org_id: orgB.orgId, outcome: 'ok', details: expect.objectContaining({ months: 3, from_month: expect.stringMatching(/^\d{4}-\d{2}$/) }) }),
    );
    expect(await auditOfSubject('NRC#12345')).toContainEqual(expect.objectContaining({ action: 'history.lookup', actor_email: lender.email, org_id: orgA.orgId, outcome: 'refused' }));
  });
});

describe('GET /api/dashboard/metrics', () => {
  it('gives an organisation its own figures and approved team', async () => {
    const res = await get<DashboardMetrics>(lender.token, '/api/dashboard/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scope: 'organisation',
      org_name: 'Alpha Lending',
      submissions: { ytd: 2, month: 2, today: 2 },
      inputs: { ytd: 2, mtd: 2, today: 2, payee_key: orgA.payeeKey },
      stoppages: { ytd: 1, mtd: 1, today: 1 },
      team_count: 2,
    });
    expect(res.body.series).toHaveLength(12);
    expect(res.body.series.at(-1)).toEqual({ month, submissions: 2, inputs_rows: 2, stoppages_rows: 1 });
  });

  it('does not count one organisation’s work for another', async () => {
    const res = await get<DashboardMetrics>(otherLender.token, '/api/dashboard/metrics');
    expect(res.body).toMatchObject({ scope: 'organisation', org_name: 'Beta Finance', submissions: { ytd: 0, month: 0, today: 0 }, team_count: 1 });
  });

  it('gives super and system admins the platform’s figures', async () => {
    const res = await get<DashboardMetrics>(admin.token, '/api/dashboard/metrics');
    expect(res.body).toMatchObject({ scope: 'platform', org_name: null, inputs: { payee_key: null } });
    expect(res.body.submissions.today - platformBefore.submissions.today).toBe(2);
    expect(res.body.inputs.mtd - platformBefore.inputs.mtd).toBe(2);
    expect(res.body.stoppages.ytd - platformBefore.stoppages.ytd).toBe(1);
    expect(res.body.team_count).toBeGreaterThanOrEqual(5);
  });

  it('gives a member of an organisation without submissions zeros, and refuses a pending user', async () => {
    // A role is always held in an organisation (or the platform): the loner's own has submitted nothing.
    expect((await get<DashboardMetrics>(loner.token, '/api/dashboard/metrics')).body).toMatchObject({ scope: 'organisation', org_name: expect.any(String), submissions: { ytd: 0 }, team_count: 1 });
    expect((await get(pendingToken, '/api/dashboard/metrics')).status).toBe(403);
  });
});

describe('billing', () => {
  it('answers 200 configured: false when no plan applies (no plan yet, or no organisation)', async () => {
    const notConfigured = { status: 200, body: { configured: false, message: 'Billing not configured' } };
    expect(await get(lender.token, '/api/billing')).toEqual(notConfigured);
    expect(await get(loner.token, '/api/billing')).toEqual(notConfigured);
  });

  it('answers a platform admin in no organisation with 200, configured or not, never 404', async () => {
    const answer = await get<{ configured: boolean }>(admin.token, '/api/billing');
    expect(answer.status).toBe(200);
    expect(billingResponseSchema.safeParse(answer.body).success).toBe(true);
  });

  it('lets a platform admin find the organisation by payee key, set a price per upload, and shows the real figures', async () => {
    const found = await get<OrganisationBillingResponse>(admin.token, `/api/admin/billing?q=${orgA.payeeKey.toLowerCase()}`);
    expect(found).toMatchObject({ status: 200, body: { organisation: { org_id: orgA.orgId, org_name: 'Alpha Lending', payee_key: orgA.payeeKey }, plan: null } });
    const set = await put<OrganisationBillingResponse>(admin.token, `/api/admin/billing/${orgA.orgId}`, { plan_name: 'Standard', pricing: 'per_upload', price_per_upload: 12.5 });
    expect(set).toMatchObject({ status: 200, body: { plan: { plan_name: 'Standard', pricing: 'per_upload', price_per_upload: 12.5, flat_fee: null, updated_by_email: admin.email } } });

    const billing = await get<BillingResponse>(lender.token, '/api/billing');
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({ scope: 'organisation', org_name: 'Alpha Lending', plan: 'Standard', usage: 2, amount_due: 25, currency: 'ZMW', period: month });
    expect(billing.body.next_invoice).toMatch(/^\d{4}-\d{2}-01$/);
    expect((await get(otherLender.token, '/api/billing')).body).toEqual({ configured: false, message: 'Billing not configured' });

    const platform = await get<BillingResponse>(admin.token, '/api/billing');
    expect(platform.body).toMatchObject({ scope: 'platform' });
    expect(platform.body.organisations).toBeGreaterThanOrEqual(1);
    expect(platform.body.amount_due).toBeGreaterThanOrEqual(25);
  });

  it('replaces the plan with a flat fee and audits both plans', async () => {
    const set = await put(admin.token, `/api/admin/billing/${orgA.orgId}`, { plan_name: 'Enterprise', pricing: 'flat', flat_fee: 4999.99 });
    expect(set.status).toBe(200);
    expect((await get<BillingResponse>(lender.token, '/api/billing')).body).toMatchObject({ plan: 'Enterprise', pricing: 'flat', flat_fee: 4999.99, amount_due: 4999.99, usage: 2 });
    const trail = await auditOfSubject(`ORG#${orgA.orgId}`);
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: 'billing.plan_set',
        actor_email: admin.email,
        outcome: 'ok',
        details: expect.objectContaining({ plan: expect.objectContaining({ plan_name: 'Enterprise' }), previous: expect.objectContaining({ plan_name: 'Standard' }) }),
      }),
    );
  });

  it('refuses the billing routes to anyone but super and system admins', async () => {
    for (const token of [lender.token, otherLender.token, loner.token]) {
      expect((await put(token, `/api/admin/billing/${orgA.orgId}`, { plan_name: 'Free', pricing: 'flat', flat_fee: 0.01 })).status).toBe(403);
      expect((await get(token, `/api/admin/billing?q=${orgA.payeeKey}`)).status).toBe(403);
    }
    expect((await get<BillingResponse>(lender.token, '/api/billing')).body.plan).toBe('Enterprise');
  });

  it.each([
    [{ plan_name: 'X', pricing: 'per_upload', price_per_upload: -1 }, 'price_per_upload: Price per upload must be more than 0.'],
    [{ plan_name: 'X', pricing: 'flat', flat_fee: 10.123 }, 'flat_fee: Flat fee can have at most 2 decimals.'],
    [{ plan_name: '', pricing: 'flat', flat_fee: 10 }, 'plan_name: Enter a plan name.'],
    [{ plan_name: 'X', pricing: 'both', flat_fee: 10 }, 'pricing: Choose a price per upload or a flat fee.'],
  ])('refuses a bad plan %j and keeps the old one', async (body, message) => {
    expect(await put(admin.token, `/api/admin/billing/${orgA.orgId}`, body)).toEqual({ status: 400, body: { error: 'validation_failed', message } });
    expect((await get<BillingResponse>(lender.token, '/api/billing')).body.plan).toBe('Enterprise');
  });

  it('refuses an unknown or malformed organisation', async () => {
    const plan = { plan_name: 'X', pricing: 'flat', flat_fee: 10 };
    expect((await put(admin.token, '/api/admin/billing/00000000-0000-4000-8000-000000000000', plan)).status).toBe(404);
    expect(await put(admin.token, '/api/admin/billing/not-an-id', plan)).toEqual({ status: 400, body: { error: 'invalid_org_id', message: 'Please enter a valid Organisation ID.' } });
    expect(await get(admin.token, '/api/admin/billing?q=NOSUCHKEY1')).toEqual({ status: 404, body: { error: 'org_not_found', message: 'No organisation holds that payee key or ID.' } });
    expect((await get(admin.token, '/api/admin/billing')).status).toBe(400);
  });
});
