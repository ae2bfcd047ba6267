import { expect, test, type Page } from '@playwright/test';
import { DISPUTE_MESSAGES } from '#shared/api/disputes.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { disputesApi } from '../fixtures/disputes.js';
import { prepareSubmitter } from '../fixtures/submissions/ui.js';
import { TINY_PDF } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * Disputes in Chromium: compliance opens a dispute on a lender's deduction with a PDF, the lender's
 * admin answers it, compliance upholds it, and the lender's Borrower History marks the deduction.
 */
const twin = twinInfo();
const api = disputesApi(twin);

const disputeRow = (page: Page, nrc: string) => page.getByTestId('dispute-row').filter({ hasText: nrc });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Dispute' });

test('a dispute from opening to decision, and the upheld mark on history', async ({ page }) => {
  test.setTimeout(150_000);
  const lender = await prepareSubmitter(twin);
  const compliance = await createUser(twin, ['compliance']);
  const month = shiftMonth(currentMonth(), -1);
  const nrc = `${400_000 + Math.floor(Math.random() * 500_000)}/41/1`;
  await api.deduct((await signIn(twin, lender.email, lender.password)).idToken, lender.org, month, [nrc]);

  // Compliance opens it: the form refuses an empty reason, then opens the dispute with its evidence.
  await signInAt(page, compliance.email, compliance.password, '/disputes');
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  const form = page.getByRole('dialog', { name: 'Open a dispute' });
  await form.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  await form.getByRole('textbox', { name: 'Payee key' }).fill(lender.org.payeeKey);
  await form.getByLabel('Month').fill(month);
  await form.getByRole('button', { name: 'Open dispute' }).click();
  await expect(form.getByText(DISPUTE_MESSAGES.reason)).toBeVisible();
  await form.getByRole('textbox', { name: 'Reason' }).fill('The employee never applied for a loan with this lender.');
  await form.locator('input[type=file]').setInputFiles({ name: 'payslip.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await form.getByRole('button', { name: 'Open dispute' }).click();
  await expect(page.getByText(DISPUTE_MESSAGES.opened)).toBeVisible();
  await expect(drawer(page).getByTestId('dispute-status')).toHaveText('Open');
  await expect(drawer(page).getByRole('link', { name: 'payslip.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Close dispute' }).click();
  await expect(disputeRow(page, nrc).getByTestId('dispute-status')).toHaveText('Open');
  await signOut(page);

  // The lender's admin answers.
  await signInAt(page, lender.email, lender.password, '/disputes');
  await disputeRow(page, nrc)
    .getByRole('button', { name: `Respond to the dispute on ${nrc}` })
    .click();
  await drawer(page).getByRole('textbox', { name: 'Your response' }).fill('We hold no signed agreement for this borrower.');
  await drawer(page).getByRole('button', { name: 'Send response' }).click();
  await expect(page.getByText(DISPUTE_MESSAGES.answered)).toBeVisible();
  await expect(drawer(page).getByTestId('dispute-status')).toHaveText('Answered');
  await expect(drawer(page).getByRole('button', { name: 'Send response' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close dispute' }).click();
  await signOut(page);

  // Compliance upholds it, with a note.
  await signInAt(page, compliance.email, compliance.password, '/disputes?status=answered');
  await disputeRow(page, nrc)
    .getByRole('button', { name: `Decide the dispute on ${nrc}` })
    .click();
  await expect(drawer(page)).toContainText('We hold no signed agreement for this borrower.');
  await drawer(page).getByRole('textbox', { name: 'Note' }).fill('The lender holds no agreement.');
  await drawer(page).getByRole('button', { name: 'Uphold dispute' }).click();
  await expect(page.getByText(DISPUTE_MESSAGES.decided('upheld'))).toBeVisible();
  await expect(drawer(page).getByTestId('dispute-status')).toHaveText('Upheld');
  await expect(drawer(page)).toContainText('The lender holds no agreement.');
  await page.getByRole('button', { name: 'Close dispute' }).click();
  await expect(disputeRow(page, nrc)).toHaveCount(0);
  await signOut(page);

  // The lender sees the deduction marked on Borrower History.
  await signInAt(page, lender.email, lender.password, '/history');
  await page.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(page.getByTestId('history-row').first().getByTestId('history-disputed')).toHaveText('disputed — upheld');
});
