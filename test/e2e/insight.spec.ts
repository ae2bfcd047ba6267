import { expect, type Page, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { expectNoSeriousViolations } from './accessibility-support.js';
import { signInThroughUi, signOut, twinInfo } from './support.js';

const twin = twinInfo();
const month = currentMonth();

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('borrower history and the dashboard', () => {
  test('a submitted inputs file’s rows are found on /history and the dashboard counts it', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await prepareSubmitter(twin);
    const base = 700_000 + Math.floor(Math.random() * 200_000);
    const nrcs = [nrcOf(1, base), nrcOf(2, base), nrcOf(3, base)];

    await page.goto('/upload');
    await signInThroughUi(page, user.email, user.password);
    const screen = uploadScreen(page);
    await screen.payeeKey().fill(user.org.payeeKey);
    await screen.chooseFile('inputs.xlsx', workbook(inputsRows(month, user.org.payeeKey, nrcs, 1234.5)));
    await screen.validate();
    await screen.button('Submit').click();
    await screen.expectMessage('Submissions updated — inserted 3, updated 0, skipped 0.');

    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Borrower History', level: 1 })).toBeVisible();
    const nrc = page.getByRole('textbox', { name: 'NRC' });
    await nrc.fill('12345');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText('Enter a valid NRC (at least 6 digits).')).toBeVisible();

    await nrc.fill(nrcs[1]!);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('history-name')).toHaveText('First2 Last2');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(user.org.orgName);
    await expect(rows.first()).toContainText(user.org.payeeKey);
    await expect(rows.first()).toContainText('Input');
    await expect(rows.first()).toContainText('1,234.50');
    await expect(page.getByTestId('history-total')).toHaveText('ZMW 1,234.50');

    // A refused NRC clears the borrower shown before.
    await nrc.fill('12345');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText('Enter a valid NRC (at least 6 digits).')).toBeVisible();
    await expect(page.getByTestId('history-name')).toHaveCount(0);
    await expect(page.getByTestId('history-row')).toHaveCount(0);
    await expect(page.getByTestId('history-total')).toHaveCount(0);
    await expectNoSeriousViolations(page, '/history after a refused NRC');
    await page.screenshot({ path: 'test-results/screens/history-refused.png', fullPage: true });

    await nrc.fill('999999/99/7');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText('No records found in the last 3 months.')).toBeVisible();

    await page.goto('/app');
    await expect(page.getByTestId('dashboard-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('activity-scope')).toHaveText(`Figures for ${user.org.orgName}.`);
    await expect(card(page, 'Submissions')).toContainText(/YTD\s*1\s*Month\s*1\s*Today\s*1/);
    await expect(card(page, 'Inputs')).toContainText(/YTD\s*3\s*MTD\s*3\s*Today\s*3/);
    await expect(card(page, 'Inputs')).toContainText(`Payee: ${user.org.payeeKey}`);
    await expect(card(page, 'Team members (approved)')).toContainText('1');
    await expect(page.getByRole('figure', { name: 'Submissions per month' })).toBeVisible();
    // The chart's figures, as screen readers get them: this month is the last row.
    await expect(page.getByRole('table', { name: 'Borrower rows ingested per month' }).getByRole('row').last().getByRole('cell')).toHaveText(['3', '0']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  test('billing set by a platform admin shows on the organisation’s dashboard', async ({ page }) => {
    // 'Billing not configured' is a normal state: no failed request on the console on the way.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const user = await prepareSubmitter(twin);
    await page.goto('/app');
    await signInThroughUi(page, user.email, user.password);
    await expect(page.getByTestId('billing-not-configured')).toHaveText('Billing not configured');
    await expect(page.getByTestId('billing-amount-due')).toHaveText('—');
    await signOut(page);

    await signInThroughUi(page, twin.admin.email, twin.admin.password);
    await expect(page.getByTestId('dashboard-title')).toHaveText('Admin Dashboard');
    await page.getByLabel('Payee key or organisation ID').fill(user.org.payeeKey);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('billing-editor-org')).toContainText(user.org.orgName);
    await expect(page.getByTestId('billing-editor-org')).toContainText('No plan yet');
    await page.getByLabel('Plan name').fill('Enterprise');
    await page.getByRole('radio', { name: 'Flat monthly fee' }).check();
    await page.getByLabel('Flat fee per month (ZMW)').fill('0');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByText('Flat fee must be more than 0.')).toBeVisible();
    await page.getByLabel('Flat fee per month (ZMW)').fill('5000');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByText(`Saved. ${user.org.orgName} is on Enterprise: flat fee ZMW 5,000.00 a month.`)).toBeVisible();
    await signOut(page);

    await signInThroughUi(page, user.email, user.password);
    await expect(page.getByTestId('dashboard-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('billing-plan')).toHaveText('Enterprise');
    await expect(page.getByTestId('billing-amount-due')).toHaveText('ZMW 5,000.00');
    await expect(page.getByTestId('billing-usage')).toHaveText('0');
    await expect(page.getByTestId('billing-not-configured')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
