import { expect, type Page, test } from '@playwright/test';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { monthName } from '#shared/rules/submission-window.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { uploadScreen } from '../fixtures/submissions/ui.js';
import { expectStatus } from '../support/api.js';
import { appliedFlow, appliedRow } from '../support/applied-flow.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { appliedWorkbook, freezeSchedule, scheduleLine } from '../support/payroll-schedule.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAt, twinInfo } from './support.js';

/**
 * The month's applied deductions in parts, in Chromium: one part recorded, /reconciliation shows the lender no part
 * answers yet as awaited; the payroll authority uploads the second part on /upload naming its payee key, and the month is whole.
 */
const twin = twinInfo();
// A month of its own: the whole-month spec records the current month's applied file on the same twin, and the
// submission window's spec files lenders' inputs for last month.
const M = shiftMonth(currentMonth(), -2);

/** Chooses M on the screen's month picker (labelled `label`), a year back when M is in the previous year. */
async function chooseMonth(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  if (M.slice(0, 4) !== currentMonth().slice(0, 4)) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByRole('button', { name: monthName(M).slice(0, 3), exact: true }).click();
}
const SHOTS = process.env.E2E_SHOTS_DIR;

test('the applied deductions sent in two parts: the lender not yet answered is awaited, then the second part completes the month', async ({ page }) => {
  test.setTimeout(180_000);
  Object.assign(process.env, twin.env);
  const [lender, other, authority] = [await seededLender(twin), await seededLender(twin), await payrollAuthorityAdmin(twin)];
  const a = scheduleLine(lender.org.payeeKey, 1, 300);
  const b = scheduleLine(other.org.payeeKey, 2, 500);
  await freezeSchedule(twin, M, [a, b], 1, { [lender.org.payeeKey]: lender.org.orgName, [other.org.payeeKey]: other.org.orgName });
  const flow = appliedFlow(twin);
  const first = await flow.validate(authority.token, M, [appliedRow(a, 300)], 1, [lender.org.payeeKey]);
  expectStatus(await flow.submit(authority.token, first.id), 200);

  await signInAt(page, authority.email, authority.password, '/reconciliation');
  await chooseMonth(page, 'Month');
  const awaiting = page.getByRole('alert').filter({ hasText: "Awaiting the payroll's applied file" });
  await expect(awaiting).toContainText(`${other.org.orgName} (${other.org.payeeKey})`);
  await settled(page);
  await expectNoSeriousViolations(page, 'reconciliation, a lender awaited');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reconciliation-awaiting.png`, fullPage: true });

  await page.goto('/upload');
  const screen = uploadScreen(page);
  await screen.chooseType('Applied deductions (.xlsx)');
  await chooseMonth(page, 'Submission month');
  await page.getByRole('textbox', { name: /Schedule version/ }).fill('1');
  await page.getByRole('textbox', { name: 'Payee keys of this part' }).fill(other.org.payeeKey);
  await screen.chooseFile('Applied deductions part 2.xlsx', appliedWorkbook([appliedRow(b, 450, 'INSUFFICIENT PAY')]));
  await screen.validate();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/upload-applied-part.png`, fullPage: true });
  await screen.button('Submit').click();
  await screen.expectMessage('Applied deductions submitted: 1 lines reconciled with the payroll schedule.');

  await page.goto('/reconciliation');
  await chooseMonth(page, 'Month');
  await expect(page.getByRole('table', { name: 'Reconciliation per lender' }).getByRole('row')).toHaveCount(3);
  await expect(awaiting).toBeHidden();
});
