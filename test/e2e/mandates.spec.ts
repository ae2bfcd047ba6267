import { expect, test, type Page } from '@playwright/test';
import { MANDATE_MESSAGES } from '../../shared/api/mandates.js';
import { currentMonth, lastDayOfMonth, shiftMonth } from '../../shared/rules/dates.js';
import { updateSettings } from '../../shared/routes/settings.js';
import { issueTestMandate, MANDATE_HEADER } from '../fixtures/mandates.js';
import { textsTo } from '../support/employee.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { workbook } from '../fixtures/submissions/workbooks.js';
import { call } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * Mandates in Chromium: the number and PIN reach the employee's phone (the twin's outbox), the lender
 * claims the mandate on /mandates and sees its terms, a file citing it raises no NO_MANDATE while a new
 * deduction without one is flagged, and with mandates required from this month the same file is blocked,
 * announced on the upload screen and on the sign-in slides.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const M = currentMonth();
const base = 300_000 + Math.floor(Math.random() * 90_000) * 10;
const nrc = (n: number) => `${base + n}/61/1`;
const rows = (payee: string, mandate: string) => [
  MANDATE_HEADER,
  [`MA${base + 1}`, nrc(1), `${M}-01`, lastDayOfMonth(M), 300, payee, 'Mwila', 'Banda', mandate],
  [`MA${base + 2}`, nrc(2), `${M}-01`, lastDayOfMonth(M), 250, payee, 'Chanda', 'Phiri', null],
];
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : undefined);

async function typePin(page: Page, pin: string) {
  await page.getByRole('textbox', { name: 'PIN' }).first().click();
  await page.keyboard.type(pin);
}

test.beforeAll(() => {
  Object.assign(process.env, twin.env);
});

test('a mandate from the employee’s phone to the lender’s claim and the files that cite it', async ({ page }) => {
  test.setTimeout(180_000);
  const lender = await prepareSubmitter(twin);
  const payee = lender.org.payeeKey;
  const admin = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  const mandate = await issueTestMandate(twin, { nrc: nrc(1), payee_key: payee, org_name: lender.org.orgName, max_monthly: 500, last_month: shiftMonth(M, 12) });
  const sms = (await textsTo(twin, mandate.mobile)).map((t) => t.body);
  expect(sms).toEqual([expect.stringContaining(mandate.number)]);
  expect(sms[0]).toContain(`PIN ${mandate.pin}`);

  try {
    // The lender claims it: a wrong PIN first, then the right one; the terms come back and the list shows it.
    await signInAt(page, lender.email, lender.password, '/mandates');
    await expect(page.getByTestId('mandates-empty')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mandate number' }).fill(mandate.number);
    await typePin(page, mandate.pin === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByText(MANDATE_MESSAGES.wrongPin(2))).toBeVisible();
    await page.getByRole('textbox', { name: 'PIN' }).first().click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await typePin(page, mandate.pin);
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    const terms = page.getByTestId('claimed-terms');
    await expect(terms).toContainText(MANDATE_MESSAGES.claimed(mandate.number));
    await expect(terms).toContainText(nrc(1));
    await expect(terms).toContainText('ZMW 500.00');
    await expect(page.getByRole('table', { name: 'Claimed mandates' })).toContainText(mandate.number);
    await shot(page, 'mandates-claimed');

    // A file citing it: no NO_MANDATE for that deduction; the new one without a mandate is flagged.
    await page.goto('/upload');
    const screen = uploadScreen(page);
    await screen.payeeKey().fill(payee);
    await screen.chooseFile('inputs with mandates.xlsx', workbook(rows(payee, mandate.number)));
    await screen.validate();
    const panel = page.getByRole('region', { name: 'Signals' });
    await expect(panel.getByTestId('signal-count-NO_MANDATE')).toHaveText('New deductions without a mandate: 1');
    await panel.getByRole('button', { name: /New deductions without a mandate/ }).click();
    await expect(panel.getByText('A new deduction must cite the employee’s mandate in the MANDATE column.')).toBeVisible();
    await expect(screen.list('errors')).toHaveCount(0);
    await shot(page, 'mandates-signal');

    // Mandates required from this month: the notice, and the same file now has a blocking error.
    expect((await call(twin, updateSettings, { body: { mandates: { required_from: M } }, caller: admin })).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('mandate-notice')).toContainText(`From ${M}, every new deduction must cite`);
    await screen.payeeKey().fill(payee);
    await screen.chooseFile('inputs with mandates.xlsx', workbook(rows(payee, mandate.number)));
    await screen.validate();
    await expect(screen.list('errors')).toContainText('A new deduction must cite the employee’s mandate in the MANDATE column.');
    await screen.button('Submit').click();
    await screen.expectMessage(/error/i);
    await shot(page, 'mandates-blocked');
    await signOut(page);

    // The sign-in slides announce it.
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: `Mandates required from ${M}` })).toBeAttached();
  } finally {
    await call(twin, updateSettings, { body: { mandates: { required_from: null } }, caller: admin });
  }
});
