import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getPayrollSchedule } from '#shared/routes/payroll.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { lusakaToday } from '#shared/rules/remittance.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { uploadScreen } from '../fixtures/submissions/ui.js';
import { HEADER, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { textsTo } from '../support/employee.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, scheduleLine } from '../support/payroll-schedule.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAsEmployee, signInAt, signOut, twinInfo } from './support.js';

/**
 * The whole month in Chromium: the lenders' inputs files completed (approved by compliance, completed by the
 * payroll authority), the authority downloads the month's schedule on /payroll (which freezes it), uploads what the
 * payroll applied on /upload, naming the schedule's version, and submits it; on /reconciliation they see every
 * lender and one lender's lines by status; the lender sees its own lines only, then its remittance statement on
 * /remittances, records what arrived and resolves the difference with a note. What the payroll applied reaches borrower
 * history: the lender's /history marks the short month with the repayment record, and that employee's portal (360 px)
 * shows what was asked and what was deducted. The employee whose pay lost a deduction nobody approved is texted, signs
 * in to the portal on a phone, sees it and reports it in one tap.
 */
const twin = twinInfo();
const M = currentMonth();
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The lenders' inputs files of the month, each approved by compliance and completed by the payroll authority. */
async function completeInputs(lenders: { token: string; lines: ReturnType<typeof scheduleLine>[] }[], compliance: string, authority: string) {
  const api = submissionsApi(twin);
  for (const { token, lines } of lenders) {
    const rows = lines.map((l) => [l.employee_no, l.nrc, `${M}-01`, lastDayOfMonth(M), l.amount, l.payee_key, 'Mwila', `Banda ${l.employee_no}`]);
    const id = await api.submitWorkbook(
      token,
      { kind: 'inputs', month: M, payeeKey: lines[0]!.payee_key, fileName: 'inputs.xlsx' },
      workbook([HEADER, ...rows]),
    );
    for (const [decision, caller] of [
      ['approve', compliance],
      ['complete', authority],
    ] as const)
      expectStatus(await call(twin, decideSubmission, { params: { id }, body: { decision }, caller }), 200);
  }
}

