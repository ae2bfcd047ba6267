import { chromium } from '@playwright/test';
import { createUser } from '../test/support/cognito.js';
import { startTestTwin } from '../test/support/twin-process.js';
async function main() {
  const twin = await startTestTwin();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1360, height: 860 } })).newPage();
    const u = await createUser(twin, ['compliance']);
    await page.goto(`${twin.url}/signin`);
    await page.getByLabel('Email').fill(u.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(u.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((x) => !x.pathname.startsWith('/signin'));
    await page.goto(`${twin.url}/fraud-report`);
    await page.getByRole('button', { name: 'Report Month' }).click();
    await page.getByRole('button', { name: 'Jan', exact: true }).click();
    await page.screenshot({ path: '/tmp/fraudbench/dbg1.png' });
    console.log(await page.getByRole('button', { name: 'Add files' }).count());
    console.log(await page.locator('input[type=file]').count());
    const chooser = page.waitForEvent('filechooser', { timeout: 5000 });
    await page.getByRole('button', { name: 'Add files' }).click();
    await chooser.then(() => console.log('chooser ok'), (e) => console.log('no chooser', e.message));
  } finally { await browser.close(); await twin.stop(); }
}
main();
