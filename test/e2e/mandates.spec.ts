import { expect, test, type Page } from '@playwright/test';
import { MANDATE_MESSAGES } from '../../shared/api/mandates.js';
import { currentMonth, lastDayOfMonth } from '../../shared/rules/dates.js';
import { updateSettings } from '../../shared/routes/settings.js';
import { MANDATE_HEADER, seedEmployeeMandates } from '../fixtures/mandates.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';
import { textsTo } from '../support/employee.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { workbook } from '../fixtures/submissions/workbooks.js';
import { call } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAsEmployee, signInAt, signOut, twinInfo } from './support.js';

/**
 * Mandates in Chromium: an employee gives a lender a mandate in the portal (the number on screen, number
 * and PIN by SMS to the register's mobile, in the twin's outbox), the lender
 * claims the mandate on /mandates and sees its terms, a file citing it raises no NO_MANDATE while a new
 * deduction without one is flagged, and with mandates required from this month the same file is blocked,
 * announced on the upload screen and on the sign-in slides.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const M = currentMonth();
const base = 300_000 + Math.floor(Math.random() * 90_000) * 10;
const nrc = (n: number) => `${base + n}/61/1`;
const employee = registerEntry({ nrc: nrc(1) });
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

  // The employee gives the lender a mandate in the portal, at a phone's width.
  await addToCurrentRegister([employee]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsEmployee(page, { nrc: employee.nrc, employeeNumber: employee.employee_number });
  await page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: 'Mandates' }).click();
  await expect(page.getByTestId('my-mandates-empty')).toBeVisible();
  await page.getByRole('textbox', { name: /Lender’s code/ }).fill(payee.toLowerCase());
  await page.getByRole('button', { name: 'Find lender' }).click();
  await expect(page.getByTestId('mandate-lender')).toContainText(lender.org.orgName);
  await page.getByRole('textbox', { name: /Most it may deduct/ }).fill('500');
  await page.getByRole('button', { name: /Last month of the deduction/ }).click();
  await page.getByRole('button', { name: 'Next year' }).click();
  await page.getByRole('button', { name: /^Dec/ }).first().click();
  await page.getByRole('button', { name: `Give mandate to ${lender.org.orgName}` }).click();
  const number = (await page.getByTestId('mandate-number').textContent())!.trim();
  expect(number).toMatch(/^MD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(page.getByTestId('my-mandate').filter({ hasText: number }).getByTestId('my-mandate-state')).toHaveText('Issued');
  await shot(page, 'mandates-portal-given');
  await settled(page);
  await expectNoSeriousViolations(page, '/employee/mandates with a mandate given, at 390 px');
  const sms = (await textsTo(twin, employee.mobile)).map((t) => t.body).filter((body) => body.includes(number));
  expect(sms).toHaveLength(1);
  const pin = /PIN (\d{6})/.exec(sms[0]!)?.[1] ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  await expect(page.getByText(pin)).toHaveCount(0);

  // Older mandates come a page at a time: Load more, at 360 px.
  await seedEmployeeMandates(employee, payee, Array.from({ length: 60 }, (_, i) => ({ state: 'revoked' as const, issuedAt: Date.now() - 86_400_000 - i * 1000 })));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId('my-mandate')).toHaveCount(50);
  await page.getByTestId('my-mandates-more').scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mandates-portal-load-more.png` });
  await page.getByTestId('my-mandates-more').click();
  await expect(page.getByTestId('my-mandate')).toHaveCount(61);
  await expect(page.getByTestId('my-mandates-more')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.setViewportSize({ width: 1360, height: 860 });
  const mandate = { number, pin };

  try {
    // The lender claims it: a wrong PIN first, then the right one; the terms come back and the list shows it.
    await signInAt(page, lender.email, lender.password, '/mandates');
    await expect(page.getByTestId('mandates-empty')).toBeVisible();
    await expectNoSeriousViolations(page, '/mandates with none claimed');
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
    await settled(page);
    await expectNoSeriousViolations(page, '/mandates with a claim answered and the list loaded');

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
    await expect(screen.list('errors')).not.toContainText('MANDATE');
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
    await expect(page.getByRole('heading', { name: `Mandates required from ${M}` })).toBeVisible();
    await shot(page, 'mandates-signin-slide');

    // A platform admin sees it on /admin and turns it off there.
    await signInAt(page, twin.admin.email, twin.admin.password, '/admin');
    const card = page.getByRole('form', { name: 'Mandates required' });
    await expect(card.getByRole('button', { name: /Required from/ })).toContainText(/\d{4}/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mandates-admin-setting');
    await card.getByRole('button', { name: 'Clear' }).click();
    await card.getByRole('button', { name: 'Save mandates' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(card.getByRole('button', { name: /Required from/ })).toContainText('Not required');
  } finally {
    await call(twin, updateSettings, { body: { mandates: { required_from: null } }, caller: admin });
  }
});
