import { expect, test } from '@playwright/test';
import { currentMonth } from '../../shared/rules/dates.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { HEADER, workbook, type Row } from '../fixtures/submissions/workbooks.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { registerEntry, registerWorkbook } from '../support/register.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * The payroll register in Chromium: the payroll authority's PMEC admin uploads it on /upload (mobiles masked in the preview) and sees it
 * current; a lender's file with one NRC on it and one not shows NOT_ON_PAYROLL on the second.
 */
const twin = twinInfo();
const M = currentMonth();
const SHOTS = process.env.E2E_SHOTS_DIR;

test('PMEC uploads a register and sees it current; a lender sees NOT_ON_PAYROLL on the NRC the register lacks', async ({ page }) => {
  test.setTimeout(180_000);
  const onRegister = registerEntry({ first_name: 'Mary', last_name: 'Banda', mobile: '+260971234567' });
  const colleagues = [registerEntry({ first_name: 'John', last_name: 'Phiri' }), registerEntry({ first_name: 'Ruth', last_name: 'Mwale' })];
  const ghost = registerEntry();
  const pmec = await payrollAuthorityAdmin(twin);

  await signInAt(page, pmec.email, pmec.password, '/upload');
  const screen = uploadScreen(page);
  await screen.chooseType('Payroll register (.xlsx)');
  await expect(screen.payeeKey()).toBeHidden();
  await screen.chooseFile('PMEC register.xlsx', registerWorkbook([onRegister, ...colleagues]));
  await screen.validate();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('+260 97 ••• ••67')).toBeVisible();
  await expect(preview.getByText('097 123 4567')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-preview.png`, fullPage: true });
  await settled(page);
  await expectNoSeriousViolations(page, '/upload with a register validated');
  await screen.button('Submit').click();
  await screen.expectMessage(`The ${M} register of 3 employees is now the current payroll register.`);
  const current = page.getByRole('region', { name: 'Current payroll register' });
  await expect(current.getByTestId('register-employees')).toHaveText('3');
  await expect(current.getByTestId('register-uploaded-by')).toHaveText(pmec.email);
  await signOut(page);

  // A lender: the register's kind is not offered; one borrower on the register, one not.
  const lender = await prepareSubmitter(twin);
  await signInAt(page, lender.email, lender.password, '/upload');
  await page.getByRole('combobox', { name: 'File type' }).click();
  await expect(page.getByRole('option', { name: 'Payroll register (.xlsx)' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await screen.payeeKey().fill(lender.org.payeeKey);
  const rows: Row[] = [HEADER, ...[onRegister, ghost].map((e) => [e.employee_number, e.nrc, `${M}-01`, '2030-12-31', 150, lender.org.payeeKey, e.first_name, e.last_name])];
  await screen.chooseFile('inputs.xlsx', workbook(rows));
  await screen.validate();
  const panel = page.getByRole('region', { name: 'Signals' });
  await expect(panel.getByTestId('signal-count-NOT_ON_PAYROLL')).toHaveText('Not on the payroll register: 1');
  await panel.getByRole('button', { name: /Not on the payroll register/ }).click();
  await expect(panel.getByText(`${ghost.nrc} is not on the payroll register of ${M}: a ghost employee, or one who has left or retired.`)).toBeVisible();
  await expect(panel.getByText(`${onRegister.nrc} is not on the payroll register`)).toHaveCount(0);
  if (SHOTS) await panel.screenshot({ path: `${SHOTS}/register-signals.png` });
});

test('a platform admin sets the affordability share on /admin, a wrong value refused in place, and turns it off again', async ({ page }) => {
  const admin = twin.admin;
  await signInAt(page, admin.email, admin.password, '/admin');
  const card = page.getByRole('form', { name: 'Affordability' });
  const share = card.getByRole('textbox', { name: 'Share of basic pay (%)' });
  await share.fill('120');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(card.getByText('The share of basic pay must be a whole percentage from 1 to 100, or empty for no affordability check.')).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with an affordability share refused');
  await share.fill('40');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await expect(card.getByTestId('settings-updated')).toContainText(admin.email);
  // The message's close button is named like every icon-only button (the theme's Notification default).
  await expect(page.getByRole('button', { name: 'Close the message' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin with its Settings saved. message');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-affordability.png`, fullPage: true });
  await share.fill('');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(share).toHaveValue('');
});
