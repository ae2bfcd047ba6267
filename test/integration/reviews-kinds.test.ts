import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '#shared/roles.js';
import { decideSubmission, decideSubmissions } from '#shared/routes/reviews.js';
import { getSubmission } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The PMEC step of a review asks of the organisation's kind and the role together: a lender's member
 * recorded as PMEC Admin (a membership that breaks the rule, as older data may hold) completes nothing,
 * not even its own organisation's file that its compliance colleague approved.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
const base = 700_000 + Math.floor(Math.random() * 200_000);

/** A person whose only membership is `role` in `org` (no home organisation of another kind). */
async function member(org: SeededOrg, role: Role) {
  const user = await createUser(twin, []);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken), 'approved', role, user.email);
  return { ...user, token: idToken };
}

let lender: SeededOrg;
let who: Record<'admin' | 'compliance' | 'lenderPmec', { token: string; email: string }>;
let pmec: { token: string };

beforeAll(async () => {
  lender = await seedOrganisation(twin, uniquePayeeKey(), 'Lender With A PMEC Admin');
  const [admin, compliance, lenderPmec] = await Promise.all([member(lender, 'fi_admin'), member(lender, 'compliance'), member(lender, 'pmec_admin')]);
  who = { admin, compliance, lenderPmec };
  const real = await createUser(twin, ['pmec_admin']);
  pmec = { token: (await signIn(twin, real.email, real.password)).idToken };
});

let n = 0;
async function approvedFile(): Promise<string> {
  const data = workbook(inputsRows(month, lender.payeeKey, [nrcOf(++n, base)]));
  const id = await api.submitWorkbook(who.admin.token, { kind: 'inputs', month, payeeKey: lender.payeeKey, fileName: `kinds ${n}.xlsx` }, data);
  expectStatus(await call(twin, decideSubmission, { params: { id }, body: { decision: 'approve' }, caller: who.compliance.token }), 200);
  return id;
}
const statusOf = async (id: string) => okBody(await call(twin, getSubmission, { params: { id }, caller: who.admin.token })).status;

describe('completing a submission (the PMEC step)', () => {
  it("refuses a lender's PMEC Admin on its own organisation's file, one at a time and in bulk", async () => {
    const id = await approvedFile();
    const one = await call(twin, decideSubmission, { params: { id }, body: { decision: 'complete' }, caller: who.lenderPmec.token });
    expectStatus(one, 403);
    const bulk = okBody(await call(twin, decideSubmissions, { body: { ids: [id], decision: 'complete' }, caller: who.lenderPmec.token }));
    expect(bulk.succeeded).toEqual([]);
    expect(bulk.failed).toEqual([expect.objectContaining({ id, error: 'forbidden' })]);
    expect(await statusOf(id)).toBe('fi_approved');
  });

  it('lets a PMEC Admin of a PMEC organisation complete it', async () => {
    const id = await approvedFile();
    const done = await call(twin, decideSubmission, { params: { id }, body: { decision: 'complete' }, caller: pmec.token });
    expectStatus(done, 200);
    expect(done.body.item.status).toBe('approved');
  });
});
