import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { signIn } from '../support/cognito.js';
import { expectNoSeriousViolations } from './accessibility-support.js';
import { PDF_BYTES, PNG_1X1, fileReportThroughUi, fillReportForm, prepareReporter, searchByPasting, uniqueNrc } from './fraud-support.js';
import { signInAs, signInAt, twinInfo } from './support.js';

const twin = twinInfo();

test.describe('fraud registry', () => {
  test('files a report with two attachments, finds it by pasting text, opens an attachment and downloads its PDF', async ({ page, context }) => {
    const lender = await prepareReporter(twin, ['fi_admin'], ['Natwest Zambia']);
    await signInAt(page, lender.email, lender.password);
    const nrc = uniqueNrc();
    // The form starts with the lender's own payee key, and names its organisation from the directory.
    await page.goto('/fraud-report');
    await expect(page.getByRole('textbox', { name: 'Payee Key', exact: true })).toHaveValue(lender.orgs[0]!.payeeKey);
    await expect(page.getByRole('textbox', { name: 'Reporting FI', exact: true })).toHaveValue('Natwest Zambia');
    await fileReportThroughUi(page, twin.url, {
      nrc,
      person: 'Natasha Mulenga',
      files: [
        { name: 'forged payslip.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
        { name: 'cctv still.png', mimeType: 'image/png', buffer: PNG_1X1 },
      ],
    });
    // Success clears the form and returns to the top of the page.
    await expect(page.getByRole('textbox', { name: 'NRC', exact: true })).toHaveValue('');
    await expect(page.getByTestId('attachment-row')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Pasted as bare digits inside other text: extracted, normalised to the slashed form, searched.
    await searchByPasting(page, twin.url, `From the branch email:\nNatasha Mulenga, NRC ${nrc.replace(/\//g, '')}, seen twice.\nRef 12/34.`);
    await expect(page.getByTestId('detected-count')).toHaveText('(1)');
    await expect(page.getByTestId('detected-nrcs')).toContainText(nrc);
    const row = page.getByTestId('fraud-results').getByRole('row').filter({ hasText: nrc });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Natasha Mulenga');
    await expect(row).toContainText('Natwest Zambia');
    await expect(row).toContainText('Identity theft');
    await expect(row.getByRole('link')).toHaveText(['forged-payslip.pdf', 'cctv-still.png']);

    const [attachment] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: 'cctv-still.png' }).click()]);
    await attachment.waitForLoadState();
    expect(attachment.url()).toContain('X-Amz-Signature');
    await expect.poll(() => attachment.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1);
    await attachment.close();

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `PDF of the report on ${nrc}` }).click()]);
    expect(download.suggestedFilename()).toBe(`fraud-report-${nrc.replace(/\//g, '-')}-${new Date().toISOString().slice(0, 10)}.pdf`);
    const pdf = readFileSync((await download.path())!).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain(nrc);
  });

  test('keeps only digits and slashes in the NRC, and enables Submit only when every required field is filled and Reporting FI is known', async ({ page }) => {
    const lender = await prepareReporter(twin, ['fi_admin']);
    await signInAt(page, lender.email, lender.password);
    await page.goto('/fraud-report');
    const submit = page.getByRole('button', { name: 'Submit report' });
    await expect(submit).toBeDisabled();
    const nrcInput = page.getByRole('textbox', { name: 'NRC', exact: true });
    await nrcInput.fill('12a34-56/7b8/9 ');
    await expect(nrcInput).toHaveValue('123456/78/9');
    await fillReportForm(page, twin.url, { nrc: '12345/6', payeeKey: 'OTHER-BANK' });
    // Another organisation's key: Reporting FI stays blank, Submit waits, and the field says what to do.
    await expect(page.getByRole('textbox', { name: 'Reporting FI', exact: true })).toHaveValue('');
    await expect(submit).toBeDisabled();
    await expect(
      page.getByText(`You are not approved for this org/payee key. File the report under your organisation's payee key: ${lender.orgs[0]!.payeeKey}.`),
    ).toBeVisible();
    await expectNoSeriousViolations(page, '/fraud-report with another organisation’s payee key');
    await page.screenshot({ path: 'test-results/screens/fraud-report-other-key.png', fullPage: true });
    await page.getByRole('textbox', { name: 'Payee Key', exact: true }).fill(lender.orgs[0]!.payeeKey);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('NRC format should be like 123456/78/9 (6–8 digits, slash, 2 digits, slash, 1 digit).')).toBeVisible();
    await page.getByRole('textbox', { name: "Person's Full Name", exact: true }).fill('');
    await expect(submit).toBeDisabled();
  });

  test('refuses a disallowed attachment before uploading it', async ({ page }) => {
    await signInAs(page, ['data_user']);
    await page.goto('/fraud-report');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add files' }).click();
    await (await chooser).setFiles({ name: 'invoice.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByRole('alert')).toContainText("'invoice.exe' cannot be attached.");
    await expect(page.getByTestId('attachment-row')).toHaveCount(0);
  });

  test('explains a binary file renamed .txt, and shows the idle, no-match and latest states', async ({ page }) => {
    await signInAs(page, ['data_user']);
    await page.goto('/fraud-list');
    await expect(page.getByText('No results yet')).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload .txt or .csv' }).click();
    await (
      await chooser
    ).setFiles({ name: 'borrowers.txt', mimeType: 'text/plain', buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64)]) });
    await expect(page.getByRole('alert')).toContainText("'borrowers.txt' is not a text file");

    const csv = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload .txt or .csv' }).click();
    await (await csv).setFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(`name,nrc\nSomeone,${uniqueNrc()}\n`) });
    await expect(page.getByText('No matches found.')).toBeVisible();
    await expect(page.getByText('Read from list.csv.')).toBeVisible();

    await page.getByRole('button', { name: 'Load latest (50)' }).click();
    await expect(page.getByTestId('page-label')).toHaveText(/^Page 1 · \d+ total$/);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('No results yet')).toBeVisible();
    await expect(page.getByTestId('detected-count')).toHaveText('(0)');
  });

  test('a search with no valid NRC clears the results of the one before', async ({ page }) => {
    const lender = await prepareReporter(twin, ['fi_admin']);
    const nrc = uniqueNrc();
    const { idToken } = await signIn(twin, lender.email, lender.password);
    const report = {
      type: 'Identity theft',
      nrc,
      person_name: 'Chanda Mwale',
      report_month: currentMonth(),
      payee_key: lender.orgs[0]!.payeeKey,
      description: 'Forged payslip.',
    };
    expect((await submissionsApi(twin).call(idToken, '/api/fraud-reports', { method: 'POST', body: report })).status).toBe(200);
    await signInAt(page, lender.email, lender.password);

    await searchByPasting(page, twin.url, nrc);
    await expect(page.getByText('1 report on 1 of the 1 NRC searched, newest first.')).toBeVisible();
    await searchByPasting(page, twin.url, 'no national ids in this text');
    await expect(page.getByRole('alert')).toContainText('No valid NRCs to search.');
    await expect(page.getByText('No results yet')).toBeVisible();
    await expect(page.getByRole('cell', { name: nrc })).toHaveCount(0);
    await expect(page.getByText(/NRCs? searched/)).toHaveCount(0);
  });

  test('tells a user without a fraud-search role that /fraud-list is not theirs', async ({ page }) => {
    await signInAs(page, ['admin']);
    await page.goto('/fraud-list');
    await expect(page.getByRole('heading', { name: "You don't have access to this screen" })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'NRCs to search' })).toHaveCount(0);
  });
});
