import { expect, test } from '@playwright/test';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { HEADER, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { searchQueue, signInAt, signOut, twinInfo } from './support.js';

/**
 * Deduction signals in Chromium: a lender's second month shows its deduction signals under Validation
 * results; compliance opens them in the /reviews drawer before approving; the borrower's record checks
 * show on /history; a platform admin changes the exposure limit on /admin.
 */
const twin = twinInfo();
const api = submissionsApi(twin);
const M = currentMonth();
const M1 = shiftMonth(M, -1);
const base = 700_000 + Math.floor(Math.random() * 200_000);
const nrc = (n: number) => `${base + n}/31/1`;
const rows = (month: string, payee: string, list: [number, number][]): Row[] => [
  HEADER,
  ...list.map(([n, amount]) => [`P${base + n}`, nrc(n), `${month}-01`, '2030-12-31', amount, payee, 'Mary', `Banda${n}`]),
];

test('a lender sees the signals of its month, compliance opens them on /reviews, /history shows the record checks', async ({ page }) => {
  test.setTimeout(180_000);
  const lender = await prepareSubmitter(twin);
  const payee = lender.org.payeeKey;
  const reviewer = await createUser(twin, ['compliance']);

  // Last month, through the API: borrowers 1, 2 and 3.
  const token = (await signIn(twin, lender.email, lender.password)).idToken;
  const data = workbook(
    rows(M1, payee, [
      [1, 250],
      [2, 250],
      [3, 250],
    ]),
  );
  const previous = await api.upload(
    token,
    { doc_kind: 'inputs', month: M1, payee_key: payee, file_name: 'last.xlsx', size: data.length, content_type: XLSX_MIME },
    data,
  );
  expect((await api.submit(token, previous.id)).status).toBe(200);
  await api.waitForIngestion(token, previous.id);

  // This month, in the browser: 1 continues, 2 changes, 3 is missing, 4 is new, and a row without an NRC
  // names an employee the payroll register holds.
  Object.assign(process.env, twin.env);
  const { addToCurrentRegister, registerEntry } = await import('../support/register.js');
  const employee = registerEntry();
  await addToCurrentRegister([employee]);
  await signInAt(page, lender.email, lender.password, '/upload');
  const screen = uploadScreen(page);
  await screen.payeeKey().fill(payee);
  await screen.chooseFile(
    'this month.xlsx',
    workbook([
      ...rows(M, payee, [
        [1, 250],
        [2, 300],
        [4, 120],
      ]),
      [employee.employee_number, null, `${M}-01`, '2030-12-31', 80, payee, 'Chanda', 'Mulenga'],
    ]),
  );
  await screen.validate();
  const panel = page.getByRole('region', { name: 'Signals' });
  await expect(panel.getByTestId('signals-joined')).toHaveText(/^1 borrower without an NRC joined to the payroll record by employee number/);
  await expect(panel.getByText(employee.nrc)).toHaveCount(0);
  await expect(panel.getByTestId('signals-to-check')).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) await panel.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/signals-panel-joined.png` });
  await expect(panel.getByTestId('signal-count-NEW')).toHaveText('New deductions: 2');
  await expect(panel.getByTestId('signal-count-CHANGED')).toHaveText('Changed installments: 1');
  await expect(panel.getByTestId('signal-count-MISSING')).toHaveText('Missing without a stoppage: 1');
  await expect(panel.getByTestId('signal-count-CONTINUING')).toHaveText('Continuing: 1');
  await expect(panel.getByText(`New deduction: ${nrc(4)} had no deduction by ${payee} in ${M1}.`)).toBeVisible();
  await panel.getByRole('button', { name: /Missing without a stoppage/ }).click();
  await expect(panel.getByText(`Deduction for ${nrc(3)} (Mary Banda3) in ${M1} is missing in ${M} and has no stoppage.`)).toBeVisible();
  await screen.button('Submit').click();
  await screen.expectMessage(/Submissions updated/);
  await signOut(page);

  // Compliance: the counts on the row, the list in the drawer.
  await signInAt(page, reviewer.email, reviewer.password, '/reviews');
  await searchQueue(page, payee);
  const row = page.getByTestId('review-row').filter({ has: page.getByRole('button', { name: 'Open file this month.xlsx' }) });
  await expect(row).toHaveCount(1);
  await row.getByTestId('open-signals').click();
  const drawer = page.getByRole('dialog', { name: 'Signals' });
  await expect(drawer.getByText(`New deduction: ${nrc(4)} had no deduction by ${payee} in ${M1}.`)).toBeVisible();
  await drawer.getByRole('button', { name: /Changed installments/ }).click();
  await expect(drawer.getByText(`Installment changed from 250.00 to 300.00 since ${M1}.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // /history: the exposure on record this month.
  await page.goto('/history');
  await page.getByRole('textbox', { name: /NRC/ }).fill(nrc(2));
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(page.getByTestId('record-exposure')).toHaveText('Exposure this month: 1 lender deducts ZMW 300.00 a month.');
  await expect(page.getByTestId('record-identity-ok')).toBeVisible();
});

test('a platform admin changes the exposure limits on /admin, and a wrong value is refused in place', async ({ page }) => {
  const admin = twin.admin;
  await signInAt(page, admin.email, admin.password, '/admin');
  const card = page.getByRole('form', { name: 'Exposure limits' });
  const lenders = card.getByRole('textbox', { name: 'Lenders per borrower' });
  await expect(lenders).toHaveValue(/\d+/);
  await lenders.fill('0');
  await card.getByRole('button', { name: 'Save limits' }).click();
  await expect(card.getByText('The lender limit must be a whole number from 1 to 50.')).toBeVisible();
  await expect(card.getByTestId('settings-updated')).not.toContainText(/\d{2}:\d{2}/);
  await lenders.fill('4');
  await card.getByRole('textbox', { name: /monthly total/i }).fill('');
  await card.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(card.getByTestId('settings-updated')).toContainText(admin.email);
});
