import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listMyLookups } from '#shared/routes/portal.js';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { listRemittances } from '#shared/routes/remittances.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, okBody } from '../support/api.js';
import { signInEmployee } from '../support/employee.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';

/**
 * A lender's reads of a reconciliation are reads of the employees it names: the page of lines shown puts the lender
 * in each shown employee's "Who looked", and a whole file handed out (the remittance statement) in the "Who looked"
 * of every employee its month names, once a day, never of an employee it does not name.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = testMonth();
const mine = registerEntry({ first_name: 'Chanda', last_name: 'Mulenga' });
const theirs = registerEntry({ first_name: 'Natasha', last_name: 'Lungu' });
let pmec: { token: string };
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
const tokens: Record<'mine' | 'theirs', string> = { mine: '', theirs: '' };

const lookups = async (who: keyof typeof tokens) =>
  okBody(await call(twin, listMyLookups, { caller: tokens[who] })).items.filter((item) => item.kind === 'reconciliation');

/** Waits until the applied file's marks reached this person's record (the history's ingest job writes them). */
async function reconciled(nrc: string) {
  const { reconciledMonthsOf } = await import('#data/history/applied-lenders.js');
  while (!(await reconciledMonthsOf(nrcDigits(nrc))).size) await new Promise((resolve) => setTimeout(resolve, 200));
}

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
  await addToCurrentRegister([mine, theirs]);
  const a = { ...scheduleLine(lenderA.org.payeeKey, 1, 250), employee_no: mine.employee_number, nrc: mine.nrc };
  const b = { ...scheduleLine(lenderB.org.payeeKey, 2, 300), employee_no: theirs.employee_number, nrc: theirs.nrc };
  await freezeSchedule(twin, month, [a, b], 1, { [a.payee_key]: lenderA.org.orgName, [b.payee_key]: lenderB.org.orgName });
  const file = appliedWorkbook([
    { employee_no: a.employee_no, nrc: a.nrc, payee_key: a.payee_key, amount: 250 },
    { employee_no: b.employee_no, nrc: b.nrc, payee_key: b.payee_key, amount: 300 },
  ]);
  const request = {
    doc_kind: 'applied',
    month,
    file_name: 'Applied deductions.xlsx',
    size: file.length,
    content_type: XLSX_MIME,
    schedule_version: 1,
  } as const;
  const upload = await api.upload(pmec.token, request, file);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  expect(okBody(await api.submit(pmec.token, upload.id))).toMatchObject({ submission_id: null });
  tokens.mine = (await signInEmployee(twin, { nrc: mine.nrc, employeeNumber: mine.employee_number })).idToken;
  tokens.theirs = (await signInEmployee(twin, { nrc: theirs.nrc, employeeNumber: theirs.employee_number })).idToken;
});

describe('"Who looked" and the reconciliation', () => {
  it("names the lender that was shown an employee's line, and only to that employee", async () => {
    expect(await lookups('mine')).toEqual([]);
    const page = okBody(await call(twin, getReconciliation, { query: { month, payee_key: lenderA.org.payeeKey }, caller: lenderA.token }));
    expect(page.lines.map((line) => line.nrc)).toEqual([mine.nrc]);
    expect(await lookups('mine')).toContainEqual(expect.objectContaining({ organisation: lenderA.org.orgName, kind: 'reconciliation' }));
    expect((await lookups('theirs')).map((item) => item.organisation)).not.toContain(lenderA.org.orgName);
  });

  it('names the lender that was handed its statement to every employee it names, once a day, and to no one else', async () => {
    await Promise.all([reconciled(mine.nrc), reconciled(theirs.nrc)]);
    const fromB = async (who: keyof typeof tokens) => (await lookups(who)).filter((item) => item.organisation === lenderB.org.orgName);
    expect(await fromB('theirs')).toEqual([]);
    for (let i = 0; i < 2; i++) expect(okBody(await call(twin, listRemittances, { query: { month }, caller: lenderB.token })).items).toHaveLength(1);
    expect(await fromB('theirs')).toEqual([expect.objectContaining({ kind: 'reconciliation' })]);
    expect(await fromB('mine')).toEqual([]);
  });
});
