import { expect, test } from '@playwright/test';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { disputesApi } from '../fixtures/disputes.js';
import { prepareSubmitter } from '../fixtures/submissions/ui.js';
import { TINY_PDF } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { PDF_BYTES, fillReportForm, prepareReporter, uniqueNrc } from './fraud-support.js';
import { signInAt, twinInfo } from './support.js';

/**
 * A file's bytes, not its name or declared type, say what it is: a fraud report with a false PDF is
 * refused naming the file, and a dispute lists a false PDF as such, with no link to open it.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const FALSE_PDF = Buffer.from('<html><body><script>alert("not a pdf")</script></body></html>');

test('a fraud report whose attachment is not what its name says is refused, naming the file', async ({ page }) => {
  const lender = await prepareReporter(twin, ['fi_admin'], ['Natwest Zambia']);
  await signInAt(page, lender.email, lender.password);
  await fillReportForm(page, twin.url, {
    nrc: uniqueNrc(),
    files: [
      { name: 'payslip.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
      { name: 'statement.pdf', mimeType: 'application/pdf', buffer: FALSE_PDF },
    ],
  });
  await page.getByRole('button', { name: 'Submit report' }).click();
  await expect(page.getByText(FRAUD_MESSAGES.notWhatItClaims('statement.pdf', 'pdf'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Fraud report submitted.')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/fraud-report-false-attachment.png`, fullPage: true });
});

test('a dispute lists evidence that is not a PDF as such, with no link beside the real one', async ({ page }) => {
  test.setTimeout(120_000);
  const lender = await prepareSubmitter(twin);
  const compliance = await createUser(twin, ['compliance']);
  const month = shiftMonth(currentMonth(), -1);
  const nrc = `${400_000 + Math.floor(Math.random() * 500_000)}/42/1`;
  const api = disputesApi(twin);
  await api.deduct((await signIn(twin, lender.email, lender.password)).idToken, lender.org, month, [nrc]);

  await signInAt(page, compliance.email, compliance.password, '/disputes');
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  const form = page.getByRole('dialog', { name: 'Open a dispute' });
  await form.getByRole('textbox', { name: 'NRC' }).fill(nrc);
  await form.getByRole('textbox', { name: 'Payee key' }).fill(lender.org.payeeKey);
  await form.getByLabel('Month').fill(month);
  await form.getByRole('textbox', { name: 'Reason' }).fill('The employee never applied for a loan with this lender.');
  await form.locator('input[type=file]').setInputFiles([
    { name: 'payslip.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: FALSE_PDF },
  ]);
  await form.getByRole('button', { name: 'Open dispute' }).click();
  const drawer = page.getByRole('dialog', { name: 'Dispute' });
  await expect(drawer.getByRole('link', { name: 'payslip.pdf' })).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByText('scan.pdf: not a PDF, so it is not opened')).toBeVisible();
  await expect(drawer.getByRole('link', { name: /scan/ })).toHaveCount(0);
  if (SHOTS) await drawer.screenshot({ path: `${SHOTS}/dispute-false-evidence.png` });
});
