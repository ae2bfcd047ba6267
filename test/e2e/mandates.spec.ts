import { expect, test, type Locator, type Page } from '@playwright/test';
import { MANDATE_MESSAGES } from '#shared/api/mandates.js';
import { getMandateRequirement } from '#shared/routes/mandates.js';
import { updateSettings } from '#shared/routes/settings.js';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { MANDATE_HEADER, seedEmployeeMandates } from '../fixtures/mandates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { workbook } from '../fixtures/submissions/workbooks.js';
import { call } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { textsTo } from '../support/employee.js';
import { addToCurrentRegister, registerEntry } from '../support/register.js';
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

const PHONE = { width: 360, height: 740 };

/** Every element `locator` finds lies whole inside the viewport. */
async function expectInsideViewport(page: Page, locator: Locator) {
  const { width, height } = page.viewportSize()!;
  const boxes = await Promise.all((await locator.all()).map((element) => element.boundingBox()));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
  }
}

async function typePin(page: Page, pin: string) {
  await page.getByRole('textbox', { name: 'PIN' }).first().click();
  await page.keyboard.type(pin);
}

test.beforeAll(() => {
  Object.assign(process.env, twin.env);
});

test('a mandate from the employee’s phone to the lender’s claim and the files that cite it', async ({ page }) => {
  test.setTimeout(240_000);
  const lender = await prepareSubmitter(twin);
  const payee = lender.org.payeeKey;
  const admin = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;

  // The employee gives the lender a mandate in the portal, at a phone's width.
  await addToCurrentRegister([employee]);
  await page.setViewportSize(PHONE);
  await signInAsEmployee(page, { nrc: employee.nrc, employeeNumber: employee.employee_number });
  await page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: 'Mandates' }).click();
  await expect(page.getByTestId('my-mandates-empty')).toBeVisible();
  await page.getByRole('textbox', { name: /Lender’s code/ }).fill(payee.toLowerCase());
  await page.getByRole('button', { name: 'Find lender' }).click();
  await expect(page.getByTestId('mandate-lender')).toContainText(lender.org.orgName);
  await page.getByRole('textbox', { name: /Most it may deduct/ }).fill('500');
  // The month picker at 360 px: styled, every control on the screen, months before this one disabled and looking it.
  await page.getByRole('button', { name: /Last month of the deduction/ }).click();
  const picker = page.locator('[data-dates-dropdown]');
  await expect(picker.getByRole('button', { name: 'Next year' })).toBeVisible();
  await expectInsideViewport(page, picker.locator('button'));
  const cursorOf = (control: Locator) => control.evaluate((element) => getComputedStyle(element).cursor);
  const enabled = picker.locator('button[data-picker-control]:not([data-disabled])').first();
  expect(await cursorOf(enabled)).toBe('pointer');
  if (M.slice(5) !== '01') {
    const disabled = picker.locator('button[data-picker-control][data-disabled]').first();
    await expect(disabled).toBeDisabled();
    expect(await cursorOf(disabled)).toBe('not-allowed');
  }
  if (SHOTS) await picker.screenshot({ path: `${SHOTS}/mandates-month-picker-360.png` });
  // A loan ending next year.
  await picker.getByRole('button', { name: 'Next year' }).click();
  await expectInsideViewport(page, picker.locator('button'));
  await picker.getByRole('button', { name: /^Dec/ }).first().click();
  await expect(page.getByRole('button', { name: /Last month of the deduction/ })).toContainText(`December ${Number(M.slice(0, 4)) + 1}`);
  await page.getByRole('button', { name: `Give mandate to ${lender.org.orgName}` }).click();
  const number = (await page.getByTestId('mandate-number').textContent())!.trim();
  expect(number).toMatch(/^MD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  const given = page.getByTestId('my-mandate').filter({ hasText: number });
  await expect(given.getByTestId('my-mandate-state')).toHaveText('Waiting for the lender');
  await expect(given.getByTestId('my-mandate-expiry')).toHaveText(/^Expires on \d{1,2} [A-Z][a-z]{2} \d{4} unless the lender claims it\.$/);
  await expect(page.getByTestId('mandate-given')).toContainText('expires on');
  await shot(page, 'mandates-portal-given');
  // Revoking asks first; "Keep it" keeps it.
  await given.getByRole('button', { name: `Revoke mandate ${number}` }).click();
  await expect(given.getByTestId('revoke-confirm')).toContainText(`Revoke this mandate? ${lender.org.orgName} can then never use it.`);
  await shot(page, 'mandates-portal-revoke-confirm');
  await given.getByRole('button', { name: 'Keep it' }).click();
  await expect(given.getByTestId('revoke-confirm')).toHaveCount(0);
  await expect(given.getByTestId('my-mandate-state')).toHaveText('Waiting for the lender');
  await settled(page);
  await expectNoSeriousViolations(page, '/employee/mandates with a mandate given, at 360 px');
  const sms = (await textsTo(twin, employee.mobile)).map((t) => t.body).filter((body) => body.includes(number));
  expect(sms).toHaveLength(1);
  const pin = /PIN (\d{6})/.exec(sms[0]!)?.[1] ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  await expect(page.getByText(pin)).toHaveCount(0);

  // Older mandates come a page at a time: Load more, at 360 px.
  await seedEmployeeMandates(
    employee,
    payee,
    Array.from({ length: 60 }, (_, i) => ({ state: 'revoked' as const, issuedAt: Date.now() - 86_400_000 - i * 1000 })),
  );
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

    // At 360 px: the claimed mandates as cards, nothing wider than the screen, the whole menu on it.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('claimed-mandate').filter({ hasText: mandate.number })).toContainText('Claimed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.locator('.mantine-Button-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await menu.click();
    await expectInsideViewport(page, page.getByRole('menu'));
    await shot(page, 'mandates-lender-menu-360');
    await page.keyboard.press('Escape');
    await settled(page);
    await expectNoSeriousViolations(page, '/mandates at 360 px');
    await shot(page, 'mandates-claimed-360');
    await page.setViewportSize({ width: 1360, height: 860 });

    // A file citing it: no NO_MANDATE for that deduction; the new one without a mandate is flagged.
    await page.goto('/upload');
    const screen = uploadScreen(page);
    await screen.payeeKey().fill(payee);
    await screen.chooseFile('inputs with mandates.xlsx', workbook(rows(payee, mandate.number)));
    await screen.validate();
    const panel = page.getByRole('region', { name: 'Signals' });
    await expect(panel.getByTestId('signal-count-NO_MANDATE')).toHaveText('New deductions without a mandate: 1');
    // Not required yet: the panel says signals never block (NO_MANDATE red only once required, below).
    const colourOf = (badge: Locator) => badge.evaluate((element) => getComputedStyle(element).color);
    const notRequired = await colourOf(panel.getByTestId('signal-count-NO_MANDATE'));
    await expect(panel.getByTestId('signals-aside')).toHaveText('Never block a submission');
    await panel.getByRole('button', { name: /New deductions without a mandate/ }).click();
    await expect(panel.getByText('A new deduction must cite the employee’s mandate in the MANDATE column.')).toBeVisible();
    await expect(screen.list('errors')).not.toContainText('MANDATE');
    await shot(page, 'mandates-signal');

    // Mandates required from this month: the notice, and the same file now has a blocking error.
    expect((await call(twin, updateSettings, { body: { mandates: { required_from: M } }, caller: admin })).status).toBe(200);
    // The public announcement is read from settings at most five seconds old (a warm function's copy): wait for it.
    await expect.poll(async () => (await call(twin, getMandateRequirement, {})).body, { timeout: 20_000 }).toEqual({ required_from: M });
    await page.reload();
    await expect(page.getByTestId('mandate-notice')).toContainText(`From ${M}, every new deduction must cite`);
    await screen.payeeKey().fill(payee);
    await screen.chooseFile('inputs with mandates.xlsx', workbook(rows(payee, mandate.number)));
    await screen.validate();
    await expect(screen.list('errors')).toContainText('A new deduction must cite the employee’s mandate in the MANDATE column.');
    await expect(panel.getByTestId('signals-aside')).toHaveText('Never block a submission, except a new deduction without a mandate (an error this month)');
    expect(await colourOf(panel.getByTestId('signal-count-NO_MANDATE'))).not.toBe(notRequired);
    await screen.button('Submit').click();
    await screen.expectMessage(/error/i);
    await shot(page, 'mandates-blocked');
    await signOut(page);

    // The sign-in slides announce it.
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: `Mandates required from ${M}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with your NRC' })).toHaveAttribute('href', '/employee');
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

    // The lender's file citing it goes in: the employee's phone says the deduction is made under the mandate.
    const lenderToken = (await signIn(twin, lender.email, lender.password)).idToken;
    const files = submissionsApi(twin);
    const submitted = await files.submitWorkbook(
      lenderToken,
      { kind: 'inputs', month: M, payeeKey: payee, fileName: 'cited.xlsx' },
      workbook(rows(payee, mandate.number).slice(0, 2)),
    );
    expect((await files.waitForIngestion(lenderToken, submitted)).ingestion?.status).toBe('done');
    await page.setViewportSize(PHONE);
    await signInAsEmployee(page, { nrc: employee.nrc, employeeNumber: employee.employee_number });
    await expect(page.getByTestId('home-lender').filter({ hasText: lender.org.orgName })).toContainText(`Under your mandate ${mandate.number}`);
    await expect(page.getByTestId('home-total')).toContainText('ZMW 300.00');
    await shot(page, 'mandates-portal-home-covered');
    await page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: 'My deductions' }).click();
    await expect(page.getByTestId('deduction-card').filter({ hasText: lender.org.orgName }).getByTestId('deduction-mandate')).toHaveText(
      `Made under your mandate ${mandate.number}`,
    );
    await page.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: 'Mandates' }).click();
    const monthName = new Date(`${M}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(page.getByTestId('my-mandate').filter({ hasText: mandate.number }).getByTestId('my-mandate-state')).toHaveText(`Used from ${monthName}`);
    await settled(page);
    await expectNoSeriousViolations(page, '/employee/mandates with a used mandate, at 360 px');
    await shot(page, 'mandates-portal-used');
  } finally {
    await call(twin, updateSettings, { body: { mandates: { required_from: null } }, caller: admin });
  }
});
