// The screens every role meets first (sign-in, dashboards, pending, not found, the outbox, the audit
// log), for `npm run screenshots` (test/screenshots/screens.shots.ts takes the picture of each).
import type { Page } from '@playwright/test';
import { signInAt } from '../e2e/support.js';
import { createUser, type TestTwinInfo } from '../support/cognito.js';

/** A named way to bring one screen into the state worth looking at. */
export type Shot = [string, (page: Page) => Promise<void>];
export type Twin = TestTwinInfo & { admin: { email: string; password: string } };

export function coreShots(twin: Twin): Shot[] {
  return [
  ['signin', async (page) => { await page.goto(`${twin.url}/signin`); }],
  ['signin-error', async (page) => {
    await page.goto(`${twin.url}/signin`);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }],
  ['dashboard-admin', async (page) => { await signInAt(page, twin.admin.email, twin.admin.password); await page.getByTestId('dashboard-title').waitFor(); }],
  ['menu-admin', async (page) => {
    await signInAt(page, twin.admin.email, twin.admin.password);
    await page.getByRole('button', { name: /menu/i }).click();
  }],
  ['dashboard-data-user', async (page) => {
    const u = await createUser(twin, ['data_user']);
    await signInAt(page, u.email, u.password);
    await page.getByTestId('dashboard-title').waitFor();
  }],
  ['pending', async (page) => {
    const u = await createUser(twin, []);
    await signInAt(page, u.email, u.password);
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await page.getByText('Still pending review').waitFor();
  }],
  ['not-found', async (page) => { await signInAt(page, twin.admin.email, twin.admin.password); await page.goto(`${twin.url}/no-such-page`); }],
  ['outbox', async (page) => { await page.goto(`${twin.url}/_local/outbox`); }],
  ['signin-mobile', async (page) => { await page.setViewportSize({ width: 390, height: 844 }); await page.goto(`${twin.url}/signin`); }],
  ['admin-audit', async (page) => {
    await signInAt(page, twin.admin.email, twin.admin.password);
    await page.goto(`${twin.url}/admin/audit`);
    await page.getByText(/No audit entries|entries shown|entry shown/).first().waitFor();
    await page.getByRole('textbox', { name: 'NRC' }).fill('123456/78/9');
    await page.getByRole('button', { name: 'Show trail' }).click();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    // Reading the log and the export were themselves recorded: search again to show them.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/entries shown|entry shown/).first().waitFor();
  }],
  ];
}
