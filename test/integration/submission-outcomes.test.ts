import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ingestionMessage } from '#shared/api/submissions.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { getHistory } from '#shared/routes/history.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { getSubmission } from '#shared/routes/submissions.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * What a lender's submission comes to: a row repeated in every cell is one deduction (warned, ingested once,
 * ZMW 400 in history, not 800) while two rows of one NRC that differ stay two; a rejection's reason and the
 * review's steps are on the submission the lender opens; a rejected file's rows leave the Inputs figure.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const base = 700_000 + Math.floor(Math.random() * 90_000);
const nrc = (n: number) => `${base + n}/52/1`;
const who = { lender: '', reviewer: '' };
let org: SeededOrg;

const row = (employeeNo: string, id: string, amount: number): Row => [employeeNo, id, `${M}-01`, lastDayOfMonth(M), amount, org.payeeKey, 'Mary', 'Banda'];
const inputsToday = async () => okBody(await call(twin, getDashboardMetrics, { caller: who.lender })).inputs.ytd;

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey());
  const [lender, reviewer] = await Promise.all([createUser(twin, ['fi_admin']), createUser(twin, ['compliance'])]);
  who.lender = (await signIn(twin, lender.email, lender.password)).idToken;
  who.reviewer = (await signIn(twin, reviewer.email, reviewer.password)).idToken;
  await seedMembership(twin, org, subOf(who.lender));
});

describe('an exact repeat row', () => {
  let id = '';

  it('is warned as a repeat, counted once, and history shows its amount once', async () => {
    const data = workbook([HEADER, row('R1', nrc(1), 400), row('R1', nrc(1), 400), row('R2', nrc(2), 300), row('R2', nrc(2), 200)]);
    const upload = await api.upload(
      who.lender,
      { doc_kind: 'inputs', month: M, payee_key: org.payeeKey, file_name: 'repeat.xlsx', size: data.length, content_type: XLSX_MIME },
      data,
    );
    expect(upload.status).toBe('validated');
    expect(upload.warnings).toContainEqual({ row: 3, column: 'Row', type: 'REPEAT', message: 'Row 3 repeats row 2 exactly: it is counted once' });
    // Two different rows of one NRC are two loans: still the duplicate-NRC warning, not a repeat.
    expect(upload.warnings).toContainEqual({ row: 5, column: 'NRC', type: 'NRC', message: `Duplicate NRC in file (${nrc(2)}).` });
    expect(upload.warnings.filter((w) => w.type === 'REPEAT')).toHaveLength(1);

    const submitted = await api.submit(who.lender, upload.id);
    expectStatus(submitted, 200);
    id = String(okBody(submitted).submission_id);
    const done = await api.waitForIngestion(who.lender, id);
    // The repeat is the one row skipped.
    expect(done.ingestion.message).toBe(ingestionMessage({ inserted: 3, updated: 0, skipped: 1 }));

    const repeated = okBody(await call(twin, getHistory, { query: { nrc: nrc(1), months: '3' }, caller: who.lender }));
    expect(repeated.items.map((item) => item.installment)).toEqual([400]);
    expect(repeated.total_monthly_installment).toBe(400);
    const twoLoans = okBody(await call(twin, getHistory, { query: { nrc: nrc(2), months: '3' }, caller: who.lender }));
    expect(twoLoans.total_monthly_installment).toBe(500);
  });

  it('a rejection is on the submission the lender opens, with its reason and steps, and its rows leave the Inputs figure', async () => {
    expect(await inputsToday()).toBe(3);
    const rejected = await call(twin, decideSubmission, {
      params: { id },
      body: { decision: 'reject', note: 'Amounts do not match the schedule' },
      caller: who.reviewer,
    });
    expectStatus(rejected, 200);

    const seen = okBody(await call(twin, getSubmission, { params: { id }, caller: who.lender }));
    expect(seen).toMatchObject({ status: 'rejected', decision_reason: 'Amounts do not match the schedule', counts: { inserted: 3 } });
    expect(seen.reviewed_at).not.toBeNull();
    expect(seen.reviewed_by_email).toMatch(/@/);
    expect(seen.submitted_by_email).toMatch(/@/);
    // The rule borrower history uses: a rejected file's rows count nowhere.
    expect(await inputsToday()).toBe(0);
  });
});
