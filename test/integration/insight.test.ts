import { beforeAll, describe, expect, inject, it } from 'vitest';
import { auditSubject } from '#data/audit/subjects.js';
import { configuredBilling } from '#shared/api/dashboard.js';
import type { Role } from '#shared/roles.js';
import { findBillingOrganisation, getBilling, getDashboardMetrics, setBillingPlan } from '#shared/routes/dashboard.js';
import { getHistory } from '#shared/routes/history.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, named, offContract, okBody, type RouteBody, type RouteRequest } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * Borrower history after a real ingestion, dashboard metrics by scope, billing
 * and the billing plan platform admins set; each refusal.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
Object.assign(process.env, twin.env);
const { auditOfSubject } = await import('#data/audit/log.js');

const metrics = (token: string | null) => call(twin, getDashboardMetrics, { caller: token });
const billing = (token: string) => call(twin, getBilling, { caller: token });
/** The plan the caller's billing shows; it must be configured. */
const plan = async (token: string) => configuredBilling(okBody(await billing(token)))!;
const setPlan = (token: string, org_id: string, body: RouteRequest<typeof setBillingPlan>) =>
  call(twin, setBillingPlan, { params: { org_id }, body, caller: token });
const findOrganisation = (token: string, q?: string) => call(twin, findBillingOrganisation, { query: { q }, caller: token });

async function member(org: SeededOrg | null, roles: Role[]) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  if (org) await seedMembership(twin, org, subOf(idToken), 'approved', roles[0]);
  return { ...user, token: idToken, sub: subOf(idToken) };
}

async function submit(token: string, org: SeededOrg, kind: 'inputs' | 'stoppages', nrcs: string[]) {
  const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs) : stoppagesRows(month, org.payeeKey, nrcs));
  const upload = await api.upload(
    token,
    { doc_kind: kind, month, payee_key: org.payeeKey, file_name: `${kind}.xlsx`, size: data.length, content_type: XLSX_MIME },
    data,
  );
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
let platformBefore: RouteBody<typeof getDashboardMetrics>;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([seedOrganisation(twin, uniquePayeeKey(), 'Alpha Lending'), seedOrganisation(twin, uniquePayeeKey(), 'Beta Finance')]);
  [lender, otherLender, loner, admin] = await Promise.all([
    member(orgA, ['fi_admin']),
    member(orgB, ['fi_admin']),
    member(null, ['data_user']),
    member(null, ['sys_admin']),
  ]);
  await member(orgA, ['data_user']);
  const pending = await createUser(twin, []);
  pendingToken = (await signIn(twin, pending.email, pending.password)).idToken;
  platformBefore = okBody(await metrics(admin.token));
  await submit(lender.token, orgA, 'inputs', nrcs);
  await submit(lender.token, orgA, 'stoppages', [nrcs[1]!]);
});

