import { expect, test } from '@playwright/test';
import { FRAUD_MESSAGES } from '#shared/api/fraud.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter } from '../fixtures/submissions/ui.js';
import { createUser, signIn } from '../support/cognito.js';
import { fileReportThroughUi, searchByPasting, uniqueNrc } from './fraud-support.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * The fraud report lifecycle in Chromium: an FI admin files a report, finds it Active, withdraws it with a
 * reason; the row then says Withdrawn with the reason, offers no Withdraw, and the registry check no
 * longer flags the NRC. An admin of another organisation is never offered Withdraw.
 */
const twin = twinInfo();
const api = submissionsApi(twin);

test('an organisation admin withdraws its report: it stays in search, withdrawn, and stops flagging', async ({ page }) => {
  test.setTimeout(120_000);
  const lender = await prepareSubmitter(twin);
  const other = await prepareSubmitter(twin);
  const checker = await createUser(twin, ['compliance']);
  const checkerToken = (await signIn(twin, checker.email, checker.password)).idToken;
  const flagged = async (nrc: string) => (await api.call(checkerToken, '/api/fraud-registry/check', { method: 'POST', body: { nrcs: [nrc] } })).body.flagged;
  const nrc = uniqueNrc();

  // Another organisation's admin sees the report but no Withdraw.
  await signInAt(page, lender.email, lender.password);
  await fileReportThroughUi(page, twin.url, { nrc, person: 'Chanda Mwape' });
  expect(await flagged(nrc)).toEqual([nrc]);
  await signOut(page);
  await signInAt(page, other.email, other.password);
  await searchByPasting(page, twin.url, nrc);
  const seenByOther = page.getByTestId('fraud-result').filter({ hasText: nrc });
  await expect(seenByOther).toHaveAttribute('data-status', 'active');
  await expect(seenByOther.getByRole('button', { name: `Withdraw the report on ${nrc}` })).toHaveCount(0);
  await signOut(page);

  // The filing organisation's admin withdraws it; a reason is required.
  await signInAt(page, lender.email, lender.password);
  await searchByPasting(page, twin.url, nrc);
  const row = page.getByTestId('fraud-result').filter({ hasText: nrc });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Withdraw the report on ${nrc}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw report' });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog.getByText(FRAUD_MESSAGES.withdrawReason)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Filed against the wrong NRC');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(FRAUD_MESSAGES.withdrawn)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'withdrawn');
  await expect(row.getByTestId('report-status')).toHaveText('Withdrawn');
  await expect(row).toContainText('Filed against the wrong NRC');
  await expect(row.getByRole('button', { name: `Withdraw the report on ${nrc}` })).toHaveCount(0);
  expect(await flagged(nrc)).toEqual([]);
});
