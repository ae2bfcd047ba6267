import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { fileReportThroughUi, prepareReporter, searchByPasting, uniqueNrc } from './fraud-support.js';
import { signInAs, signInAt, twinInfo } from './support.js';

const twin = twinInfo();

test.describe('audit log', () => {
  test("a report and a search show in the log, and an admin exports that NRC's trail as CSV", async ({ page, browser }) => {
    // A lender's compliance officer reports an NRC and searches for it.
    const officer = await prepareReporter(twin, ['compliance']);
    await signInAt(page, officer.email, officer.password);
    const nrc = uniqueNrc();
    await fileReportThroughUi(page, twin.url, { nrc, person: 'Chanda Phiri', files: [] });
    await searchByPasting(page, twin.url, `NRC ${nrc}`);
    await expect(page.getByTestId('fraud-results').getByRole('row').filter({ hasText: nrc })).toHaveCount(1);

    // A system admin reads the log, filtered by that officer, and exports the NRC's trail.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ['sys_admin']);
    await admin.getByRole('button', { name: /menu/i }).click();
    await admin.getByRole('menuitem', { name: 'Audit log' }).click();
    await expect(admin).toHaveURL(/\/admin\/audit$/);
    await admin.getByRole('textbox', { name: 'Actor email' }).fill(officer.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    const log = admin.getByRole('table').first();
    await expect(log).toContainText('fraud_report.create');
    await expect(log).toContainText('fraud_registry.search');
    await expect(log).toContainText('request.create-fraud-report');

    await admin.getByRole('textbox', { name: 'NRC' }).fill(nrc);
    await admin.getByRole('button', { name: 'Show trail' }).click();
    await expect(admin.getByText('1 report', { exact: true })).toBeVisible();
    await expect(admin.getByText(/^[1-9]\d* lookups?$/)).toBeVisible();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`audit-${nrc.replace(/\//g, '-')}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`${nrc},report,`);
    expect(csv).toContain(officer.email);
    await adminContext.close();
  });

  test('a lender has no audit log in the menu and is turned away from its address', async ({ page }) => {
    await signInAs(page, ['fi_admin']);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Team Management' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: "You don't have access to this screen" })).toBeVisible();
  });
});
