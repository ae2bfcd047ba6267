import { expect, test, type Page } from '@playwright/test';
import { PORTAL_MESSAGES } from '#shared/api/portal.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { disputesApi } from '../fixtures/disputes.js';
import { prepareSubmitter } from '../fixtures/submissions/ui.js';
import { okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAsEmployee, signInAt, twinInfo } from './support.js';

/**
 * The employee portal end to end: the employee is on PMEC's register; a lender submits a file carrying
 * their NRC and looks them up on Borrower History; the employee signs in with the texted code, sees the
 * deduction and the lender's lookup, reports the deduction with a photo; compliance sees the report in
 * the disputes queue, marked as opened by the employee. The lender's file itself shows as a check of their details. Every portal screen is checked with axe at
 * 360 px (and the deductions, lookups and reports again on a desktop).
 */
const twin = twinInfo();
const api = disputesApi(twin);
const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1360, height: 860 };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

async function look(page: Page, state: string, shot: string) {
  await settled(page);
  await expectNoSeriousViolations(page, state);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

const open = async (page: Page, link: string, heading: string) => {
  await page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
};

test('an employee sees a deduction and the lender’s lookup, reports it, and compliance sees the report', async ({ page, browser }) => {
  test.setTimeout(240_000);
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const entry = registerEntry({ first_name: 'Mwape', last_name: 'Banda' });
  await addToCurrentRegister([entry]);

  // Before any lender names them: every portal screen says there is nothing yet.
  await page.setViewportSize(PHONE);
  await signInAsEmployee(page, { nrc: entry.nrc, employeeNumber: entry.employee_number });
  await open(page, 'My deductions', 'Your deductions');
  await expect(page.getByTestId('portal-empty')).toHaveText('There are no deductions to show.');
  await look(page, 'portal deductions: none', 'portal-deductions-empty-phone');
  await open(page, 'Who looked', 'Who looked at your record');
  await expect(page.getByTestId('portal-empty')).toBeVisible();
  await look(page, 'portal lookups: none', 'portal-lookups-empty-phone');
  await open(page, 'My reports', 'Your reports');
  await expect(page.getByTestId('portal-empty')).toBeVisible();
  await look(page, 'portal reports: none', 'portal-reports-empty-phone');

  // A lender submits a file carrying the NRC, then looks the NRC up on Borrower History.
  const lender = await prepareSubmitter(twin);
  const month = shiftMonth(currentMonth(), -1);
  await api.deduct((await signIn(twin, lender.email, lender.password)).idToken, lender.org, month, [entry.nrc]);
  const staff = await browser.newPage({ viewport: DESKTOP });
  await signInAt(staff, lender.email, lender.password, '/history');
  await staff.getByRole('textbox', { name: 'NRC' }).fill(entry.nrc);
  await staff.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(staff.getByTestId('history-row').first()).toBeVisible();

  // The employee sees the deduction, with what they pay this month, and the lender's lookup.
  await open(page, 'My deductions', 'Your deductions');
  const card = page.getByTestId('deduction-card').filter({ hasText: lender.org.orgName });
  await expect(card).toContainText('ZMW 250.00');
  await expect(card).toContainText('Submitted by the lender');
  await expect(card).toContainText('This deduction is new');
  await look(page, 'portal deductions: one', 'portal-deductions-phone');
  // Home says it first: what they pay this month (last month's deduction has ended), and the new deduction to look at.
  await open(page, 'Home', 'Hello, Mwape');
  await expect(page.getByTestId('home-total')).toContainText('ZMW 0.00');
  await expect(
    page.getByTestId('home-attention').getByRole('link', { name: new RegExp(`New deduction: ${lender.org.orgName} takes ZMW 250.00`) }),
  ).toBeVisible();
  for (const name of ['My deductions', 'Who looked', 'My reports', 'Mandates'])
    await expect(page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name })).toBeVisible();
  await look(page, 'portal home: one deduction', 'portal-home-phone');
  await open(page, 'Who looked', 'Who looked at your record');
  await expect(page.getByTestId('lookup-item').first()).toContainText(lender.org.orgName);
  await expect(page.getByTestId('lookup-item').first()).toContainText('looked at your deductions');
  // The file that named them was a lookup too, once, when it was validated.
  await expect(page.getByTestId('lookup-item').filter({ hasText: `${lender.org.orgName} checked your details in a file` })).toHaveCount(1);
  await look(page, 'portal lookups: one', 'portal-lookups-phone');

  // They report it: the form asks why first, then sends the reason and a photo.
  await open(page, 'My deductions', 'Your deductions');
  await card.getByRole('button', { name: /This is not mine \/ I did not agree to this/ }).click();
  const form = page.getByRole('dialog', { name: 'Report this deduction' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText(PORTAL_MESSAGES.reason)).toBeVisible();
  await look(page, 'portal report form: reason missing', 'portal-report-form-phone');
  await form.getByRole('textbox', { name: 'Why is this deduction wrong?' }).fill('I never borrowed from this lender and never signed anything.');
  await form.locator('input[type=file]').setInputFiles({ name: 'payslip.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByRole('status')).toContainText(PORTAL_MESSAGES.reported);
  await look(page, 'portal report form: sent', 'portal-report-sent-phone');
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('Reported: Waiting for the lender');
  await expect(card.getByRole('button', { name: /This is not mine/ })).toHaveCount(0);
  await open(page, 'My reports', 'Your reports');
  const report = page.getByTestId('my-dispute').filter({ hasText: lender.org.orgName });
  await expect(report).toContainText('Waiting for the lender');
  await expect(report).toContainText('You reported it');
  await look(page, 'portal reports: one', 'portal-reports-phone');

  // The same screens on a desktop: the deductions as a table.
  await page.setViewportSize(DESKTOP);
  await open(page, 'My deductions', 'Your deductions');
  await expect(page.getByTestId('deductions-table').getByTestId('deduction-row').filter({ hasText: lender.org.orgName })).toContainText(
    'Reported: Waiting for the lender',
  );
  await look(page, 'portal deductions: desktop', 'portal-deductions-desktop');
  await open(page, 'Who looked', 'Who looked at your record');
  await look(page, 'portal lookups: desktop', 'portal-lookups-desktop');
  await open(page, 'My reports', 'Your reports');
  await look(page, 'portal reports: desktop', 'portal-reports-desktop');

  // Compliance sees it in the disputes queue, marked as the employee's, with the photo.
  const compliance = await createUser(twin, ['compliance']);
  const reviewer = await browser.newPage({ viewport: DESKTOP });
  await signInAt(reviewer, compliance.email, compliance.password, '/disputes');
  const row = reviewer.getByTestId('dispute-row').filter({ hasText: entry.nrc });
  await expect(row.getByTestId('opened-by-employee')).toHaveText('Opened by the employee');
  await row.getByRole('button', { name: `Decide the dispute on ${entry.nrc}` }).click();
  const drawer = reviewer.getByRole('dialog', { name: 'Dispute' });
  await expect(drawer).toContainText('Opened by the employee in the portal');
  await expect(drawer.getByRole('link', { name: 'payslip.jpg' })).toBeVisible();
  if (SHOTS) await reviewer.screenshot({ path: `${SHOTS}/portal-dispute-in-queue.png`, fullPage: true });

  // Upheld: the deduction is marked, says what happens next, and leaves what they pay.
  const complianceToken = (await signIn(twin, compliance.email, compliance.password)).idToken;
  const reported = okBody(await api.list(complianceToken)).items.find((d) => d.nrc === entry.nrc)!;
  expect((await api.decide(complianceToken, reported.id, { decision: 'upheld', note: 'The lender showed no signed form.' })).status).toBe(200);
  await page.setViewportSize(PHONE);
  await page.reload();
  await open(page, 'My deductions', 'Your deductions');
  await expect(page.getByTestId('total-this-month')).toContainText('ZMW 0.00');
  await expect(page.getByTestId('total-this-month')).toContainText('Deductions decided in your favour are left out');
  await expect(card.getByTestId('decided-in-favour')).toHaveText(
    'Decided in your favour: the lender must stop this deduction or refund you. It is not counted in what you pay.',
  );
  await look(page, 'portal deductions: decided in their favour', 'portal-deductions-upheld-phone');
});
