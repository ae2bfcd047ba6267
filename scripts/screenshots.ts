// `npm run screenshots`: starts a throwaway twin, signs in as people of different roles and
// saves a PNG of each screen under screenshots/, for a person to look at. Not a test.
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createUser } from '../test/support/cognito.js';
import { accountShots } from './screenshots-accounts.js';
import { adminShots } from './screenshots-admin.js';
import { fraudShots } from './screenshots-fraud.js';
import { insightShots } from './screenshots-insight.js';
import { reviewShots } from './screenshots-reviews.js';
import { startTestTwin } from '../test/support/twin-process.js';
import { uploadShots } from '../test/fixtures/submissions/screenshots.js';

const OUT = path.resolve('screenshots');
const only = process.argv.slice(2);

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const twin = await startTestTwin();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const shots: [string, (page: Page) => Promise<void>][] = [
      ['signin', async (page) => { await page.goto(`${twin.url}/signin`); }],
      ['signin-error', async (page) => {
        await page.goto(`${twin.url}/signin`);
        await page.getByRole('button', { name: 'Sign in' }).click();
      }],
      ['dashboard-admin', async (page) => { await signIn(page, twin.url, twin.admin.email, twin.admin.password); await page.getByTestId('dashboard-title').waitFor(); }],
      ['menu-admin', async (page) => {
        await signIn(page, twin.url, twin.admin.email, twin.admin.password);
        await page.getByRole('button', { name: /menu/i }).click();
      }],
      ['dashboard-data-user', async (page) => {
        const u = await createUser(twin, ['data_user']);
        await signIn(page, twin.url, u.email, u.password);
        await page.getByTestId('dashboard-title').waitFor();
      }],
      ['pending', async (page) => {
        const u = await createUser(twin, []);
        await signIn(page, twin.url, u.email, u.password);
        await page.getByRole('button', { name: 'Refresh status' }).click();
        await page.getByText('Still pending review').waitFor();
      }],
      ['not-found', async (page) => { await signIn(page, twin.url, twin.admin.email, twin.admin.password); await page.goto(`${twin.url}/no-such-page`); }],
      ['outbox', async (page) => { await page.goto(`${twin.url}/_local/outbox`); }],
      ['signin-mobile', async (page) => { await page.setViewportSize({ width: 390, height: 844 }); await page.goto(`${twin.url}/signin`); }],
      ['admin-audit', async (page) => {
        await signIn(page, twin.url, twin.admin.email, twin.admin.password);
        await page.goto(`${twin.url}/admin/audit`);
        await page.getByText(/No audit entries|entries shown|entry shown/).first().waitFor();
        await page.getByRole('textbox', { name: 'NRC' }).fill('123456/78/9');
        await page.getByRole('button', { name: 'Show trail' }).click();
        await page.getByRole('button', { name: 'Download CSV' }).waitFor();
        // Reading the log and the export were themselves recorded: search again to show them.
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByText(/entries shown|entry shown/).first().waitFor();
      }],
      ...uploadShots(twin),
      ...accountShots(twin),
      ...adminShots(twin),
      ...fraudShots(twin),
      ...insightShots(twin),
      ...reviewShots(twin),
    ];
    for (const [name, act] of shots) {
      if (only.length && !only.includes(name)) continue;
      const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
      const page = await context.newPage();
      await act(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
      console.log(`saved screenshots/${name}.png`);
      await context.close();
    }
  } finally {
    await browser.close();
    await twin.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
