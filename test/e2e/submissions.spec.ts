import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { seedRegistryNrc } from '../fixtures/submissions/directory.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { inputsRows, NOT_A_WORKBOOK, nrcOf, stoppagesRows, TINY_PDF, workbook } from '../fixtures/submissions/workbooks.js';
import { createUser } from '../support/cognito.js';
import { signInThroughUi, twinInfo } from './support.js';

const twin = twinInfo();
const month = currentMonth();

async function openUploadAs(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/upload');
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Submissions', level: 1 })).toBeVisible();
  return uploadScreen(page);
}

test.describe('the Submissions screen', () => {
  test('inputs: validate with a fraud flag, download the CSV report, submit and see the ingestion counts', async ({ page }) => {
    const user = await prepareSubmitter(twin);
    const nrcs = [nrcOf(1, 510_000), nrcOf(2, 510_000), nrcOf(3, 510_000)];
    await seedRegistryNrc(twin, nrcs[1]!.replace(/\D/g, ''));
    const screen = await openUploadAs(page, user.email, user.password);

    await expect(page.getByText('No preview yet.')).toBeVisible();
    await expect(screen.list('errors')).toContainText('None');
    await expect(screen.button('Download CSV report')).toBeDisabled();

    await screen.payeeKey().fill(user.org.payeeKey);
    await expect(page.getByText('Organisation type: FI.')).toBeVisible();
    await screen.chooseFile('March inputs.xlsx', workbook(inputsRows(month, user.org.payeeKey, nrcs)));
    await screen.validate();
    await screen.expectMessage('Ready to submit.');
    await expect(page.getByText('Showing 3 of 3 rows.')).toBeVisible();
    await expect(page.getByTestId('row-count')).toHaveText('3');
    await expect(screen.list('errors')).toContainText('None');
    await expect(screen.list('fraud')).toContainText(`[FRAUD] row 3 — col NRC — NRC ${nrcs[1]} is on the fraud/scam registry`);

    const [download] = await Promise.all([page.waitForEvent('download'), screen.button('Download CSV report').click()]);
    expect(download.suggestedFilename()).toBe('March-inputs-report.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`flag,FRAUD,3,NRC,NRC ${nrcs[1]} is on the fraud/scam registry`);

    await screen.button('Submit').click();
    await screen.expectMessage('Submit complete.');
    await expect(page.getByTestId('saved-to')).toContainText(`Saved to: ${twin.env.BUCKET_UPLOADS}/${month}/${user.org.payeeKey}/inputs/`);
    await expect(page.getByTestId('saved-to')).toContainText('File: March inputs.xlsx');
    await screen.expectMessage('Submissions updated — inserted 3, updated 0, skipped 0.');
  });

  test('stoppages: a file with errors lists them, reports them in the CSV and is refused on Submit', async ({ page }) => {
    const user = await prepareSubmitter(twin);
    const rows = stoppagesRows(month, user.org.payeeKey, [nrcOf(1, 520_000), nrcOf(2, 520_000)]);
    rows[2]![4] = 150;
    const screen = await openUploadAs(page, user.email, user.password);
    await screen.chooseType('Stoppages (.xlsx)');
    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.chooseFile('stoppages.xlsx', workbook(rows));
    await screen.validate();
    await expect(screen.list('errors')).toContainText('[AMOUNT] row 3 — col Amount — Amount must be 0.00 for stoppages');
    await expect(screen.list('warnings')).toContainText('None');

    const [download] = await Promise.all([page.waitForEvent('download'), screen.button('Download CSV report').click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain('error,AMOUNT,3,Amount,Amount must be 0.00 for stoppages');

    await screen.button('Submit').click();
    await screen.expectMessage('Submit refused: the file has 1 error. Fix it in the file, validate again, then submit.');
    await expect(page.getByTestId('saved-to')).toHaveCount(0);
  });

  test('a file that is no workbook gets one clear file-level error', async ({ page }) => {
    const user = await prepareSubmitter(twin);
    const screen = await openUploadAs(page, user.email, user.password);
    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.chooseFile('not-really.xlsx', NOT_A_WORKBOOK);
    await screen.validate();
    await expect(screen.list('errors').getByRole('listitem')).toHaveCount(1);
    await expect(screen.list('errors')).toContainText('[HEADER] File — col File — This file is not a valid .xlsx workbook.');
    await expect(screen.list('errors')).not.toContainText('row 0');
    // The errors download names the file, not a row 0.
    const [download] = await Promise.all([page.waitForEvent('download'), screen.button('Download CSV report').click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain('error,HEADER,File,File,"This file is not a valid .xlsx workbook.');
  });

  test('someone not approved for the payee key is refused with the words of the spec', async ({ page }) => {
    const owner = await prepareSubmitter(twin);
    const stranger = await createUser(twin, ['fi_admin']);
    const screen = await openUploadAs(page, stranger.email, stranger.password);
    await screen.payeeKey().fill(owner.org.payeeKey);
    await screen.chooseFile('inputs.xlsx', workbook(inputsRows(month, owner.org.payeeKey, [nrcOf(1, 530_000)])));
    await screen.button('Validate').click();
    await screen.expectMessage('You are not approved for this org/payee key.');
    await screen.button('Submit').click();
    await screen.expectMessage('You are not approved for this org/payee key.');
  });

  test('says what is missing before each action, and switching the file type clears everything', async ({ page }) => {
    const user = await prepareSubmitter(twin);
    const screen = await openUploadAs(page, user.email, user.password);
    await screen.button('Validate').click();
    await screen.expectMessage('Please choose an Excel file first.');
    await screen.button('Submit').click();
    await screen.expectMessage('Please choose a file to submit.');
    await screen.chooseFile('inputs.xlsx', workbook(inputsRows(month, user.org.payeeKey, [nrcOf(1, 540_000)])));
    await screen.button('Validate').click();
    await screen.expectMessage('Payee Key / Code is required for this file type.');

    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.validate();
    await expect(page.getByText('Showing 1 of 1 rows.')).toBeVisible();
    await screen.chooseType('Stoppages (.xlsx)');
    await expect(page.getByText('No preview yet.')).toBeVisible();
    await expect(screen.messages()).toHaveCount(0);
    await expect(page.getByRole('button', { name: /inputs\.xlsx/ })).toHaveCount(0);
    await screen.chooseType('Onboarding (evidence)');
    await expect(screen.button('Validate')).toHaveCount(0);
    await screen.button('Submit').click();
    await screen.expectMessage('Please choose a document/image to upload.');
  });

  test('onboarding evidence skips validation and is uploaded', async ({ page }) => {
    const user = await prepareSubmitter(twin);
    const screen = await openUploadAs(page, user.email, user.password);
    await screen.chooseType('Onboarding (evidence)');
    await expect(screen.payeeKey()).not.toHaveAttribute('aria-required', 'true');
    await screen.chooseFile('TPIN certificate.pdf', TINY_PDF, 'application/pdf');
    await screen.expectMessage('Validation not required for onboarding attachments.');
    await screen.expectMessage('Ready to submit.');
    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.button('Submit').click();
    await screen.expectMessage('Onboarding file uploaded.');
    await expect(page.getByTestId('saved-to')).toContainText(`Saved to: ${twin.env.BUCKET_ONBOARDING}/${month}/${user.org.payeeKey}/onboarding/`);
    await expect(page.getByTestId('saved-to')).toContainText('File: TPIN certificate.pdf');
  });
});
