import { expect, test } from '@playwright/test';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES } from '#shared/api/settings.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { monthName, WINDOW_MESSAGES } from '#shared/rules/submission-window.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { HEADER, workbook } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { searchQueue, signInAt, signOut, twinInfo } from './support.js';

/**
 * The submission window in Chromium: a platform admin sets the submission window on /admin; a lender
 * choosing a month whose window has closed reads so before Validate and submits a file marked late;
 * compliance finds it under Late only on /reviews with its Late badge.
 */
const twin = twinInfo();
const api = submissionsApi(twin);
const LAST = shiftMonth(currentMonth(), -1);
const WINDOW = { open_day: 2, close_day: 12, blocking: false };
const n = 500_000 + Math.floor(Math.random() * 400_000);

test.afterAll(async () => {
  const admin = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  expect((await api.call(admin, '/api/settings', { method: 'PUT', body: { window: DEFAULT_SETTINGS.window } })).status).toBe(200);
});

test('the window set on /admin marks a late file on /upload and on /reviews', async ({ page }) => {
  test.setTimeout(120_000);
  const lender = await prepareSubmitter(twin);
  const payee = lender.org.payeeKey;
  const reviewer = await createUser(twin, ['compliance']);

  // /admin: a wrong day is refused in place; then the window is saved.
  await signInAt(page, twin.admin.email, twin.admin.password, '/admin');
  const card = page.getByRole('form', { name: 'Submission window' });
  const opens = card.getByRole('textbox', { name: 'Opens on day' });
  const closes = card.getByRole('textbox', { name: 'Closes on day' });
  await expect(opens).toHaveValue(/\d+/);
  await opens.fill('6');
  await closes.fill('5');
  await card.getByRole('button', { name: 'Save window' }).click();
  await expect(card.getByText(SETTINGS_MESSAGES.closeDay)).toBeVisible();
  await opens.fill(String(WINDOW.open_day));
  await closes.fill(String(WINDOW.close_day));
  await expect(card.getByRole('switch', { name: 'Refuse late submissions' })).not.toBeChecked();
  await card.getByRole('button', { name: 'Save window' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(card.getByTestId('settings-updated')).toContainText(twin.admin.email);
  await signOut(page);

  // /upload: last month's window has closed — said before Validate — and the file is marked late.
  await signInAt(page, lender.email, lender.password, '/upload');
  const screen = uploadScreen(page);
  await screen.payeeKey().fill(payee);
  await page.getByRole('button', { name: 'Submission month' }).click();
  if (LAST.slice(0, 4) !== currentMonth().slice(0, 4)) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByRole('button', { name: monthName(LAST).slice(0, 3), exact: true }).click();
  await expect(page.getByTestId('window-notice')).toHaveText(WINDOW_MESSAGES.late(LAST, WINDOW));
  await screen.chooseFile('late.xlsx', workbook([HEADER, [`LW${n}`, `${n}/61/1`, `${LAST}-01`, '2030-12-31', 410, payee, 'Agnes', 'Zulu']]));
  await screen.validate();
  await screen.button('Submit').click();
  await screen.expectMessage(/Submissions updated/);
  await expect(page.getByTestId('saved-late')).toHaveText('Marked late: submitted after its month’s window closed.');
  await signOut(page);

  // /reviews: Late only lists it, with its badge.
  await signInAt(page, reviewer.email, reviewer.password, '/reviews');
  await searchQueue(page, payee);
  await page.getByRole('combobox', { name: 'Timing' }).click();
  await page.getByRole('option', { name: 'Late only' }).click();
  const row = page.getByTestId('review-row').filter({ has: page.getByRole('button', { name: 'Open file late.xlsx' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('late-badge')).toHaveText('Late');
});
