import { expect, type Page, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { searchQueue, signInThroughUi, signOut, twinInfo } from './support.js';

/**
 * Submission reviews and reports in Chromium: a lender's file goes FI → Compliance → PMEC on /reviews, and
 * the lender follows it on /reports; then the rows are found on /history and counted on the dashboard.
 */
const twin = twinInfo();
const month = currentMonth();

const rowOf = (page: Page, payeeKey: string) => page.getByTestId('review-row').filter({ hasText: payeeKey });
const notification = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function chooseStatus(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function signInAt(page: Page, path: string, user: { email: string; password: string }) {
  await page.goto(path);
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test.describe('submission reviews and reports', () => {
  test('a submitted file goes pending → approved → assigned → completed, and shows in reports, history and the dashboard', async ({ page }) => {
    test.setTimeout(180_000);
    const lender = await prepareSubmitter(twin);
    const [reviewer, pmec] = await Promise.all([createUser(twin, ['compliance']), createUser(twin, ['pmec_admin'])]);
    const base = 540_000 + Math.floor(Math.random() * 100_000);
    const nrcs = [nrcOf(1, base), nrcOf(2, base)];
    const payee = lender.org.payeeKey;

    // FI: submit the month's inputs.
    await signInAt(page, '/upload', lender);
    const screen = uploadScreen(page);
    await screen.payeeKey().fill(payee);
    await screen.chooseFile('inputs.xlsx', workbook(inputsRows(month, payee, nrcs, 910)));
    await screen.validate();
    await screen.button('Submit').click();
    await screen.expectMessage('Submissions updated — inserted 2, updated 0, skipped 0.');
    await page.goto('/reports');
    await expect(page.getByTestId('report-row')).toHaveCount(1);
    await expect(page.getByTestId('report-row')).toContainText('COMPLIANCE PENDING');
    await expect(page.getByTestId('report-row')).toContainText(payee);
    await signOut(page);

    // Compliance: approve, then assign to a PMEC admin.
    await signInAt(page, '/reviews', reviewer);
    await expect(page.getByRole('heading', { name: 'Submission Reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('COMPLIANCE PENDING');
    await searchQueue(page, payee);
    await expect(rowOf(page, payee)).toHaveCount(1);
    await expect(rowOf(page, payee)).toContainText('COMPLIANCE PENDING');
    await rowOf(page, payee)
      .getByRole('button', { name: /^Approve / })
      .click();
    await expect(notification(page, 'Submission approved: now COMPLIANCE APPROVED.')).toBeVisible();
    await expect(page.getByTestId('reviews-empty')).toHaveText('No submissions found.');

    await chooseStatus(page, 'COMPLIANCE APPROVED');
    await expect(rowOf(page, payee)).toContainText('COMPLIANCE APPROVED');
    await rowOf(page, payee)
      .getByRole('button', { name: /^Assign / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Assign to a PMEC admin' });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByText('Select or type a PMEC admin email.')).toBeVisible();
    // Picked from the PMEC admins the platform lists, after typing the start of the address.
    await dialog.getByRole('combobox', { name: 'PMEC admin email' }).fill(pmec.email.slice(0, 12));
    await page.getByRole('option', { name: pmec.email.toLowerCase() }).click();
    await expect(dialog.getByRole('combobox', { name: 'PMEC admin email' })).toHaveValue(pmec.email.toLowerCase());
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(notification(page, `Assigned to ${pmec.email.toLowerCase()}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, payee)).toContainText(pmec.email.toLowerCase());
    // Compliance cannot complete.
    await expect(rowOf(page, payee).getByRole('button', { name: /^Complete / })).toHaveCount(0);
    await signOut(page);

    // PMEC: complete; the queue starts on what waits for them.
    await signInAt(page, '/reviews', pmec);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('COMPLIANCE APPROVED');
    await searchQueue(page, payee);
    await expect(rowOf(page, payee).getByRole('button', { name: /^Approve / })).toHaveCount(0);
    await rowOf(page, payee)
      .getByRole('button', { name: /^Complete / })
      .click();
    await expect(notification(page, 'Submission completed: now COMPLETED.')).toBeVisible();
    await chooseStatus(page, 'COMPLETED');
    await expect(rowOf(page, payee)).toContainText('COMPLETED');
    await signOut(page);

    // FI: the report shows it completed; the borrowers are in history; the dashboard counts the file.
    await signInAt(page, '/reports', lender);
    await expect(page.getByTestId('report-row')).toContainText('COMPLETED');
    await page.goto('/history');
    await page.getByRole('textbox', { name: 'NRC' }).fill(nrcs[0]!);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('history-row')).toContainText(payee);
    await expect(page.getByTestId('history-total')).toHaveText('ZMW 910.00');
    await page.goto('/app');
    await expect(page.getByRole('region', { name: 'Submissions', exact: true })).toContainText(/YTD\s*1\s*Month\s*1\s*Today\s*1/);
  });

  test('a bulk failure on a row another reviewer moved on names its file and does not claim it stays selected', async ({ page }) => {
    test.setTimeout(180_000);
    const lender = await prepareSubmitter(twin);
    const { idToken } = await signIn(twin, lender.email, lender.password);
    const api = submissionsApi(twin);
    const payee = lender.org.payeeKey;
    const base = 740_000 + Math.floor(Math.random() * 100_000);
    const ids: string[] = [];
    for (const i of [1, 2]) {
      const data = workbook(inputsRows(month, payee, [nrcOf(i, base)]));
      ids.push(await api.submitWorkbook(idToken, { kind: 'inputs', month, payeeKey: payee, fileName: `moved ${i}.xlsx` }, data));
    }

    await signInAt(page, '/reviews', await createUser(twin, ['compliance']));
    await searchQueue(page, lender.org.orgName);
    await expect(page.getByTestId('review-row').filter({ hasText: payee })).toHaveCount(2);
    await expect(page.getByTestId('review-row')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all shown submissions' }).check();
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');

    // Another reviewer approves one of the two meanwhile.
    const other = await createUser(twin, ['compliance']);
    const { idToken: otherToken } = await signIn(twin, other.email, other.password);
    expect((await api.call(otherToken, `/api/submissions/${ids[0]}/decision`, { method: 'POST', body: { decision: 'approve' } })).status).toBe(200);
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');

    await page.getByRole('button', { name: 'Approve selected' }).click();
    const result = page.getByTestId('bulk-result');
    await expect(result).toContainText('Bulk approve: 1 succeeded, 1 failed.');
    await expect(result).toContainText('Not updated, and no longer in this list:');
    await expect(result).toContainText(`${lender.org.orgName} · Inputs · ${month}`);
    await expect(result).not.toContainText(ids[0]!);
    await expect(result).not.toContainText('still selected');
    await expect(page.getByTestId('reviews-empty')).toBeVisible();
  });

  test('the queue fits the screen at 1280 px and up (Reject on screen, counts whole) and scrolls inside itself below', async ({ page }) => {
    test.setTimeout(180_000);
    const lender = await prepareSubmitter(twin);
    const { idToken } = await signIn(twin, lender.email, lender.password);
    const api = submissionsApi(twin);
    const payee = lender.org.payeeKey;
    const base = 300_000 + Math.floor(Math.random() * 100_000);
    // A file of 1,200 borrowers: four-figure signal counts.
    const data = workbook(
      inputsRows(
        month,
        payee,
        Array.from({ length: 1200 }, (_, j) => nrcOf(j, base)),
      ),
    );
    const upload = await api.upload(
      idToken,
      {
        doc_kind: 'inputs',
        month,
        payee_key: payee,
        file_name: 'a long file name for the whole month of inputs.xlsx',
        size: data.length,
        content_type: XLSX_MIME,
      },
      data,
    );
    expect((await api.submit(idToken, upload.id)).status).toBe(200);

    await signInAt(page, '/reviews', await createUser(twin, ['super_admin']));
    await chooseStatus(page, 'COMPLIANCE PENDING');
    await searchQueue(page, lender.org.orgName);
    const row = rowOf(page, payee);
    await expect(row.getByTestId('open-signals')).toContainText('1,200 new');
    const table = page.getByTestId('reviews-table');
    /** How far the table's own scroller overflows, and whether the page itself scrolls sideways. */
    const overflow = () =>
      table.evaluate((el) => {
        let scroller: HTMLElement | null = el.parentElement;
        while (scroller && scroller.scrollWidth <= scroller.clientWidth && scroller !== document.body) scroller = scroller.parentElement;
        const inside = scroller && scroller !== document.body && scroller.contains(el) && scroller !== document.documentElement;
        return { table: inside ? scroller!.scrollWidth - scroller!.clientWidth : 0, page: document.documentElement.scrollWidth - window.innerWidth };
      });
    for (const width of [1366, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(overflow).toEqual({ table: 0, page: 0 });
      const reject = await row.getByRole('button', { name: /^Reject / }).boundingBox();
      expect(reject!.x + reject!.width).toBeLessThanOrEqual(width);
      // Every count is whole: no badge label cut short.
      const cut = await row
        .getByTestId('open-signals')
        .locator('.mantine-Badge-label')
        .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).length);
      expect(cut).toBe(0);
      await settled(page);
      await expectNoSeriousViolations(page, `/reviews at ${width} px`);
      await page.screenshot({ path: `test-results/screens/reviews-${width}.png` });
    }
    await page.setViewportSize({ width: 1100, height: 900 });
    await expect.poll(async () => (await overflow()).page).toBe(0);
    expect((await overflow()).table).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/screens/reviews-1100.png' });
  });

  test('rejecting needs a reason; bulk approve answers with its counts; the file opens as a download; columns sort', async ({ page }) => {
    test.setTimeout(180_000);
    const lender = await prepareSubmitter(twin);
    const { idToken } = await signIn(twin, lender.email, lender.password);
    const api = submissionsApi(twin);
    const payee = lender.org.payeeKey;
    const base = 640_000 + Math.floor(Math.random() * 100_000);
    const ids: string[] = [];
    for (const [i, rows] of [
      [1, 3],
      [2, 1],
      [3, 2],
    ] as const) {
      const data = workbook(
        inputsRows(
          month,
          payee,
          Array.from({ length: rows }, (_, j) => nrcOf(i * 10 + j, base)),
        ),
      );
      const upload = await api.upload(
        idToken,
        { doc_kind: 'inputs', month, payee_key: payee, file_name: `batch ${i}.xlsx`, size: data.length, content_type: XLSX_MIME },
        data,
      );
      const submitted = await api.submit(idToken, upload.id);
      expect(submitted.status).toBe(200);
      ids.push(String((submitted.body as { submission_id: string }).submission_id));
    }

    await signInAt(page, '/reviews', await createUser(twin, ['compliance']));
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('*');
    await search.fill('x');
    await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
    await search.fill(lender.org.orgName);
    const rows = page.getByTestId('review-row');
    await expect(rows).toHaveCount(3);

    // Sort by rows, largest first, then smallest first.
    await page.getByRole('button', { name: 'Rows' }).click();
    await expect(page.getByRole('columnheader', { name: 'Rows' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.locator('td:nth-child(7)')).toHaveText(['3', '2', '1']);
    await page.getByRole('button', { name: 'Rows' }).click();
    await expect(rows.locator('td:nth-child(7)')).toHaveText(['1', '2', '3']);

    // Reject the one-row file: a reason is required.
    await rows
      .first()
      .getByRole('button', { name: /^Reject / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reject submission' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('Rejection requires a reason.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Installments are missing for two borrowers.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(notification(page, 'Submission rejected: now REJECTED.')).toBeVisible();
    await expect(rows).toHaveCount(2);

    // Bulk approve the other two.
    await page.getByRole('checkbox', { name: 'Select all shown submissions' }).check();
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await expect(page.getByTestId('bulk-result')).toContainText('Bulk approve: 2 succeeded, 0 failed.');
    await expect(page.getByTestId('reviews-empty')).toBeVisible();

    await chooseStatus(page, 'All statuses');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'REJECTED' })).toContainText('Installments are missing for two borrowers.');
    await expect(rows.filter({ hasText: 'COMPLIANCE APPROVED' })).toHaveCount(2);

    // The file, through a 60-second link.
    const download = page.waitForEvent('download');
    await rows
      .first()
      .getByRole('button', { name: /^Open file / })
      .click();
    expect((await download).suggestedFilename()).toMatch(/^batch \d\.xlsx$/);

    // The lender sees the reason beside REJECTED, and the email's link opens that submission.
    await signOut(page);
    await signInAt(page, '/reports', lender);
    const rejected = page.getByTestId('report-row').filter({ hasText: 'REJECTED' });
    await expect(rejected.getByTestId('report-reason')).toHaveText('Reason: Installments are missing for two borrowers.');
    await settled(page);
    await expectNoSeriousViolations(page, '/reports with a rejection');
    await page.screenshot({ path: 'test-results/screens/reports-rejected.png', fullPage: true });
    await page.goto(`/reports?id=${ids[1]}`);
    const detail = page.getByRole('dialog', { name: 'Submission' });
    await expect(detail.getByTestId('detail-reason')).toContainText('Installments are missing for two borrowers.');
    await expect(detail.getByTestId('detail-history').getByRole('listitem')).toHaveText([/^Submitted · .* · /, /^Rejected · .* · /]);
    await expect(detail.getByTestId('detail-counts')).toContainText('In the file1');
    await expect(detail.getByRole('button', { name: 'Download file' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, '/reports?id= a rejected submission');
    await page.screenshot({ path: 'test-results/screens/reports-detail.png' });
    await detail.getByRole('button', { name: 'Close submission' }).click();
    await expect(page).toHaveURL(/\/reports$/);
  });
});
