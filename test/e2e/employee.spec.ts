import { expect, type Page, test } from '@playwright/test';
import type { RegisterEntry } from '#data/register/versions.js';
import { EMPLOYEE_MESSAGES } from '#shared/api/employee.js';
import { latestCode } from '../support/employee.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAs, signInAsEmployee, twinInfo } from './support.js';

/**
 * The employee's door in the browser: /employee, NRC and employee number, the code texted to the payroll
 * register's mobile (the twin's outbox), the portal, sign-out; a staff session and an employee's kept apart.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;

async function onRegister(overrides: Partial<RegisterEntry> = {}): Promise<RegisterEntry> {
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const entry = registerEntry(overrides);
  await addToCurrentRegister([entry]);
  return entry;
}

async function askForCode(page: Page, nrc: string, employeeNumber: string) {
  await page.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  await page.getByRole('textbox', { name: 'Employee number' }).fill(employeeNumber);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText(EMPLOYEE_MESSAGES.codeSent);
}

/** Every screen's link in the portal's menu, each whole inside the viewport (none scrolled out of sight). */
async function expectWholeMenu(page: Page) {
  const width = page.viewportSize()!.width;
  const links = page.getByRole('navigation', { name: 'Your portal' }).getByRole('link');
  await expect(links).toHaveText(['Home', 'My deductions', 'Who looked', 'My reports', 'Mandates']);
  for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

// On the phone the employee says it is a shared one: the session stays in that tab. On the desktop, their
// own, the session is the browser's: the SMS link opened in a new tab is signed in too.
for (const [device, viewport, shared] of [
  ['phone', { width: 360, height: 740 }, true],
  ['desktop', { width: 1360, height: 860 }, false],
] as const) {
  test(`on a ${device}: a wrong code is told, the right one signs in, ${shared ? 'a shared phone keeps it to one tab' : 'a new tab is signed in too'}, and sign-out ends the session`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const entry = await onRegister({ first_name: 'Mwape', last_name: 'Banda' });
    await page.goto('/employee');
    await settled(page);
    await expectNoSeriousViolations(page, '/employee: the details');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/employee-sign-in-${device}.png`, fullPage: true });

    // Details left out: each field says what to enter, read out with it, and the first takes the focus.
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const nrc = page.getByRole('textbox', { name: 'NRC' });
    await expect(nrc).toBeFocused();
    await expect(nrc).toHaveAttribute('aria-invalid', 'true');
    await expect(nrc).toHaveAccessibleDescription(`As on your card, for example 123456/78/9 ${EMPLOYEE_MESSAGES.nrc}`);
    await expect(page.getByRole('textbox', { name: 'Employee number' })).toHaveAccessibleDescription(`As on your payslip ${EMPLOYEE_MESSAGES.employeeNumber}`);
    await expectNoSeriousViolations(page, '/employee: details left out');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/employee-details-missing-${device}.png`, fullPage: true });

    await askForCode(page, entry.nrc, entry.employee_number);
    const code = page.getByRole('textbox', { name: 'Code' });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await code.fill('000000' === (await latestCode(twin, entry.mobile)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(EMPLOYEE_MESSAGES.wrongCode);
    await expectNoSeriousViolations(page, '/employee: a wrong code');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/employee-wrong-code-${device}.png`, fullPage: true });

    await code.fill(await latestCode(twin, entry.mobile));
    const sharedPhone = page.getByRole('checkbox', { name: 'This is a shared phone' });
    await expect(sharedPhone).not.toBeChecked();
    if (shared) await sharedPhone.check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Mwape' })).toBeVisible();
    await expect(page.getByText(entry.employee_number)).toBeVisible();
    await expect(page.getByTestId('home-total')).toContainText('ZMW 0.00');
    await expect(page.getByTestId('home-screens').getByRole('link')).toHaveCount(4);
    await expectWholeMenu(page);

    const newTab = await page.context().newPage();
    await newTab.goto('/employee/mandates');
    if (shared) await expect(newTab.getByRole('button', { name: 'Send me a code' })).toBeVisible();
    else await expect(newTab.getByRole('heading', { level: 1, name: 'Mandates' })).toBeVisible();
    await newTab.close();
    await settled(page);
    await expectNoSeriousViolations(page, '/employee: the portal home');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/employee-home-${device}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('textbox', { name: 'NRC' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'NRC' })).toBeVisible();
  });
}

test('details that match no one get the same words, and no code', async ({ page }) => {
  const entry = await onRegister();
  await page.goto('/employee');
  await askForCode(page, entry.nrc, 'NOT-THEIRS');
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeVisible();
  const texts = await (await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(entry.mobile)}`)).json();
  expect(texts).toEqual([]);
});

test('a staff session is not an employee’s, nor an employee’s a staff one', async ({ page }) => {
  await signInAs(page, ['super_admin']);
  await page.goto('/employee');
  await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible();

  const entry = await onRegister();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAsEmployee(page, { nrc: entry.nrc, employeeNumber: entry.employee_number });
  await page.goto('/app');
  await expect(page).toHaveURL(/\/signin/);
});
