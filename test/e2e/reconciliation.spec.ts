import { expect, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { lusakaToday } from '#shared/rules/remittance.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine } from '../support/payroll-schedule.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * The month closed in Chromium: with the month's schedule frozen, the payroll authority's admin uploads what the
 * payroll applied on /upload, naming the schedule's version, and submits it; on /reconciliation they see every
 * lender and one lender's lines by status; the lender sees its own lines only, then its remittance statement on
 * /remittances, records what arrived and resolves the difference with a note.
 */
const twin = twinInfo();
const M = currentMonth();
const SHOTS = process.env.E2E_SHOTS_DIR;

test('the authority uploads the applied deductions and sees each lender reconciled; a lender sees its own lines', async ({ page }) => {
  test.setTimeout(180_000);
  const [lender, other, authority, secondAdmin] = [
    await prepareSubmitter(twin),
    await prepareSubmitter(twin),
    await payrollAuthorityAdmin(twin),
    await payrollAuthorityAdmin(twin),
  ];
  const key = lender.org.payeeKey;
  const lines = [scheduleLine(key, 1, 250), scheduleLine(key, 2, 300), scheduleLine(key, 3, 400)];
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

  // The 12-month chart of each lender's collection rate, with its values as a table.
  const chart = page.getByTestId('collection-chart');
  await expect(chart.getByRole('img', { name: /Collection rate per lender/ })).toBeVisible();
  await chart.getByRole('button', { name: 'Show the values as a table' }).click();
  await expect(chart.getByRole('table', { name: 'Collection rate per lender and month' }).getByRole('row')).toHaveCount(3);

  // A second file for the month is proposed; another admin of the authority approves it.
  const corrected = appliedWorkbook([
    row(lines[0]!, 250),
    row(lines[1]!, 100, 'INSUFFICIENT PAY'),
    { ...row(lines[0]!, 80), employee_no: 'EMP777777', nrc: '777777/10/1' },
    row(theirs, 450, 'INSUFFICIENT PAY'),
  ]);
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
});
