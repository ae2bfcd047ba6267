import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { HistoryResponse } from '#shared/api/history.js';
import { getHistory } from '#shared/routes/history.js';
import { currentMonth } from '#shared/rules/dates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seededLender } from '../fixtures/submissions/directory.js';
import { HEADER, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, okBody } from '../support/api.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule } from '../support/payroll-schedule.js';

/**
 * What the payroll applied reaches borrower history, through the real pipeline: two lenders' inputs ingested, the
 * month's schedule frozen, the applied file uploaded, validated and submitted; its lines are written onto history by
 * the chunked ingestion (off the API); /history marks each month and gives the repayment record across lenders, its
 * total uses what was deducted, and the portal shows what was asked and what was deducted. Running the ingestion
 * again, or recording a replacing file, ends with the right values.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const M = currentMonth();
const base = 500_000 + Math.floor(Math.random() * 400_000);
const nrc = (n: number) => `${base + n}/52/1`;
const emp = (n: number) => `AP${base + n}`;

let pmec: { token: string };
let lenderA: Awaited<ReturnType<typeof seededLender>>;
let lenderB: Awaited<ReturnType<typeof seededLender>>;
let firstUpload = '';

const line = (payeeKey: string, n: number, amount: number): ScheduleLine => ({
  payee_key: payeeKey,
  employee_no: emp(n),
  nrc: nrc(n),
  name: `Chanda Mulenga ${n}`,
  amount,
  start_date: `${M}-01`,
  end_date: '2030-12-31',
});

async function inputs(lender: typeof lenderA, lines: readonly ScheduleLine[]) {
  const rows = lines.map((l) => [l.employee_no, l.nrc, l.start_date, l.end_date, l.amount, l.payee_key, 'Chanda', `Mulenga ${l.employee_no}`]);
  const id = await api.submitWorkbook(
    lender.token,
    { kind: 'inputs', month: M, payeeKey: lender.org.payeeKey, fileName: 'inputs.xlsx' },
    workbook([HEADER, ...rows]),
  );
  await api.waitForIngestion(lender.token, id);
}

async function appliedUpload(rows: Parameters<typeof appliedWorkbook>[0]) {
  const file = appliedWorkbook(rows);
  const request = { doc_kind: 'applied' as const, month: M, file_name: 'Applied.xlsx', size: file.length, content_type: XLSX_MIME, schedule_version: 1 };
  const upload = await api.upload(pmec.token, request, file);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  return upload.id;
}

const lookup = async (token: string, n: number): Promise<HistoryResponse> =>
  okBody(await call(twin, getHistory, { query: { nrc: nrc(n), months: '3' }, caller: token }));

/** Polls the lookup until `done` holds: the ingestion runs off the API. */
async function lookupUntil(token: string, n: number, done: (history: HistoryResponse) => boolean): Promise<HistoryResponse> {
  for (;;) {
    const history = await lookup(token, n);
    if (done(history)) return history;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Borrower n's record entry for a lender, as the deduction signals read it, once it carries this amount deducted. */
async function recordOf(n: number, payeeKey: string, applied: number) {
  const { readBorrowerRecords } = await import('#data/history/summaries.js');
  for (;;) {
    const { records } = await readBorrowerRecords([nrcDigits(nrc(n))]);
    const entry = records.get(nrcDigits(nrc(n)))?.find((e) => e.payee_key === payeeKey && e.month === M);
    if (entry?.applied === applied) return entry;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const applied = (l: ScheduleLine, amount: number, reason?: string) => ({ employee_no: l.employee_no, nrc: l.nrc, payee_key: l.payee_key, amount, reason });

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  pmec = await payrollAuthorityAdmin(twin);
  [lenderA, lenderB] = await Promise.all([seededLender(twin), seededLender(twin)]);
  const [A, B] = [lenderA.org.payeeKey, lenderB.org.payeeKey];
  // Borrower 1 owes both lenders; 2 is short, 3 left service, 5 had money taken for A with no schedule line.
  const linesA = [line(A, 1, 250), line(A, 2, 300), line(A, 3, 400)];
  const linesB = [line(B, 1, 100)];
  await Promise.all([inputs(lenderA, linesA), inputs(lenderB, linesB)]);
  await freezeSchedule(twin, M, [...linesA, ...linesB], 1, { [A]: lenderA.org.orgName, [B]: lenderB.org.orgName });
  firstUpload = await appliedUpload([
    applied(linesA[0]!, 250),
    applied(linesA[1]!, 200, 'INSUFFICIENT PAY'),
    applied(linesA[2]!, 0, 'LEFT SERVICE'),
    applied(linesB[0]!, 100),
    applied(line(A, 5, 0), 75),
  ]);
  expect(await api.submit(pmec.token, firstUpload)).toMatchObject({ status: 200 });
});

const statusOf = (history: HistoryResponse, payeeKey: string) => history.items.find((item) => item.payee_key === payeeKey && item.month === M);

describe("the month's applied file on borrower history", () => {
  it('marks each deduction applied, short or not applied, with what was deducted and the reason', async () => {
    const short = await lookupUntil(lenderA.token, 2, (h) => statusOf(h, lenderA.org.payeeKey)?.applied_status != null);
    expect(statusOf(short, lenderA.org.payeeKey)).toMatchObject({
      kind: 'input',
      installment: 300,
      applied: 200,
      applied_status: 'short',
      applied_reason: 'INSUFFICIENT PAY',
    });
    // What the payroll deducted is what the borrower pays: the total and the exposure count 200, not 300.
    expect(short.total_monthly_installment).toBe(200);
    expect(short.record.exposure.total).toBe(200);
    expect(short.repayment).toMatchObject({ reconciled: 1, in_full: 0, months: [{ month: M, repayment: 'short' }, expect.anything(), expect.anything()] });
    // The borrower's record, which the exposure and affordability signals of the next file read, weighs it the same.
    expect(await recordOf(2, lenderA.org.payeeKey, 200)).toMatchObject({ installment: 300, applied: 200 });

    const none = await lookupUntil(lenderA.token, 3, (h) => statusOf(h, lenderA.org.payeeKey)?.applied_status != null);
    expect(statusOf(none, lenderA.org.payeeKey)).toMatchObject({ installment: 400, applied: 0, applied_status: 'not_applied', applied_reason: 'LEFT SERVICE' });
    expect(none.repayment.months[0]).toEqual({ month: M, repayment: 'not_applied' });
  });

  it('gives a lender looking up a borrower the repayment record across lenders', async () => {
    // Lender B looks up borrower 1, whom both lenders deduct from: both lines in full, so the month was deducted in full.
    const both = await lookupUntil(lenderB.token, 1, (h) => h.items.filter((item) => item.applied_status === 'applied').length === 2);
    expect(both.items.map((item) => [item.payee_key, item.applied, item.applied_status]).sort()).toEqual(
      [
        [lenderA.org.payeeKey, 250, 'applied'],
        [lenderB.org.payeeKey, 100, 'applied'],
      ].sort(),
    );
    expect(both.repayment).toMatchObject({ reconciled: 1, in_full: 1 });
    // Lender B looks up borrower 2, who only borrows from A: the record is there, short.
    expect((await lookup(lenderB.token, 2)).repayment).toMatchObject({ reconciled: 1, in_full: 0 });
  });

  it('gives an UNEXPECTED deduction an entry of its own, never counted', async () => {
    const history = await lookupUntil(lenderA.token, 5, (h) => h.items.length > 0);
    expect(history.items).toEqual([
      expect.objectContaining({
        kind: 'unexpected',
        payee_key: lenderA.org.payeeKey,
        org_name: lenderA.org.orgName,
        installment: 0,
        applied: 75,
        applied_status: 'unexpected',
        counted: false,
      }),
    ]);
    expect(history.total_monthly_installment).toBe(0);
    expect(history.repayment).toMatchObject({ reconciled: 0, in_full: 0 });
  });

  it('shows the employee per month and lender what was asked and what the payroll deducted', async () => {
    const { deductionsOf } = await import('../../lambdas/api/portal/deductions.js');
    await lookupUntil(lenderA.token, 2, (h) => statusOf(h, lenderA.org.payeeKey)?.applied_status != null);
    const short = await deductionsOf(nrcDigits(nrc(2)));
    expect(short.items).toEqual([expect.objectContaining({ month: M, payee_key: lenderA.org.payeeKey, installment: 300, applied: 200 })]);
    expect(short.total_this_month).toBe(200);
    const none = await deductionsOf(nrcDigits(nrc(3)));
    expect(none.items).toEqual([expect.objectContaining({ installment: 400, applied: 0 })]);
    // The UNEXPECTED deduction is not in the list of what lenders asked (its own section shows it).
    expect((await deductionsOf(nrcDigits(nrc(5)))).items).toEqual([]);
  });

  it('ends with the same values when the ingestion runs again', async () => {
    await lookupUntil(lenderA.token, 2, (h) => statusOf(h, lenderA.org.payeeKey)?.applied_status != null);
    const { splitAppliedJob, ingestAppliedChunk } = await import('#data/history/applied-ingest.js');
    await splitAppliedJob(M, firstUpload);
    await ingestAppliedChunk(`chunks/applied/${M}/${firstUpload}/0-of-1.json`);
    const again = await lookup(lenderA.token, 2);
    expect(statusOf(again, lenderA.org.payeeKey)).toMatchObject({ applied: 200, applied_status: 'short' });
    expect(again.total_monthly_installment).toBe(200);
  });

  it('follows a replacing file once the month records it, and a late chunk of the replaced file changes nothing', async () => {
    await lookupUntil(lenderA.token, 5, (h) => h.items.length > 0);
    const A = lenderA.org.payeeKey;
    // The payroll's corrected file: borrower 2 in full, borrower 5's deduction gone.
    const second = await appliedUpload([
      applied(line(A, 1, 250), 250),
      applied(line(A, 2, 300), 300),
      applied(line(A, 3, 400), 0, 'LEFT SERVICE'),
      applied(line(lenderB.org.payeeKey, 1, 100), 100),
    ]);
    // As an approved replacement records it (the four-eyes flow), then the same seam Submit calls.
    const key = { pk: `RECONCILIATION#${M}`, sk: 'APPLIED' };
    const month = (await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Key: key }))).Item!;
    const { getUpload } = await import('#data/uploads/upload.js');
    const secondUpload = await getUpload(second);
    const later = new Date(Date.parse(String(month.submitted_at)) + 1000).toISOString();
    await documentClient(twin).send(
      new PutCommand({
        TableName: twin.env.TABLE_SUBMISSIONS,
        Item: { ...month, upload_id: second, submitted_at: later, by_lender: secondUpload!.reconciliation!.by_lender },
      }),
    );
    const { onAppliedRecorded } = await import('../../lambdas/api/submissions/applied-recorded.js');
    await onAppliedRecorded(M, second);

    const replaced = await lookupUntil(lenderA.token, 2, (h) => statusOf(h, A)?.applied_status === 'applied');
    expect(statusOf(replaced, A)).toMatchObject({ applied: 300, applied_status: 'applied', applied_reason: null });
    expect(replaced.repayment).toMatchObject({ reconciled: 1, in_full: 1 });
    expect(await recordOf(2, A, 300)).toMatchObject({ installment: 300, applied: 300 });
    // The replaced file's UNEXPECTED line is no longer the month's.
    expect((await lookup(lenderA.token, 5)).items).toEqual([]);
    // A chunk of the replaced file arriving late stops without writing.
    const { ingestAppliedChunk } = await import('#data/history/applied-ingest.js');
    await ingestAppliedChunk(`chunks/applied/${M}/${firstUpload}/0-of-1.json`);
    expect(statusOf(await lookup(lenderA.token, 2), A)).toMatchObject({ applied: 300, applied_status: 'applied' });
  });
});
