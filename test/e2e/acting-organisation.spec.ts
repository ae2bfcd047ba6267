import { expect, test, type Page } from '@playwright/test';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { createUser, signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAsEmployee, signInAt, twinInfo } from './support.js';

/**
 * A member of two organisations (the admin of Bank B, a data user of Bank A) is asked which one they act
 * for, then switches in the header: the dashboard's figures, /team and the "Who looked" entry the
 * employee then sees follow the choice. Checked with axe, on a desktop and at 360 px.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };

async function look(page: Page, state: string, shot: string, fullPage = true) {
  await settled(page);
  await expectNoSeriousViolations(page, state);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage });
}

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Organisation you act for' });

async function actFor(page: Page, name: string) {
  await switcher(page).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(switcher(page)).toHaveValue(new RegExp(`^${name} · `));
}

async function lookUp(page: Page, nrc: string) {
  await page.goto('/history');
  await page.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(page.getByTestId('history-empty')).toBeVisible();
}

test('a member of two organisations chooses the one they act for, and the dashboard, the team and "Who looked" follow it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const entry = registerEntry();
  await addToCurrentRegister([entry]);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const bankA = await seedOrganisation(twin, uniquePayeeKey(), `Bank A ${suffix}`);
  const bankB = await seedOrganisation(twin, uniquePayeeKey(), `Bank B ${suffix}`);
  const user = await createUser(twin, []);
  const sub = subOf((await signIn(twin, user.email, user.password)).idToken);
  await seedMembership(twin, bankB, sub, 'approved', 'fi_admin', user.email);
  await seedMembership(twin, bankA, sub, 'approved', 'data_user', user.email);

  // Not chosen yet: a calm question, not an error.
  await signInAt(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Which organisation are you acting for?' })).toBeVisible();
  await look(page, 'choose organisation', 'acting-choose');
  await page.getByRole('button', { name: new RegExp(`Bank A ${suffix}`) }).click();
  await expect(page.getByText(`Figures for Bank A ${suffix}.`).first()).toBeVisible();
  await expect(switcher(page)).toHaveValue(`Bank A ${suffix} · Lender · Data User`);

  // Switching refetches everything: the dashboard is Bank B's, and /team opens Bank B's team.
  await actFor(page, `Bank B ${suffix}`);
  await expect(page.getByText(`Figures for Bank B ${suffix}.`).first()).toBeVisible();
  await look(page, 'dashboard acting for Bank B', 'acting-dashboard-b');
  await page.goto('/team');
  await expect(page.getByText(`Bank B ${suffix}`, { exact: true }).first()).toBeVisible();
  // Keyboard: the switcher is reached and changed without a mouse; Bank A's data user has no team screen.
  await switcher(page).focus();
  await page.keyboard.press('ArrowDown');
  const active = page.locator('[role="option"][data-combobox-selected]');
  for (let i = 0; i < 3 && !((await active.textContent().catch(() => '')) ?? '').includes(`Bank A ${suffix}`); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toHaveValue(new RegExp(`^Bank A ${suffix} · `));
  await expect(page.getByTestId('not-authorised')).toBeVisible();

  // The choice is remembered by this browser: a reload acts for Bank A still. Its lookup is Bank A's.
  await page.reload();
  await expect(switcher(page)).toHaveValue(new RegExp(`^Bank A ${suffix} · `));
  await lookUp(page, entry.nrc);
  const portal = await browser.newPage({ viewport: PHONE });
  await signInAsEmployee(portal, { nrc: entry.nrc, employeeNumber: entry.employee_number });
  const whoLooked = async () => {
    await portal.getByRole('navigation', { name: 'Your portal' }).getByRole('link', { name: 'Who looked' }).click();
    await expect(portal.getByRole('heading', { level: 1, name: 'Who looked at your record' })).toBeVisible();
  };
  await whoLooked();
  await expect(portal.getByTestId('lookup-item')).toHaveCount(1);
  await expect(portal.getByTestId('lookup-item').first()).toContainText(`Bank A ${suffix}`);

  // Acting for Bank B, the next lookup is Bank B's.
  await actFor(page, `Bank B ${suffix}`);
  await lookUp(page, entry.nrc);
  await portal.reload();
  await whoLooked();
  await expect(portal.getByTestId('lookup-item')).toHaveCount(2);
  await expect(portal.getByTestId('lookup-item').first()).toContainText(`Bank B ${suffix}`);
  await expect(portal.getByTestId('lookup-item').nth(1)).toContainText(`Bank A ${suffix}`);

  // At 360 px the switcher has a row of its own under the brand.
  await page.setViewportSize(PHONE);
  await page.goto('/app');
  await expect(switcher(page)).toBeVisible();
  await look(page, 'dashboard with the switcher at 360 px', 'acting-dashboard-phone', false);
  await switcher(page).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await look(page, 'switcher open at 360 px', 'acting-switcher-open-phone', false);
});
