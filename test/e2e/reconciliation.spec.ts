import { expect, test, type Page } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { lusakaToday } from '#shared/rules/remittance.js';
import { disputesApi } from '../fixtures/disputes.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { signIn } from '../support/cognito.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine } from '../support/payroll-schedule.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAsEmployee, signInAt, signOut, twinInfo } from './support.js';

/**
 * The month closed in Chromium: with the month's schedule frozen, the payroll authority's admin uploads what the
 * payroll applied on /upload, naming the schedule's version, and submits it; on /reconciliation they see every
 * lender and one lender's lines by status; the lender sees its own lines only, then its remittance statement on
 * /remittances, records what arrived and resolves the difference with a note. What the payroll applied reaches borrower
 * history: the lender's /history marks the month short with the repayment record, and the employee's portal (360 px)
 * shows what was asked and what was deducted.
 */
const twin = twinInfo();
const M = currentMonth();
const SHOTS = process.env.E2E_SHOTS_DIR;

test('the authority uploads the applied deductions and sees each lender reconciled; a lender sees its own lines', async ({ page }) => {
  test.setTimeout(240_000);
  const [lender, other, authority] = [await prepareSubmitter(twin), await prepareSubmitter(twin), await payrollAuthorityAdmin(twin)];
  const key = lender.org.payeeKey;
  // An employee on the register whom the lender deducts from this month (inputs file, ingested): the short line.
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const employee = registerEntry({ first_name: 'Mutale', last_name: 'Zulu' });
  await addToCurrentRegister([employee]);
  await disputesApi(twin).deduct((await signIn(twin, lender.email, lender.password)).idToken, lender.org, M, [employee.nrc]);
  const owed = { ...scheduleLine(key, 2, 250), employee_no: 'E1', nrc: employee.nrc, name: 'Mutale Zulu' };
  const lines = [scheduleLine(key, 1, 250), owed, scheduleLine(key, 3, 400)];
  const theirs = scheduleLine(other.org.payeeKey, 1, 500);
  const schedule = await freezeSchedule(twin, M, [...lines, theirs], 1, { [key]: lender.org.orgName, [theirs.payee_key]: other.org.orgName });
  const row = (line: (typeof lines)[number], amount: number, reason?: string) => ({
    employee_no: line.employee_no,
    nrc: line.nrc,
    payee_key: line.payee_key,
    amount,
    reason,
  });
  const file = appliedWorkbook([
    row(lines[0]!, 250),
    row(lines[1]!, 100, 'INSUFFICIENT PAY'),
    { ...row(lines[0]!, 80), employee_no: 'EMP777777', nrc: '777777/10/1' },
    row(theirs, 500),
  ]);

  await signInAt(page, authority.email, authority.password, '/upload');
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
  await signOut(page);

  await signInAt(page, lender.email, lender.password, '/reconciliation');
  await expect(page.getByRole('table', { name: 'Reconciliation lines' }).getByRole('row')).toHaveCount(5);
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

  await appliedOnHistory(page, employee.nrc);
  await page.setViewportSize({ width: 360, height: 740 });
  await signOut(page);
  await signInAsEmployee(page, { nrc: employee.nrc, employeeNumber: employee.employee_number });
  await page.goto('/employee/deductions');
  const card = page.getByTestId('deduction-card').filter({ hasText: lender.org.orgName });
  await expect(card.getByTestId('deduction-applied')).toHaveText(/pay: ZMW 100\.00 of ZMW 250\.00 asked\.$/);
  await settled(page);
  await expectNoSeriousViolations(page, 'portal deductions with what the payroll deducted');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-applied-phone.png`, fullPage: true });
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