test('the whole month: files completed, schedule downloaded, applied file reconciled, statements, and the employee reports a deduction nobody approved', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const [lender, other, authority, secondAdmin] = [
    await seededLender(twin),
    await seededLender(twin),
    await payrollAuthorityAdmin(twin),
    await payrollAuthorityAdmin(twin),
  ];
  const complianceUser = await createUser(twin, ['compliance']);
  const compliance = (await signIn(twin, complianceUser.email, complianceUser.password)).idToken;
  // The employee whose pay the payroll takes a deduction from that no schedule line asked for: on the register, with a mobile.
  const employee = registerEntry({ first_name: 'Mutale', last_name: 'Phiri' });
  Object.assign(process.env, twin.env);
  // And an employee on the register whom the lender deducts from this month: the short line.
  const owing = registerEntry({ first_name: 'Mutale', last_name: 'Zulu' });
  await addToCurrentRegister([employee, owing]);
  const key = lender.org.payeeKey;
  const owed = { ...scheduleLine(key, 2, 300), employee_no: owing.employee_number, nrc: owing.nrc, name: 'Mutale Zulu' };
  const lines = [scheduleLine(key, 1, 250), owed, scheduleLine(key, 3, 400)];
  const theirs = scheduleLine(other.org.payeeKey, 1, 500);
  await completeInputs(
    [
      { token: lender.token, lines },
      { token: other.token, lines: [theirs] },
    ],
    compliance,
    authority.token,
  );

  await signInAt(page, authority.email, authority.password, `/payroll?month=${M}`);
  await expect(page.getByText(lender.org.orgName).first()).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/\.xlsx$/);
  await settled(page);
  await expectNoSeriousViolations(page, '/payroll as the payroll authority');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payroll-schedule.png`, fullPage: true });
  const schedule = okBody(await call(twin, getPayrollSchedule, { query: { month: M }, caller: authority.token }));
  const row = (line: (typeof lines)[number], amount: number, reason?: string) => ({
    employee_no: line.employee_no,
    nrc: line.nrc,
    payee_key: line.payee_key,
    amount,
    reason,
  });
  const appliedRows = [
    row(lines[0]!, 250),
    row(lines[1]!, 100, 'INSUFFICIENT PAY'),
    { ...row(lines[0]!, 80), employee_no: employee.employee_number, nrc: employee.nrc },
    row(theirs, 500),
  ];
  const file = appliedWorkbook(appliedRows);

  await page.goto('/upload');
  const screen = uploadScreen(page);
  await screen.chooseType('Applied deductions (.xlsx)');
  await expect(screen.payeeKey()).toBeHidden();
  await page.getByRole('textbox', { name: /Schedule version/ }).fill(String(schedule.version));
  await screen.chooseFile('Applied deductions.xlsx', file);
  await screen.validate();
  await screen.button('Submit').click();
  await screen.expectMessage('Applied deductions submitted: 5 lines reconciled with the payroll schedule.');

  await page.goto('/reconciliation');
  const lenders = page.getByRole('table', { name: 'Reconciliation per lender' });
  await expect(lenders.getByRole('row')).toHaveCount(3);
  await lenders.getByRole('button', { name: lender.org.orgName }).click();
  const section = page.getByRole('region', { name: `Lines of ${lender.org.orgName} (${key})` });
  const table = section.getByRole('table', { name: 'Reconciliation lines' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(section.getByLabel('Lines by status')).toContainText('Unexpected: 1');
  await settled(page);
  await expectNoSeriousViolations(page, '/reconciliation as the payroll authority');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reconciliation-authority.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Short' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('INSUFFICIENT PAY');
  // The lender's CSV is made on its first download.
  const csv = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/^reconciliation-.+\.csv$/);
  expect(await readFile((await csvFile.path())!, 'utf8')).toContain(`${lines[1]!.employee_no},`);

  // The 12-month chart of each lender's collection rate, with its values as a table.
  const chart = page.getByTestId('collection-chart');
  await expect(chart.getByRole('img', { name: /Collection rate per lender/ })).toBeVisible();
  await chart.getByRole('button', { name: 'Show the values as a table' }).click();
  // A row for each lender of the month (other specs on the same twin may add lenders of other months).
  const rates = chart.getByRole('table', { name: 'Collection rate per lender and month' });
  for (const { org } of [lender, other]) await expect(rates.getByRole('row').filter({ hasText: org.orgName })).toHaveCount(1);

  // A second file for the month is proposed (the other lender's line short); another admin of the authority approves it.
  const corrected = appliedWorkbook([...appliedRows.slice(0, -1), row(theirs, 450, 'INSUFFICIENT PAY')]);
  await page.goto('/upload');
  await screen.chooseType('Applied deductions (.xlsx)');
  await page.getByRole('textbox', { name: /Schedule version/ }).fill(String(schedule.version));
  await screen.chooseFile('Applied deductions corrected.xlsx', corrected);
  await screen.validate();
  await screen.button('Submit').click();
  await screen.expectMessage(/Replacement proposed/);
  await page.goto('/reconciliation');
  await expect(page.getByTestId('replacement-own')).toBeVisible();
  await signOut(page);

  await signInAt(page, secondAdmin.email, secondAdmin.password, '/reconciliation');
  const replacement = page.getByRole('region', { name: 'Replacing the applied file' });
  await expect(replacement.getByTestId('replacement-summary')).toContainText(`proposed by ${authority.email}`);
  await expect(replacement.getByRole('table')).toContainText('−ZMW 50.00');
  await settled(page);
  await expectNoSeriousViolations(page, '/reconciliation with a replacement proposed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reconciliation-replacement.png`, fullPage: true });
  await replacement.getByRole('button', { name: 'Approve replacement' }).click();
  await page.getByRole('dialog', { name: 'Approve this replacement?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(replacement.getByTestId('replacement-outcome')).toContainText('Replacement approved');
  await expect(replacement.getByTestId('replacement-none')).toBeVisible();
  await expect(lenders).toContainText('ZMW 450.00');
  await signOut(page);

  await signInAt(page, lender.email, lender.password, '/reconciliation');
  await expect(page.getByRole('table', { name: 'Reconciliation lines' }).getByRole('row')).toHaveCount(5);
  // A shortfall is written as the replacement's table writes a change: a minus before the currency.
  await expect(page.getByText(/^−ZMW \d/).first()).toBeVisible();
  await expect(page.getByText(/ZMW -/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Reconciliation per lender' })).toHaveCount(0);
  await expect(page.getByText(other.org.orgName)).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, '/reconciliation as a lender');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reconciliation-lender.png`, fullPage: true });

  const number = `RS-${M.replace('-', '')}-${key}`;
  await page.goto('/remittances');
  const statements = page.getByRole('table', { name: 'Remittance statements' });
  await expect(statements.getByRole('row')).toHaveCount(2);
  await expect(statements).toContainText(number);
  await expect(statements).toContainText('Awaiting receipt');
  await statements.getByRole('button', { name: 'Record receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Record what arrived' });
  await receipt.getByRole('textbox', { name: /Amount received/ }).fill('400');
  await receipt.getByLabel(/Day it arrived/).fill(lusakaToday());
  await receipt.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByText(`${number}: ZMW 30.00 less arrived than the statement.`)).toBeVisible();
  await expect(statements).toContainText('Difference open');
  await settled(page);
  await expectNoSeriousViolations(page, '/remittances as a lender with a difference');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/remittances-lender.png`, fullPage: true });
  await statements.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve the difference' });
  await resolve.getByRole('textbox', { name: /Note/ }).fill('ZMW 30.00 withheld as bank charges, agreed with the payroll authority.');
  await resolve.getByRole('button', { name: 'Resolve difference' }).click();
  await expect(statements).toContainText('Difference resolved');
  await expect(statements).toContainText('ZMW 30.00 withheld as bank charges');
  await expect(page.getByText('Differences to resolve')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/remittances-resolved.png`, fullPage: true });

  await appliedOnHistory(page, owing.nrc);
  await signOut(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsEmployee(page, { nrc: owing.nrc, employeeNumber: owing.employee_number });
  await page.goto('/employee/deductions');
  const asked = page.getByTestId('deduction-card').filter({ hasText: lender.org.orgName });
  await expect(asked.getByTestId('deduction-applied')).toHaveText(/pay: ZMW 100\.00 of ZMW 300\.00 asked\.$/);
  await settled(page);
  await expectNoSeriousViolations(page, 'portal deductions with what the payroll deducted');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-applied-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

  // The employee is texted once the applied file is recorded, signs in on a phone and reports it in one tap.
  const unexpectedTexts = async () => (await textsTo(twin, employee.mobile)).filter((t) => t.body.includes('without an approved deduction'));
  await expect.poll(async () => (await unexpectedTexts()).length, { timeout: 30_000 }).toBe(1);
  expect((await unexpectedTexts())[0]!.body).toContain(`ZMW 80.00 was taken from your`);
  await signInAsEmployee(page, { nrc: employee.nrc, employeeNumber: employee.employee_number });
  // What was taken without approval is said under the month's total, which counts approved deductions only.
  await page.goto('/employee');
  await expect(page.getByTestId('home-total').getByTestId('taken-without-approval')).toContainText(`Plus ZMW 80.00 taken from your`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-home-unexpected-phone.png`, fullPage: true });
  await page.goto('/employee/deductions');
  await expect(page.getByTestId('total-this-month').getByTestId('taken-without-approval')).toContainText('You can report it above.');
  const taken = page.getByRole('region', { name: 'Taken without approval' });
  const card = taken.getByRole('article', { name: new RegExp(lender.org.orgName) });
  await expect(card).toContainText('ZMW 80.00');
  await settled(page);
  await expectNoSeriousViolations(page, '/employee/deductions with a deduction nobody approved');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-unexpected.png`, fullPage: true });
  await card.getByRole('button', { name: /^Report it/ }).click();
  await expect(taken.getByRole('status')).toContainText('We have sent your report to the lender');
  await expect(card).toContainText('You reported it.');
  await settled(page);
  await expectNoSeriousViolations(page, '/employee/deductions once reported');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-unexpected-reported.png`, fullPage: true });

  // The lender sees the employee's report marked "not approved" where its disputes are listed.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, lender.email, lender.password, '/disputes');
  const reported = page.getByTestId('dispute-row').filter({ has: page.getByTestId('not-approved') });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText('Opened by the employee');
  await settled(page);
  await expectNoSeriousViolations(page, '/disputes as a lender with a not approved report');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/disputes-not-approved.png`, fullPage: true });
});

/** The lender looks the employee up on /history until the payroll's answer, written off the API, is there. */
async function appliedOnHistory(page: Page, nrc: string) {
  await page.goto('/history');
  await page.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  const row = page.getByTestId('history-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(row.getByTestId('history-applied-status')).toHaveText('short', { timeout: 1000 });
  }).toPass();
  await expect(row).toContainText('INSUFFICIENT PAY');
  await expect(page.getByTestId('history-repayment')).toHaveText('0 of 1 month');
  await expect(page.getByRole('list', { name: 'Repayment record by month' })).toContainText('short');
  await settled(page);
  await expectNoSeriousViolations(page, '/history with what the payroll deducted');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-applied.png`, fullPage: true });
}