describe(named(getHistory), () => {
  it('finds an ingested borrower for a user of another lender, with the total monthly installment', async () => {
    const res = await call(twin, getHistory, { query: { nrc: nrcs[0]!, months: '3' }, caller: otherLender.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ nrc: nrcs[0], name: 'First1 Last1', months: 3, to_month: month, total_monthly_installment: 250, active_lenders: 1 });
    expect(res.body.items).toEqual([
      {
        month,
        start_date: `${month}-01`,
        end_date: lastDayOfMonth(month),
        submitted_at: expect.any(String),
        org_name: 'Alpha Lending',
        payee_key: orgA.payeeKey,
        kind: 'input',
        installment: 250,
        counted: true,
        dispute: null,
        rejected: false,
        employee_no: 'E1',
        without_nrc: false,
        // The month has no applied deductions file recorded yet: nothing to say what the payroll took.
        applied: null,
        applied_status: null,
        applied_reason: null,
      },
    ]);
  });

  it('shows a stopped deduction beside its input and leaves it out of the total', async () => {
    const res = await call(twin, getHistory, { query: { nrc: nrcs[1]!.replace(/\D/g, '') }, caller: lender.token });
    expectStatus(res, 200);
    expect(res.body.items.map((i) => [i.kind, i.installment, i.counted]).sort()).toEqual([
      ['input', 250, false],
      ['stoppage', 0, false],
    ]);
    expect(res.body).toMatchObject({ name: 'First2 Last2', total_monthly_installment: 0, active_lenders: 0 });
  });

  it('answers an unknown borrower with no items', async () => {
    const res = await call(twin, getHistory, { query: { nrc: '999999/99/9' }, caller: loner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: null, items: [], total_monthly_installment: 0 });
  });

  it.each([
    ['nrc=12345', { nrc: '12345' }, 'Enter a valid NRC (at least 6 digits).'],
    ['nrc=abc%2Fde', { nrc: 'abc/de' }, 'Enter a valid NRC (at least 6 digits).'],
    ['no nrc', {}, 'Enter a valid NRC (at least 6 digits).'],
    ['nrc=123456789&months=24', { nrc: '123456789', months: '24' }, 'Months must be a whole number from 1 to 12.'],
  ])('refuses %s with a message a person can act on', async (_query, query, message) => {
    expect(await call(twin, getHistory, { query, caller: lender.token })).toEqual({ status: 400, body: { error: 'validation_failed', message } });
  });

  it('refuses callers who are signed out or still pending', async () => {
    expect((await call(twin, getHistory, { query: { nrc: nrcs[0] } })).status).toBe(401);
    expect((await call(twin, getHistory, { query: { nrc: nrcs[0] }, caller: pendingToken })).status).toBe(403);
  });

  it('writes every lookup to the audit log: who, their roles and organisation, which NRC, the outcome', async () => {
    const digits = nrcs[0]!.replace(/\D/g, '');
    const trail = await auditOfSubject(auditSubject.nrc(digits));
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: 'history.lookup',
        actor_email: otherLender.email,
        actor_roles: ['fi_admin'],
        org_id: orgB.orgId,
        outcome: 'ok',
        details: expect.objectContaining({ months: 3, from_month: expect.stringMatching(/^\d{4}-\d{2}$/) }),
      }),
    );
    expect(await auditOfSubject(auditSubject.nrc('12345'))).toContainEqual(
      expect.objectContaining({ action: 'history.lookup', actor_email: lender.email, org_id: orgA.orgId, outcome: 'refused' }),
    );
  });
});

describe(named(getDashboardMetrics), () => {
  it('gives an organisation its own figures and approved team', async () => {
    const res = await metrics(lender.token);
    expectStatus(res, 200);
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
    const res = await metrics(otherLender.token);
    expect(res.body).toMatchObject({ scope: 'organisation', org_name: 'Beta Finance', submissions: { ytd: 0, month: 0, today: 0 }, team_count: 1 });
  });

  it('gives super and system admins the platform’s figures', async () => {
    const res = okBody(await metrics(admin.token));
    expect(res).toMatchObject({ scope: 'platform', org_name: null, inputs: { payee_key: null } });
    expect(res.submissions.today - platformBefore.submissions.today).toBe(2);
    expect(res.inputs.mtd - platformBefore.inputs.mtd).toBe(2);
    expect(res.stoppages.ytd - platformBefore.stoppages.ytd).toBe(1);
    expect(res.team_count).toBeGreaterThanOrEqual(5);
  });

  it('gives a member of an organisation without submissions zeros, and refuses a pending user', async () => {
    // A role is always held in an organisation (or the platform): the loner's own has submitted nothing.
    expect((await metrics(loner.token)).body).toMatchObject({ scope: 'organisation', org_name: expect.any(String), submissions: { ytd: 0 }, team_count: 1 });
    expect((await metrics(pendingToken)).status).toBe(403);
  });
});

