import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getCollectionRates } from '#shared/routes/reconciliation.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { seedMembership, seededLender } from '../fixtures/submissions/directory.js';
import { subOf } from '../fixtures/submissions/directory.js';
import { call, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { payrollAuthorityAdmin, type AuthorityAdmin } from '../support/payroll-authority.js';
import { testMonth } from '../support/payroll-schedule.js';
import { seedReconciledMonth } from '../support/remittances.js';

/**
 * The collection-rate chart's data: each lender's applied / expected in each of the 12 months ending with the month
 * asked for, from the months' recorded reconciliations; a month without one has no rate. Only for those who see
 * every lender.
 */
const twin = inject('twin');
let pmec: AuthorityAdmin;
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
/**
 * Twelve consecutive months, oldest first (testMonth hands them out in order), after twelve no file uses: the window
 * of the earliest month asked for reaches back eleven months, past any month an earlier file of the run took.
 */
const months = Array.from({ length: 24 }, () => testMonth()).slice(12);
const SKIPPED = 4;

const line = (expected: number, applied: number): ReconciliationLine => ({
  employee_no: 'EMP1',
  nrc: '123456/78/1',
  name: 'Test Person',
  expected,
  applied,
  status: applied >= expected ? 'APPLIED' : applied > 0 ? 'SHORT' : 'NOT_APPLIED',
  reason: null,
});

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
  await Promise.all(
    months.map((month, index) => {
      if (index === SKIPPED) return Promise.resolve();
      const a = { payeeKey: lenderA.org.payeeKey, orgName: lenderA.org.orgName, lines: [line(100, 50 + index)] };
      // Lender B is on the last three months only, and one of them asked nothing.
      const b = { payeeKey: lenderB.org.payeeKey, orgName: lenderB.org.orgName, lines: [line(index === 10 ? 0 : 200, 200)] };
      return seedReconciledMonth(twin, month, index >= 9 ? [a, b] : [a]);
    }),
  );
});

describe('collection rates', () => {
  it('answers the 12 months ending with the month asked for, each lender’s rate a month, none for a month without reconciliation', async () => {
    const body = okBody(await call(twin, getCollectionRates, { query: { month: months[11]! }, caller: pmec.token }));
    expect(body.months).toEqual(months);
    expect(body.reconciled).toEqual(months.filter((_, index) => index !== SKIPPED));
    const a = body.lenders.find((l) => l.payee_key === lenderA.org.payeeKey)!;
    expect(a.org_name).toBe(lenderA.org.orgName);
    expect(a.rates.map((r) => r.rate)).toEqual(months.map((_, index) => (index === SKIPPED ? null : 50 + index)));
    expect(a.rates[0]).toEqual({ month: months[0], expected_total: 100, applied_total: 50, rate: 50 });
    const b = body.lenders.find((l) => l.payee_key === lenderB.org.payeeKey)!;
    expect(b.rates.map((r) => r.rate)).toEqual([...Array(9).fill(null), 100, null, 100]);
  });

  it('moves its window with the month asked for', async () => {
    const body = okBody(await call(twin, getCollectionRates, { query: { month: months[5]! }, caller: pmec.token }));
    expect(body.months.at(-1)).toBe(months[5]);
    expect(body.months).toHaveLength(12);
    expect(body.reconciled).toEqual(months.slice(0, 6).filter((_, index) => index !== SKIPPED));
    expect(body.lenders.map((l) => l.payee_key)).not.toContain(lenderB.org.payeeKey);
  });

  it('is refused to a lender, even its compliance member, who sees its own month on the reconciliation instead', async () => {
    expect(await call(twin, getCollectionRates, { query: { month: months[11]! }, caller: lenderA.token })).toMatchObject({ status: 403 });
    const user = await createUser(twin, []);
    const { idToken } = await signIn(twin, user.email, user.password);
    await seedMembership(twin, lenderA.org, subOf(idToken), 'approved', 'compliance');
    expect(await call(twin, getCollectionRates, { query: { month: months[11]! }, caller: idToken })).toMatchObject({
      status: 403,
      body: { error: 'not_every_lender' },
    });
  });
});
