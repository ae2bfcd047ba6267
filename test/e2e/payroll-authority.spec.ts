import { expect, type Page, test } from '@playwright/test';
import { PAYROLL_AUTHORITY_MESSAGES } from '#shared/api/settings.js';
import { decideSubmission } from '#shared/routes/reviews.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { call } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { clearPayrollAuthority, seedPmecOrganisation } from '../support/payroll-authority.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAs, signInAt, signOut, twinInfo } from './support.js';

/**
 * The payroll authority on /admin: with none designated the card says no register can be submitted; a super
 * admin chooses an approved PMEC organisation and saves it; a system admin reads it and cannot change it.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const card = (page: Page) => page.getByRole('form', { name: 'Payroll authority' });

test('a super admin designates the payroll authority on /admin; a system admin only reads it', async ({ page }) => {
  const ministry = await seedPmecOrganisation(twin, { orgId: crypto.randomUUID(), orgName: `Ministry of Finance Payroll ${Date.now().toString(36)}` });
  await clearPayrollAuthority(twin);

  await signInAs(page, ['super_admin']);
  await page.goto('/admin');
  await expect(page.getByTestId('payroll-authority-notice')).toContainText(PAYROLL_AUTHORITY_MESSAGES.unset);
  await expect(card(page).getByTestId('payroll-authority-unset')).toHaveText(PAYROLL_AUTHORITY_MESSAGES.unset);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payroll-authority-admin-top.png` });
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with no payroll authority');
  if (SHOTS) await card(page).screenshot({ path: `${SHOTS}/payroll-authority-unset.png` });

  // Save without a choice: the card says what to do, and nothing is sent.
  await card(page).getByRole('button', { name: 'Save payroll authority' }).click();
  await expect(card(page).getByText(PAYROLL_AUTHORITY_MESSAGES.choose)).toBeVisible();

  await card(page).getByRole('combobox', { name: 'PMEC organisation' }).fill(ministry.orgName);
  await page.getByRole('option', { name: ministry.orgName }).click();
  await card(page).getByRole('button', { name: 'Save payroll authority' }).click();
  await expect(page.getByText(PAYROLL_AUTHORITY_MESSAGES.saved(ministry.orgName))).toBeVisible();
  await expect(card(page).getByTestId('payroll-authority')).toHaveText(`The payroll authority is ${ministry.orgName}.`);
  await expect(card(page).getByTestId('payroll-authority-unset')).toHaveCount(0);
  await expect(page.getByTestId('payroll-authority-notice')).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with the payroll authority designated');
  if (SHOTS) await card(page).screenshot({ path: `${SHOTS}/payroll-authority-designated.png` });

  // A system admin sees the same authority, read-only.
  const sysAdmin = await createUser(twin, ['sys_admin']);
  await signOut(page);
  await signInAt(page, sysAdmin.email, sysAdmin.password, '/admin');
  await expect(card(page).getByTestId('payroll-authority')).toHaveText(`The payroll authority is ${ministry.orgName}.`);
  await expect(card(page).getByText('Only a super admin changes it.')).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Save payroll authority' })).toHaveCount(0);
  await expect(card(page).getByRole('combobox', { name: 'PMEC organisation' })).toHaveCount(0);
  if (SHOTS) await card(page).screenshot({ path: `${SHOTS}/payroll-authority-read-only.png` });
});

test("the payroll authority's schedule on /payroll: totals per lender, downloaded and frozen", async ({ page }) => {
  test.setTimeout(180_000); // a file through validation and two review decisions before the screen
  // A month of the 2010s no other spec submits for: one lender's COMPLETED inputs, and a stoppage of one of them.
  const month = `201${Math.floor(Math.random() * 10)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  const lender = await seededLender(twin);
  const [compliance, sysAdmin] = await Promise.all([createUser(twin, ['compliance']), createUser(twin, ['sys_admin'])]);
  const [complianceToken, sysToken] = await Promise.all([signIn(twin, compliance.email, compliance.password), signIn(twin, sysAdmin.email, sysAdmin.password)]);
  const api = submissionsApi(twin);
  const base = 400_000 + Math.floor(Math.random() * 500_000);
  const id = await api.submitWorkbook(
    lender.token,
    { kind: 'inputs', month, payeeKey: lender.org.payeeKey, fileName: 'schedule.xlsx' },
    workbook(inputsRows(month, lender.org.payeeKey, [nrcOf(1, base), nrcOf(2, base)], 275)),
  );
  for (const [decision, token] of [
    ['approve', complianceToken.idToken],
    ['complete', sysToken.idToken],
  ] as const) {
    expect((await call(twin, decideSubmission, { params: { id }, body: { decision }, caller: token })).status).toBe(200);
  }

  await signInAt(page, sysAdmin.email, sysAdmin.password, `/payroll?month=${month}`);
  await expect(page.getByRole('heading', { name: 'Payroll Schedule' })).toBeVisible();
  // Never drawn before: its event draws it while the screen says so, then shows it by itself.
  await expect(page.getByTestId('schedule-drawing')).toContainText('The schedule is being drawn from the COMPLETED submissions of the month.');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payroll-schedule-drawing.png`, fullPage: true });
  const table = page.getByRole('table', { name: `Totals per lender, ${month}` });
  await expect(table.getByRole('row', { name: new RegExp(lender.org.orgName) })).toContainText('ZMW 550.00');
  await expect(page.getByTestId('schedule-total')).toHaveText('ZMW 550.00');
  await expect(page.getByText('Not yet frozen')).toBeVisible();
  await expect(page.getByTestId('schedule-drawing')).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, '/payroll before the first download');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await downloaded).suggestedFilename()).toBe(`payroll-schedule-${month}-v1.csv`);
  await expect(page.getByText('Frozen', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Frozen .* by /)).toContainText(sysAdmin.email);
  await settled(page);
  await expectNoSeriousViolations(page, '/payroll frozen');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payroll-schedule.png`, fullPage: true });
});