describe('billing', () => {
  it('answers 200 configured: false when no plan applies (no plan yet, or no organisation)', async () => {
    const notConfigured = { status: 200, body: { configured: false, message: 'Billing not configured' } };
    expect(await billing(lender.token)).toEqual(notConfigured);
    expect(await billing(loner.token)).toEqual(notConfigured);
  });

  it('answers a platform admin in no organisation with 200, configured or not, never 404', async () => {
    // The client checks a 2xx answer against the route's response schema.
    expect((await billing(admin.token)).status).toBe(200);
  });

  it('lets a platform admin find the organisation by payee key, set a price per upload, and shows the real figures', async () => {
    const found = await findOrganisation(admin.token, orgA.payeeKey.toLowerCase());
    expect(found).toMatchObject({
      status: 200,
      body: { organisation: { org_id: orgA.orgId, org_name: 'Alpha Lending', payee_key: orgA.payeeKey }, plan: null },
    });
    const set = await setPlan(admin.token, orgA.orgId, { plan_name: 'Standard', pricing: 'per_upload', price_per_upload: 12.5 });
    expect(set).toMatchObject({
      status: 200,
      body: { plan: { plan_name: 'Standard', pricing: 'per_upload', price_per_upload: 12.5, flat_fee: null, updated_by_email: admin.email } },
    });

    const lenders = await billing(lender.token);
    expect(lenders.status).toBe(200);
    const own = configuredBilling(okBody(lenders));
    expect(own).toMatchObject({ scope: 'organisation', org_name: 'Alpha Lending', plan: 'Standard', usage: 2, amount_due: 25, currency: 'ZMW', period: month });
    expect(own!.next_invoice).toMatch(/^\d{4}-\d{2}-01$/);
    expect((await billing(otherLender.token)).body).toEqual({ configured: false, message: 'Billing not configured' });

    const platform = await plan(admin.token);
    expect(platform).toMatchObject({ scope: 'platform' });
    expect(platform.organisations).toBeGreaterThanOrEqual(1);
    expect(platform.amount_due).toBeGreaterThanOrEqual(25);
  });

  it('replaces the plan with a flat fee and audits both plans', async () => {
    const set = await setPlan(admin.token, orgA.orgId, { plan_name: 'Enterprise', pricing: 'flat', flat_fee: 4999.99 });
    expect(set.status).toBe(200);
    expect((await billing(lender.token)).body).toMatchObject({ plan: 'Enterprise', pricing: 'flat', flat_fee: 4999.99, amount_due: 4999.99, usage: 2 });
    const trail = await auditOfSubject(auditSubject.organisation(orgA.orgId));
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: 'billing.plan_set',
        actor_email: admin.email,
        outcome: 'ok',
        details: expect.objectContaining({
          plan: expect.objectContaining({ plan_name: 'Enterprise' }),
          previous: expect.objectContaining({ plan_name: 'Standard' }),
        }),
      }),
    );
  });

  it('refuses the billing routes to anyone but super and system admins', async () => {
    for (const token of [lender.token, otherLender.token, loner.token]) {
      expect((await setPlan(token, orgA.orgId, { plan_name: 'Free', pricing: 'flat', flat_fee: 0.01 })).status).toBe(403);
      expect((await findOrganisation(token, orgA.payeeKey)).status).toBe(403);
    }
    expect((await plan(lender.token)).plan).toBe('Enterprise');
  });

  it.each([
    [{ plan_name: 'X', pricing: 'per_upload', price_per_upload: -1 }, 'price_per_upload: Price per upload must be more than 0.'],
    [{ plan_name: 'X', pricing: 'flat', flat_fee: 10.123 }, 'flat_fee: Flat fee can have at most 2 decimals.'],
    [{ plan_name: '', pricing: 'flat', flat_fee: 10 }, 'plan_name: Enter a plan name.'],
    [{ plan_name: 'X', pricing: 'both', flat_fee: 10 }, 'pricing: Choose a price per upload or a flat fee.'],
  ])('refuses a bad plan %j and keeps the old one', async (body, message) => {
    expect(await setPlan(admin.token, orgA.orgId, offContract(body))).toEqual({ status: 400, body: { error: 'validation_failed', message } });
    expect((await plan(lender.token)).plan).toBe('Enterprise');
  });

  it('refuses an unknown or malformed organisation', async () => {
    const flat = { plan_name: 'X', pricing: 'flat', flat_fee: 10 } as const;
    expect((await setPlan(admin.token, '00000000-0000-4000-8000-000000000000', flat)).status).toBe(404);
    expect(await setPlan(admin.token, 'not-an-id', flat)).toEqual({
      status: 400,
      body: { error: 'invalid_org_id', message: 'Please enter a valid Organisation ID.' },
    });
    expect(await findOrganisation(admin.token, 'NOSUCHKEY1')).toEqual({
      status: 404,
      body: { error: 'org_not_found', message: 'No organisation holds that payee key or ID.' },
    });
    expect((await findOrganisation(admin.token)).status).toBe(400);
  });
});
